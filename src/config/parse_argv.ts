import { ConfigError } from "./config_error.ts";
import { SETTINGS } from "./settings_table.ts";

/**
 * Parses command-line flags into setting values by key (`--port 9000` → `{port: "9000"}`);
 * boolean flags become `"true"`. Unknown flags and missing values are {@link ConfigError}s.
 * Only the CLI entry uses it; edge and `deno serve` entries have no flags.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgv } from "./parse_argv.ts";
 * assert.deepEqual(parseArgv(["--port=9000", "--watch"]), { port: "9000", watch: "true" });
 * assert.throws(() => parseArgv(["--nope"]), /unknown flag/);
 * ```
 */
export function parseArgv(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") continue;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const setting = SETTINGS.find((s) => s.flags.includes(name));
    if (!setting) throw new ConfigError(name, "unknown flag (see --help)");
    if (setting.boolean) {
      out[setting.key] = "true";
      continue;
    }
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === "" || (eq === -1 && /^-[a-zA-Z-]/.test(value))) {
      throw new ConfigError(name, "needs a value");
    }
    out[setting.key] = value;
  }
  return out;
}
