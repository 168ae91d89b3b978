import { ConfigError } from "./config_error.ts";

/** Authentication settings (DESIGN §9). */
export type AuthConfig =
  | { type: "none" }
  | { type: "basic"; username: string; password: string }
  | { type: "apikey"; keys: string[] }
  | { type: "bearer"; keys: string[] };

/** Everything the entry points need, resolved once at start. */
export interface RuntimeConfig {
  /** `mcp-metadata.yaml`, when given. */
  config?: string;
  /** A single content folder (when no config file). */
  content?: string;
  /** A prebuilt manifest: a file path or an http(s) URL. */
  manifest?: string;
  transport: "http" | "stdio";
  host: string;
  port: number;
  /** Search overrides (absent values fall back to the config file, then the defaults). */
  search: { maxResults?: number; boosts: { keywords?: number; name?: number; content?: number } };
  auth: AuthConfig;
  /** Browser origins allowed; `undefined` means the default for the host. */
  allowedOrigins?: string[];
  maxBodyBytes: number;
  maxSseStreams: number;
  watch: boolean;
  help: boolean;
}

interface Setting {
  key: string;
  flags: string[];
  env: string[];
  default: string;
  help: string;
  boolean?: boolean;
}

/** Every setting: its flags, variables (first wins), default and meaning. `--help` prints it. */
export const SETTINGS: readonly Setting[] = [
  {
    key: "config",
    flags: ["--config", "-c"],
    env: ["ACDC_MCP_CONFIG"],
    default: "",
    help: "mcp-metadata.yaml with server identity and sources",
  },
  {
    key: "content",
    flags: ["--content"],
    env: ["SHELF_CONTENT"],
    default: "./content",
    help: "serve one folder as the source 'docs'",
  },
  {
    key: "manifest",
    flags: ["--manifest"],
    env: ["SHELF_MANIFEST"],
    default: "",
    help: "serve a prebuilt manifest (file or https URL) instead of building",
  },
  {
    key: "transport",
    flags: ["--transport", "-t"],
    env: ["ACDC_MCP_TRANSPORT"],
    default: "http",
    help: "http (also 'sse': Streamable HTTP and legacy SSE) or stdio",
  },
  {
    key: "host",
    flags: ["--host", "-H"],
    env: ["ACDC_MCP_HOST", "MCP_SERVER_HOST"],
    default: "127.0.0.1",
    help: "address to bind",
  },
  {
    key: "port",
    flags: ["--port", "-p"],
    env: ["ACDC_MCP_PORT", "MCP_SERVER_PORT"],
    default: "8080",
    help: "port (0 picks a free one)",
  },
  {
    key: "searchMaxResults",
    flags: ["--search-max-results", "-m"],
    env: ["ACDC_MCP_SEARCH_MAX_RESULTS"],
    default: "10",
    help: "results of the search tool",
  },
  {
    key: "keywordsBoost",
    flags: ["--search-keywords-boost"],
    env: ["ACDC_MCP_SEARCH_KEYWORDS_BOOST"],
    default: "3",
    help: "weight of keyword matches",
  },
  {
    key: "nameBoost",
    flags: ["--search-name-boost"],
    env: ["ACDC_MCP_SEARCH_NAME_BOOST"],
    default: "2",
    help: "weight of name/title matches",
  },
  {
    key: "contentBoost",
    flags: ["--search-content-boost"],
    env: ["ACDC_MCP_SEARCH_CONTENT_BOOST"],
    default: "1",
    help: "weight of content matches",
  },
  {
    key: "authType",
    flags: ["--auth-type", "-a"],
    env: ["ACDC_MCP_AUTH_TYPE"],
    default: "none",
    help: "none, basic, apikey or bearer",
  },
  {
    key: "basicUsername",
    flags: ["--auth-basic-username", "-u"],
    env: ["ACDC_MCP_AUTH_BASIC_USERNAME"],
    default: "",
    help: "user name for basic auth",
  },
  {
    key: "basicPassword",
    flags: ["--auth-basic-password", "-P"],
    env: ["ACDC_MCP_AUTH_BASIC_PASSWORD"],
    default: "",
    help: "password for basic auth",
  },
  {
    key: "apiKeys",
    flags: ["--auth-api-keys", "-k"],
    env: ["ACDC_MCP_AUTH_API_KEYS"],
    default: "",
    help: "comma-separated keys for apikey (X-API-Key) or bearer auth",
  },
  {
    key: "authRequired",
    flags: [],
    env: ["MCP_AUTH_REQUIRED"],
    default: "false",
    help: "TechDoc alias: true means bearer auth with MCP_API_KEY",
  },
  {
    key: "apiKey",
    flags: [],
    env: ["MCP_API_KEY"],
    default: "",
    help: "TechDoc alias: the bearer key",
  },
  {
    key: "allowedOrigins",
    flags: ["--allowed-origins"],
    env: ["MCP_ALLOWED_ORIGINS"],
    default: "",
    help:
      "comma-separated browser origins, or *; default: localhost origins when bound to loopback, else *",
  },
  {
    key: "maxBodyBytes",
    flags: ["--max-body-bytes"],
    env: ["SHELF_MAX_BODY_BYTES"],
    default: "1048576",
    help: "largest request body (413 beyond)",
  },
  {
    key: "maxSseStreams",
    flags: ["--max-sse-streams"],
    env: ["SHELF_MAX_SSE_STREAMS"],
    default: "1000",
    help: "open legacy SSE streams (503 beyond)",
  },
  {
    key: "watch",
    flags: ["--watch"],
    env: [],
    default: "false",
    help: "rebuild when content changes (deno task dev)",
    boolean: true,
  },
  {
    key: "help",
    flags: ["--help", "-h"],
    env: [],
    default: "false",
    help: "show this text",
    boolean: true,
  },
];

