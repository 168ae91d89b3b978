import { RESPONSE_TOKENS_RANGE } from "../search/search_settings.ts";
import type { AuthConfig } from "../transport/guards.ts";
import { ConfigError } from "./config_error.ts";
import { resolveAuth } from "./resolve_auth.ts";
import { SETTINGS } from "./settings_table.ts";

export type { AuthConfig };

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
  search: {
    maxResults?: number;
    boosts: { keywords?: number; name?: number; content?: number };
    maxResponseTokens?: number;
  };
  auth: AuthConfig;
  /** Browser origins allowed; `undefined` means the default for the host. */
  allowedOrigins?: string[];
  maxBodyBytes: number;
  maxSseStreams: number;
  watch: boolean;
  /** Unknown configuration keys are warnings, not errors. */
  lenient: boolean;
  help: boolean;
}

/** Where settings come from, lowest precedence last. */
export interface ConfigSources {
  /** Parsed command-line flags by setting key (`parseArgv`); none outside the CLI. */
  flags?: Readonly<Record<string, string>>;
  env: (name: string) => string | undefined;
  /** Values from `.env` in the working directory. */
  dotenv?: Readonly<Record<string, string>>;
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
 *   flags: { port: "9000" },
 *   env: (n) => ({ ACDC_MCP_PORT: "7000", ACDC_MCP_HOST: "0.0.0.0" } as Record<string, string>)[n],
 *   dotenv: { ACDC_MCP_HOST: "10.0.0.1", ACDC_MCP_SEARCH_MAX_RESULTS: "5" },
 * });
 * assert.ok(cfg.port === 9000 && cfg.host === "0.0.0.0" && cfg.search.maxResults === 5);
 * ```
 */
export function resolveConfig(sources: ConfigSources): RuntimeConfig {
  const flags = sources.flags ?? {};
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
    lenient: ["true", "1"].includes(get("lenient") ?? "false"),
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
  const tokens = num("maxResponseTokens", ...RESPONSE_TOKENS_RANGE);
  if (tokens !== undefined) config.search.maxResponseTokens = tokens;
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
