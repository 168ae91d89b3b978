import { SETTINGS } from "./settings_table.ts";
import { levenshtein } from "../tools/closest.ts";

/** Variables Shelf reads besides the settings table's (TechDoc's names). */
const OTHER_NAMES = ["MCP_AUTH_REQUIRED", "MCP_API_KEY", "SHELF_EVAL_CORPORA_REQUIRED"];

/**
 * Warnings for environment variables named like Shelf's (`SHELF_*`, `ACDC_MCP_*`) that Shelf
 * does not read — a typo means the setting meant is not in force — each with the closest known
 * name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unknownEnvWarnings } from "./unknown_env.ts";
 * assert.deepEqual(unknownEnvWarnings(["SHELF_MAX_BODY_BYTE", "ACDC_MCP_PORT", "PATH"]), [
 *   "environment variable SHELF_MAX_BODY_BYTE is not one of Shelf's; did you mean SHELF_MAX_BODY_BYTES?",
 * ]);
 * ```
 */
export function unknownEnvWarnings(names: Iterable<string>): string[] {
  const known = [...SETTINGS.flatMap((s) => s.env), ...OTHER_NAMES];
  const out: string[] = [];
  for (const name of names) {
    if (!/^(SHELF|ACDC_MCP)_/.test(name) || known.includes(name)) continue;
    let near: string | undefined;
    let best = Math.max(2, Math.floor(name.length / 4)) + 1;
    for (const k of known) {
      const d = levenshtein(name, k, best);
      if (d < best) [near, best] = [k, d];
    }
    out.push(
      `environment variable ${name} is not one of Shelf's` +
        (near ? `; did you mean ${near}?` : ""),
    );
  }
  return out;
}
