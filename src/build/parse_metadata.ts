import { RESPONSE_TOKENS_RANGE } from "../search/search_settings.ts";
import { isMap, LineCounter, parseDocument } from "yaml";
import { levenshtein } from "../tools/closest.ts";
import { ConfigError } from "../config/config_error.ts";
import type { ManifestSettings, ServerInfo } from "../content/manifest.ts";
import { SHELF_VERSION } from "../version.ts";
import { type Dialect, DIALECTS, URL_STYLES, type UrlStyle } from "./dialects/dialect.ts";

/** One content source as configured. `path` is already resolved against the config file. */
export interface SourceConfig {
  name: string;
  description: string;
  path: string;
  statuses?: string[];
  requireStatus?: boolean;
  /**
   * Keep an API generator's navigation pages (indexes, class-use and tree pages, source
   * listings, redirect stubs), which are left out by default (`api_page.ts`).
   */
  keepGenerated?: boolean;
  /** Globs (relative to the source root) a document must match; default: every document. */
  include?: string[];
  /** Globs of documents to leave out. */
  exclude?: string[];
  /** Larger files are skipped with a warning (default 10 MiB). */
  maxFileSize?: number;
  /** The docs framework's dialect (default: detected from its configuration file or files). */
  dialect?: Dialect;
  /** The OAuth scope a token needs to see this source. */
  scope?: string;
  /** The source folder's public URL (default: from the framework's configuration). */
  url?: string;
  /** How files map to page URLs (default: from the framework's configuration). */
  urlStyle?: UrlStyle;
}

/** Tool families Shelf knows. */
export const TOOL_PROFILES = [
  "articles",
  "acdc",
  "sections",
  "mcp-serve",
  "techdoc",
  "openai",
] as const;

/** The content side of the configuration: who the server is and what it serves. */
export interface ContentConfig {
  server: ServerInfo;
  sources: SourceConfig[];
  /** Runtime settings the build bakes into the manifest. */
  settings: ManifestSettings;
  /** Unknown keys and other non-fatal remarks. */
  warnings: string[];
}

/** Default identity when no config file names one. */
export const DEFAULT_SERVER: ServerInfo = {
  name: "shelf",
  version: SHELF_VERSION,
  instructions:
    "Shelf serves a knowledge base. Use list_articles to browse, search_articles to find " +
    "articles by topic, and get_article to read one in full.",
};

const SOURCE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;
const TOP_KEYS = new Set([
  "server",
  "content",
  "tools",
  "search",
  "cache",
  "site",
  "maxResponseTokens",
]);
const SERVER_KEYS = new Set(["name", "version", "instructions"]);
const SOURCE_KEYS = new Set([
  "name",
  "description",
  "path",
  "statuses",
  "requireStatus",
  "keepGenerated",
  "include",
  "exclude",
  "maxFileSize",
  "dialect",
  "url",
  "urlStyle",
  "scope",
]);

/**
 * Joins `path` onto `base` unless it is absolute, and normalizes `.` and `..` segments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePath } from "./parse_metadata.ts";
 * assert.ok(resolvePath("/srv/kb", "./docs/../guides") === "/srv/kb/guides");
 * assert.ok(resolvePath("/srv/kb", "/abs") === "/abs");
 * ```
 */