/** Where settings come from, lowest precedence last. */
export interface ConfigSources {
  args: readonly string[];
  env: (name: string) => string | undefined;
  /** Values from `.env` in the working directory. */
  dotenv?: Readonly<Record<string, string>>;
}

/**
 * Parses a `.env` file: `KEY=value` lines, `#` comments, optional `export ` and quotes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDotenv } from "./resolve_config.ts";
 * const env = parseDotenv('# c\nexport A=1\nB="two words"\nC=\'x\' # note\n');
 * assert.ok(env.A === "1" && env.B === "two words" && env.C === "x");
 * ```
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const q = value[0];
    if ((q === '"' || q === "'") && value.lastIndexOf(q) > 0) {
      value = value.slice(1, value.lastIndexOf(q));
      if (q === '"') value = value.replace(/\\n/g, "\n");
    } else value = value.replace(/\s+#.*$/, "");
    out[m[1]!] = value;
  }
  return out;
}

/**
 * Resolves the runtime configuration: CLI flag > environment variable > `.env` > default, with
 * the ACDC names (and TechDoc's as aliases). Bad values throw {@link ConfigError} naming the
 * flag or variable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveConfig } from "./resolve_config.ts";
 * const cfg = resolveConfig({
 *   args: ["--port", "9000"],
 *   env: (n) => ({ ACDC_MCP_PORT: "7000", ACDC_MCP_HOST: "0.0.0.0" } as Record<string, string>)[n],
 *   dotenv: { ACDC_MCP_HOST: "10.0.0.1", ACDC_MCP_SEARCH_MAX_RESULTS: "5" },
 * });
 * assert.ok(cfg.port === 9000 && cfg.host === "0.0.0.0" && cfg.search.maxResults === 5);
 * ```
 */
