import { ConfigError } from "./config_error.ts";

/** Command-line settings of `src/main.ts`; absent ones fall back to defaults. */
export interface Flags {
  port?: number;
  host?: string;
  content?: string;
  config?: string;
  help?: boolean;
  /** Rebuild the manifest whenever a content file changes (`deno task dev`). */
  watch?: boolean;
}

const ALIASES: Readonly<Record<string, keyof Flags>> = {
  "--port": "port",
  "-p": "port",
  "--host": "host",
  "-H": "host",
  "--content": "content",
  "--config": "config",
  "-c": "config",
  "--help": "help",
  "-h": "help",
  "--watch": "watch",
};

/**
 * Parses `--name value`, `--name=value` and short flags. Unknown flags, missing values and bad
 * ports throw {@link ConfigError} naming the flag.
 *
 * @example
 * ```ts
 * import { parseFlags } from "./parse_flags.ts";
 * const f = parseFlags(["--port=9000", "-H", "0.0.0.0", "--content", "docs"]);
 * console.assert(f.port === 9000 && f.host === "0.0.0.0" && f.content === "docs");
 * try { parseFlags(["--prot", "1"]); } catch (e) { console.assert((e as Error).message.startsWith("--prot")); }
 * ```
 */
export function parseFlags(args: readonly string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") continue;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const key = ALIASES[name];
    if (!key) throw new ConfigError(name, "unknown flag (see --help)");
    if (key === "help" || key === "watch") {
      flags[key] = true;
      continue;
    }
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === "" || (eq === -1 && value.startsWith("-"))) {
      throw new ConfigError(name, "needs a value");
    }
    if (key === "port") flags.port = parsePort(value, name);
    else flags[key] = value;
  }
  if (flags.config !== undefined && flags.content !== undefined) {
    throw new ConfigError(
      "--content",
      "cannot be combined with --config (list sources in the file)",
    );
  }
  return flags;
}

/**
 * Reads a TCP port number (0–65535; 0 picks a free port).
 *
 * @example
 * ```ts
 * import { parsePort } from "./parse_flags.ts";
 * console.assert(parsePort("8080", "--port") === 8080);
 * ```
 */
export function parsePort(value: string, key: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) {
    throw new ConfigError(key, `must be a port number from 0 to 65535, got '${value}'`);
  }
  return n;
}

/** The `--help` text. */
export const HELP = `Shelf — serve a markdown knowledge base to AI agents over MCP.

Usage: deno task start [-- flags]

  -p, --port N         port to listen on (default 8080; 0 picks a free one)
  -H, --host ADDR      address to bind (default 127.0.0.1)
      --content DIR    serve one folder as the source "docs" (default ./content)
  -c, --config FILE    mcp-metadata.yaml with server and content sources
      --watch          rebuild when content changes (deno task dev)
  -h, --help           show this text

The MCP endpoint is http://HOST:PORT/mcp; GET /health reports status.`;