export function resolvePath(base: string, path: string): string {
  const p = path.replaceAll("\\", "/");
  const joined = p.startsWith("/") || /^[a-zA-Z]:\//.test(p) ? p : `${base}/${p}`;
  const out: string[] = [];
  for (const part of joined.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return (joined.startsWith("/") ? "/" : "") + out.join("/");
}

/**
 * Parses and validates an `mcp-metadata.yaml` (ACDC format): `server {name, version,
 * instructions}`, `content [{name, description, path}]` and `tools [{name, description}]`,
 * plus Shelf's keys: per-source `statuses`, `requireStatus`, `include`, `exclude`,
 * `maxFileSize`; `tools {profiles, overrides}`; `search {maxResults, boosts}`;
 * `cache {ttlSeconds}`. Paths resolve against `baseDir` (the config file's folder).
 * Problems throw {@link ConfigError} naming the key; unknown keys become warnings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMetadata } from "./parse_metadata.ts";
 * const cfg = parseMetadata("server:\n  name: kb\ncontent:\n  - name: docs\n    path: ./docs\n", "/srv");
 * assert.ok(cfg.server.name === "kb" && cfg.sources[0]?.path === "/srv/docs");
 * ```
 */
export function parseMetadata(
  yamlText: string,
  baseDir: string,
  options: { file?: string; lenient?: boolean } = {},
): ContentConfig {
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter });
  const error = document.errors[0];
  if (error) throw new ConfigError("config", `invalid YAML: ${error.message.split("\n")[0]}`);
  let doc: unknown;
  try {
    doc = document.toJS();
  } catch (error) {
    throw new ConfigError("config", `invalid YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new ConfigError("config", "must be a YAML mapping with server and content");
  }
  const root = doc as Record<string, unknown>;
  // Unknown keys, with their line, collected as they are met; refused together at the end.
  const found: { line: number; text: string }[] = [];
  const file = options.file ?? "config";
  const unknownKeys = (
    obj: Record<string, unknown>,
    known: Set<string>,
    path: (string | number)[],
  ): string[] => {
    for (const k of Object.keys(obj)) {
      if (known.has(k)) continue;
      const line = keyLine(document, lineCounter, path, k);
      const where = `${file}:${line}`;
      const near = nearName(k, known);
      const dotted = [...path, k].map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("")
        .slice(1).replaceAll(".[", "[");
      found.push({
        line,
        text: `unknown key '${dotted}' at ${where}` + (near ? `; did you mean '${near}'?` : ""),
      });
    }
    return [];
  };
  const warnings = unknownKeys(root, TOP_KEYS, []);
  const server = parseServer(root.server, (o, k) => unknownKeys(o, k, ["server"]));
  const content = root.content;
  if (!Array.isArray(content) || content.length === 0) {
    throw new ConfigError("content", "must be a non-empty list of {name, description, path}");
  }
  const names = new Set<string>();
  const sources = content.map((entry, i) => {
    const key = `content[${i}]`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      throw new ConfigError(key, "must be a mapping with name, description and path");
    }
    const e = entry as Record<string, unknown>;
    unknownKeys(e, SOURCE_KEYS, ["content", i]);
    const name = requireString(e.name, `${key}.name`);
    if (!SOURCE_NAME.test(name)) {
      throw new ConfigError(
        `${key}.name`,
        `'${name}' is not URI-safe: use letters, digits, '.', '_' and '-'`,
      );
    }
    if (names.has(name)) throw new ConfigError(`${key}.name`, `duplicate source name '${name}'`);
    names.add(name);
    const path = requireString(e.path, `${key}.path`);
    const source: SourceConfig = {
      name,
      description: optionalString(e.description, `${key}.description`) ?? "",
      path: resolvePath(baseDir, path),
    };
    if (e.statuses !== undefined) {
      if (!Array.isArray(e.statuses) || !e.statuses.every((s) => typeof s === "string")) {
        throw new ConfigError(`${key}.statuses`, "must be a list of status names");
      }
      source.statuses = e.statuses as string[];
    }
    if (e.keepGenerated !== undefined) {
      if (typeof e.keepGenerated !== "boolean") {
        throw new ConfigError(`${key}.keepGenerated`, "must be true or false");
      }
      source.keepGenerated = e.keepGenerated;
    }
    if (e.requireStatus !== undefined) {
      if (typeof e.requireStatus !== "boolean") {
        throw new ConfigError(`${key}.requireStatus`, "must be true or false");
      }
      source.requireStatus = e.requireStatus;
    }
    for (const globKey of ["include", "exclude"] as const) {
      const value = e[globKey];
      if (value === undefined) continue;
      const list = typeof value === "string" ? [value] : value;
      if (!Array.isArray(list) || !list.every((g) => typeof g === "string" && g !== "")) {
        throw new ConfigError(`${key}.${globKey}`, "must be a glob or a list of globs");
      }
      source[globKey] = list as string[];
    }
    if (e.maxFileSize !== undefined) {
      source.maxFileSize = positiveNumber(e.maxFileSize, `${key}.maxFileSize`, true);
    }
    if (e.dialect !== undefined) source.dialect = oneOf(e.dialect, DIALECTS, `${key}.dialect`);
    if (e.scope !== undefined) {
      const scope = requireString(e.scope, `${key}.scope`);
      if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) {
        throw new ConfigError(
          `${key}.scope`,
          "must be one OAuth scope token (no spaces or quotes)",
        );
      }
      source.scope = scope;
    }
    if (e.url !== undefined) source.url = siteUrl(e.url, `${key}.url`);
    if (e.urlStyle !== undefined) {
      source.urlStyle = oneOf(e.urlStyle, URL_STYLES, `${key}.urlStyle`);
    }
    return source;
  });
  const settings: ManifestSettings = {};
  parseTools(root.tools, settings, (o, k) => unknownKeys(o, k, ["tools"]));
  parseSearch(root.search, settings, (o, k, p) => unknownKeys(o, k, ["search", ...p]));
  if (root.maxResponseTokens !== undefined) {
    settings.maxResponseTokens = responseTokens(root.maxResponseTokens, "maxResponseTokens");
  }
  if (root.site !== undefined) {
    const site = mapping(root.site, "site");
    unknownKeys(site, new Set(["url"]), ["site"]);
    if (site.url !== undefined) settings.siteUrl = siteUrl(site.url, "site.url");
  }
  if (root.cache !== undefined) {
    const cache = mapping(root.cache, "cache");
    unknownKeys(cache, new Set(["ttlSeconds"]), ["cache"]);
    if (cache.ttlSeconds !== undefined) {
      const seconds = positiveNumber(cache.ttlSeconds, "cache.ttlSeconds");
      if (seconds > MAX_TTL_SECONDS) {
        throw new ConfigError("cache.ttlSeconds", `must be at most ${MAX_TTL_SECONDS} (a day)`);
      }
      settings.cacheTtlMs = Math.round(seconds * 1000);
    }
  }
  // In the order of the file's lines.
  const unknown = found.sort((a, b) => a.line - b.line).map((u) => u.text);
  if (unknown.length > 0 && !options.lenient) {
    throw new ConfigError(
      file,
      unknown.join("; ") + " (fix it, or start with --lenient to warn and go on)",
    );
  }
  warnings.push(...unknown.map((u) => `${u}; ignored`));
  return { server, sources, settings, warnings };
}

/** The 1-based line of key `key` in the mapping at `path` (1 when it cannot be told). */
function keyLine(
  document: ReturnType<typeof parseDocument>,
  lines: LineCounter,
  path: (string | number)[],
  key: string,
): number {
  const node = path.length === 0 ? document.contents : document.getIn(path, true);
  if (!isMap(node)) return 1;
  for (const pair of node.items) {
    const k = pair.key as { value?: unknown; range?: [number, number, number] } | null;
    if (k?.value === key && k.range) return lines.linePos(k.range[0]).line;
  }
  return 1;
}

/**
 * The known name closest to `name` within a few edits (a third of its length, at least two),
 * for "did you mean".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearName } from "./parse_metadata.ts";
 * assert.equal(nearName("serach", ["search", "server", "site"]), "search");
 * assert.equal(nearName("pth", ["path", "name"]), "path");
 * assert.equal(nearName("zzzzzz", ["search"]), undefined);
 * ```
 */
export function nearName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const d = levenshtein(name.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

type UnknownKeys = (obj: Record<string, unknown>, known: Set<string>, path: string[]) => void;

function parseTools(
  value: unknown,
  settings: ManifestSettings,
  unknownKeys: (obj: Record<string, unknown>, known: Set<string>) => void,
): void {
  if (value === undefined || value === null) return;
  let overrides: unknown = value;
  if (!Array.isArray(value)) {
    const tools = mapping(value, "tools");
    unknownKeys(tools, new Set(["profiles", "overrides"]));
    if (tools.profiles !== undefined) {
      const profiles = tools.profiles;
      if (!Array.isArray(profiles) || profiles.length === 0) {
        throw new ConfigError(
          "tools.profiles",
          `must be a non-empty list of ${TOOL_PROFILES.join(", ")}`,
        );
      }
      profiles.forEach((p, i) => {
        if (!(TOOL_PROFILES as readonly unknown[]).includes(p)) {
          throw new ConfigError(
            `tools.profiles[${i}]`,
            `unknown profile '${p}' (use ${TOOL_PROFILES.join(", ")})`,
          );
        }
      });
      settings.profiles = profiles as string[];
    }
    overrides = tools.overrides ?? [];
  }
  if (!Array.isArray(overrides)) {
    throw new ConfigError("tools.overrides", "must be a list of {name, description}");
  }
  const descriptions: Record<string, string> = {};
  overrides.forEach((o, i) => {
    const key = Array.isArray(value) ? `tools[${i}]` : `tools.overrides[${i}]`;
    const entry = mapping(o, key);
    const name = requireString(entry.name, `${key}.name`);
    const description = requireString(entry.description, `${key}.description`);
    descriptions[name] = description;
  });
  if (Object.keys(descriptions).length > 0) settings.toolDescriptions = descriptions;
}

function parseSearch(value: unknown, settings: ManifestSettings, unknownKeys: UnknownKeys): void {
  if (value === undefined || value === null) return;
  const search = mapping(value, "search");
  unknownKeys(search, new Set(["maxResults", "boosts"]), []);
  const out: NonNullable<ManifestSettings["search"]> = {};
  if (search.maxResults !== undefined) {
    const n = search.maxResults;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 100) {
      throw new ConfigError("search.maxResults", "must be an integer from 1 to 100");
    }
    out.maxResults = n;
  }
  if (search.boosts !== undefined) {
    const boosts = mapping(search.boosts, "search.boosts");
    unknownKeys(boosts, new Set(["keywords", "name", "content"]), ["boosts"]);
    out.boosts = {};
    for (const k of ["keywords", "name", "content"] as const) {
      if (boosts[k] !== undefined) out.boosts[k] = positiveNumber(boosts[k], `search.boosts.${k}`);
    }
  }
  settings.search = out;
}

/** A value that must be one of `allowed`; otherwise a {@link ConfigError} with the closest. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], key: string): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) {
    return value as T;
  }
  const near = typeof value === "string" ? nearName(value, allowed) : undefined;
  throw new ConfigError(
    key,
    `unknown value ${JSON.stringify(value)}` + (near ? `; did you mean '${near}'?` : "") +
      ` (one of ${allowed.join(", ")})`,
  );
}

function mapping(value: unknown, key: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(key, "must be a mapping");
  }
  return value as Record<string, unknown>;
}

/**
 * An answer budget in tokens: an integer from 1,000 to 100,000.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { responseTokens } from "./parse_metadata.ts";
 * assert.equal(responseTokens(8000, "maxResponseTokens"), 8000);
 * assert.throws(() => responseTokens(10, "maxResponseTokens"), /1000 to 100000/);
 * ```
 */
export function responseTokens(value: unknown, key: string): number {
  const [min, max] = RESPONSE_TOKENS_RANGE;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(key, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * A site's public URL as the base of its links: http(s), no query or fragment, no trailing `/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteUrl } from "./parse_metadata.ts";
 * assert.equal(siteUrl("https://kb.example/docs/", "site.url"), "https://kb.example/docs");
 * assert.throws(() => siteUrl("ftp://x", "site.url"), /must be an http/);
 * ```
 */
export function siteUrl(value: unknown, key: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new ConfigError(key, "must be an http(s) URL without query or fragment");
  }
  return url.href.replace(/\/+$/, "");
}

/** Longest manifest cache TTL: past a day, content changes would go unseen for too long. */
const MAX_TTL_SECONDS = 86_400;

function positiveNumber(value: unknown, key: string, integer = false): number {
  if (
    typeof value !== "number" || !Number.isFinite(value) || value < 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ConfigError(key, `must be a ${integer ? "whole " : ""}number of 0 or more`);
  }
  return value;
}

function parseServer(
  value: unknown,
  unknownKeys: (obj: Record<string, unknown>, known: Set<string>) => void,
): ServerInfo {
  if (value === undefined || value === null) return { ...DEFAULT_SERVER };
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError("server", "must be a mapping with name, version and instructions");
  }
  const s = value as Record<string, unknown>;
  unknownKeys(s, SERVER_KEYS);
  const server: ServerInfo = {
    name: optionalString(s.name, "server.name") ?? DEFAULT_SERVER.name,
    version: optionalString(s.version, "server.version") ?? DEFAULT_SERVER.version,
  };
  const instructions = optionalString(s.instructions, "server.instructions");
  if (instructions !== undefined) server.instructions = instructions.trim();
  return server;
}

function requireString(value: unknown, key: string): string {
  const s = optionalString(value, key);
  if (s === undefined || s.trim() === "") throw new ConfigError(key, "is required");
  return s.trim();
}

function optionalString(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") throw new ConfigError(key, "must be a string");
  return value;
}