export function resolveConfig(sources: ConfigSources): RuntimeConfig {
  const flags = parseArgs(sources.args);
  const origin: Record<string, string> = {};
  const get = (key: string): string | undefined => {
    const setting = SETTINGS.find((s) => s.key === key)!;
    if (flags[key] !== undefined) {
      origin[key] = setting.flags[0]!;
      return flags[key];
    }
    for (const name of setting.env) {
      const v = sources.env(name);
      if (v !== undefined && v !== "") {
        origin[key] = name;
        return v;
      }
    }
    for (const name of setting.env) {
      const v = sources.dotenv?.[name];
      if (v !== undefined && v !== "") {
        origin[key] = `${name} (.env)`;
        return v;
      }
    }
    return undefined;
  };
  const where = (key: string) => origin[key] ?? SETTINGS.find((s) => s.key === key)!.flags[0]!;
  const num = (key: string, min: number, max: number, integer = true): number | undefined => {
    const v = get(key);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (
      v.trim() === "" || !Number.isFinite(n) || n < min || n > max ||
      (integer && !Number.isInteger(n))
    ) {
      throw new ConfigError(
        where(key),
        `must be ${integer ? "an integer" : "a number"} from ${min} to ${max}, got '${v}'`,
      );
    }
    return n;
  };
  const transportValue = get("transport") ?? "http";
  if (!["http", "sse", "stdio"].includes(transportValue)) {
    throw new ConfigError(
      where("transport"),
      `must be http, sse or stdio, got '${transportValue}'`,
    );
  }
  const config: RuntimeConfig = {
    transport: transportValue === "stdio" ? "stdio" : "http",
    host: get("host") ?? "127.0.0.1",
    port: num("port", 0, 65535) ?? 8080,
    search: { boosts: {} },
    auth: resolveAuth(get, where),
    maxBodyBytes: num("maxBodyBytes", 1024, 100 * 1024 * 1024) ?? 1024 * 1024,
    maxSseStreams: num("maxSseStreams", 1, 1_000_000) ?? 1000,
    watch: flags.watch === "true",
    help: flags.help === "true",
  };
  for (const key of ["config", "content", "manifest"] as const) {
    const v = get(key);
    if (v !== undefined) config[key] = v;
  }
  if (config.config !== undefined && flags.content !== undefined) {
    throw new ConfigError(
      "--content",
      "cannot be combined with --config (list sources in the file)",
    );
  }
  const max = num("searchMaxResults", 1, 100);
  if (max !== undefined) config.search.maxResults = max;
  for (
    const [key, field] of [["keywordsBoost", "keywords"], ["nameBoost", "name"], [
      "contentBoost",
      "content",
    ]] as const
  ) {
    const v = num(key, 0, 1000, false);
    if (v !== undefined) config.search.boosts[field] = v;
  }
  const origins = get("allowedOrigins");
  if (origins !== undefined) {
    config.allowedOrigins = origins.split(",").map((o) => o.trim()).filter(Boolean);
  }
  return config;
}

function resolveAuth(
  get: (key: string) => string | undefined,
  where: (key: string) => string,
): AuthConfig {
  let type = get("authType");
  const techdocRequired = /^(1|true|yes)$/i.test(get("authRequired") ?? "");
  if (type === undefined && techdocRequired) type = "bearer";
  type ??= "none";
  const keys = (name: string) => (get(name) ?? "").split(",").map((k) => k.trim()).filter(Boolean);
  switch (type) {
    case "none":
      return { type };
    case "basic": {
      const username = get("basicUsername");
      const password = get("basicPassword");
      if (!username || !password) {
        throw new ConfigError(
          where("authType"),
          "basic auth needs --auth-basic-username and --auth-basic-password",
        );
      }
      return { type, username, password };
    }
    case "apikey":
    case "bearer": {
      const all = [...keys("apiKeys"), ...keys("apiKey")];
      if (all.length === 0) {
        throw new ConfigError(
          where("authType"),
          `${type} auth needs keys (--auth-api-keys or MCP_API_KEY)`,
        );
      }
      return { type, keys: all };
    }
    default:
      throw new ConfigError(
        where("authType"),
        `must be none, basic, apikey or bearer, got '${type}'`,
      );
  }
}

function parseArgs(args: readonly string[]): Record<string, string> {
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

/** The `--help` text: every setting with its flags, variables and default. */
export function helpText(): string {
  const lines = [
    "Shelf — serve a markdown knowledge base to AI agents over MCP.",
    "",
    "Usage: deno task start [-- flags]   (deno task stdio for the stdio transport)",
    "",
    "Precedence: flag > environment variable > .env in the working directory > default.",
    "",
  ];
  for (const s of SETTINGS) {
    const names = [...s.flags, ...s.env].join(", ");
    const def = s.boolean ? "" : ` (default: ${s.default === "" ? "none" : s.default})`;
    lines.push(`  ${names}`, `      ${s.help}${def}`);
  }
  lines.push("", "The MCP endpoint is http://HOST:PORT/mcp; GET /health reports status.");
  return lines.join("\n");
}
