/**
 * The part of start-up both entry points share (`src/main.ts` for `deno run`/Deno Deploy and
 * the stdio transport, `src/serve.ts` for `deno serve`): read `.env`, get the manifest (built
 * from the content folders, read from a file, or fetched from a URL), and make the store cache
 * and the HTTP app. Runs once per process; nothing here runs per request.
 *
 * @module
 */
import { createLogSink, type LogSink } from "./transport/log_sink.ts";
import { createApp, type ShelfApp } from "./app.ts";
import { ConfigError } from "./config/config_error.ts";
import { parseDotenv } from "./config/parse_dotenv.ts";
import { unknownEnvWarnings } from "./config/unknown_env.ts";
import type { RuntimeConfig } from "./config/resolve_config.ts";
import { fetchManifest } from "./content/load_manifest.ts";
import type { Manifest } from "./content/manifest.ts";
import { type Prebuilt, readManifestFile } from "./read_manifest_file.ts";
import { createStoreCache, type StoreCache } from "./content/store_cache.ts";
import { createEngineCache, type EngineCache } from "./search/engine_cache.ts";
import { isViewHash } from "./content/scoped_store.ts";

/** Writes a start-up or status line to stderr. */
export const log = (message: string) => console.error(`[shelf] ${message}`);

/** Reads `.env` in the working directory (empty when there is none). */
export async function readDotenv(): Promise<Record<string, string>> {
  try {
    return parseDotenv(await Deno.readTextFile(".env"));
  } catch {
    return {};
  }
}

/**
 * The environment as the entry points read it. Where the platform picks the address (`deno
 * serve`, Deno Deploy), `publicHost` makes the host default `0.0.0.0` unless one is configured,
 * so the app does not take the deployment's own `Host` header for a foreign one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryEnv } from "./prepare.ts";
 * assert.equal(entryEnv({}, true)("ACDC_MCP_HOST"), "0.0.0.0");
 * assert.equal(entryEnv({ MCP_SERVER_HOST: "127.0.0.1" }, true)("ACDC_MCP_HOST"), undefined);
 * assert.equal(entryEnv({}, false)("ACDC_MCP_HOST"), Deno.env.get("ACDC_MCP_HOST"));
 * ```
 */
export function entryEnv(
  dotenv: Record<string, string>,
  publicHost: boolean,
): (name: string) => string | undefined {
  const configured = ["ACDC_MCP_HOST", "MCP_SERVER_HOST"].some((name) =>
    Deno.env.get(name) !== undefined || dotenv[name] !== undefined
  );
  return (name) =>
    Deno.env.get(name) ??
      (name === "ACDC_MCP_HOST" && publicHost && !configured ? "0.0.0.0" : undefined);
}

/** The start-up lines of an HTTP entry once it listens: what it serves and where. */
export function logListening(first: Manifest, config: RuntimeConfig, address: Deno.Addr): void {
  log(
    `${first.server.name} serving ${first.documents.length} documents` +
      (config.auth.type !== "none" ? ` (auth: ${config.auth.type})` : ""),
  );
  if (!("hostname" in address)) {
    const where = "path" in address ? address.path : address.transport;
    log(`MCP endpoint: /mcp on ${where} (legacy SSE: /sse)`);
    return;
  }
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  log(`MCP endpoint: http://${host}:${address.port}/mcp (legacy SSE: /sse)`);
}

/** Where `deno task build` writes by default; start-up serves it when it is fresh. */
const PREBUILT_DIR = "dist/_shelf";

/** A manifest source over a manifest (and index) read once from disk. */
function fromPrebuilt({ manifest, index }: Prebuilt) {
  return {
    load: () => manifest,
    first: manifest,
    ttlMs: manifest.settings?.cacheTtlMs,
    folders: [] as string[],
    ...(index ? { index } : {}),
  };
}

/**
 * The manifest source: `load` for the store cache, and folders to watch in dev mode. In order:
 * `--manifest` (a URL or a file); the build output in `dist/_shelf/` when it is fresh for the
 * resolved content configuration (not in `--watch` mode); else a build from the folders.
 */
export async function manifestSource(config: RuntimeConfig) {
  if (config.manifest !== undefined) {
    if (/^https?:\/\//.test(config.manifest)) {
      const load = fetchManifest(config.manifest);
      const first = await load();
      return { load, first, ttlMs: first.settings?.cacheTtlMs, folders: [] as string[] };
    }
    let prebuilt: Prebuilt;
    try {
      prebuilt = await readManifestFile(config.manifest);
    } catch (error) {
      throw new ConfigError(
        "--manifest",
        `cannot read ${config.manifest}: ${(error as Error).message}`,
      );
    }
    return fromPrebuilt(prebuilt);
  }
  // The build code loads only when this process builds: `--manifest` deployments never load it.
  const { loadContentConfig } = await import("./build/load_content_config.ts");
  const { buildFromFolders, formatReport } = await import("./build/build_from_folders.ts");
  const { freshPrebuilt } = await import("./build/read_prebuilt.ts");
  const content = await loadContentConfig({
    ...(config.config !== undefined ? { config: config.config } : {}),
    ...(config.content !== undefined ? { content: config.content } : {}),
    ...(config.lenient ? { lenient: true } : {}),
  });
  for (const warning of content.warnings) log(`config warning: ${warning}`);
  if (!config.watch) {
    const found = await freshPrebuilt(content, PREBUILT_DIR, Deno.cwd());
    if ("manifest" in found) {
      log(
        `serving the prebuilt ${PREBUILT_DIR}/manifest.json (built ${found.manifest.builtAt}); ` +
          "run deno task build after changing content",
      );
      return fromPrebuilt(found);
    }
    log(`building from the content folders (${found.reason})`);
  }
  const build = async () => {
    const { manifest, report } = await buildFromFolders(content);
    log(formatReport(report).replaceAll("\n", "\n[shelf] "));
    if (report.errors.length > 0) {
      log(`${report.errors.length} file(s) skipped because of errors (above)`);
    }
    return manifest;
  };
  let current = await build();
  return {
    load: () => current,
    first: current,
    ttlMs: config.watch ? 0 : content.settings.cacheTtlMs,
    folders: content.sources.map((s) => s.path),
    rebuild: async () => {
      current = await build();
      log(`rebuilt: ${current.documents.length} documents`);
    },
  };
}

/** What {@link prepare} returns. */
export interface Prepared {
  stores: StoreCache;
  engines: EngineCache;
  /** Registers a callback for each rebuild in dev mode (`--watch`). */
  onRebuilt(listener: () => void | Promise<void>): void;
  first: Manifest;
  app: ShelfApp;
}

/** How the entry runs, as only the entry knows it. */
export interface EntryKind {
  /**
   * Whether other isolates may hold this deployment's legacy SSE streams (Deno Deploy,
   * `deno serve --parallel`): posts for a session not held here are then relayed to them, and
   * wait for an answer. A single process (`deno run`) answers 404 at once instead.
   */
  relay: boolean;
}

/** Builds the manifest source, the store cache (watching in dev mode) and the HTTP app. */
export async function prepare(config: RuntimeConfig, entry: EntryKind): Promise<Prepared> {
  for (const warning of unknownEnvWarnings(Object.keys(Deno.env.toObject()))) log(warning);
  const source = await manifestSource(config);
  const stores = createStoreCache({
    load: source.load,
    ...(source.ttlMs !== undefined ? { ttlMs: source.ttlMs } : {}),
    onError: (error) => log(`manifest reload failed, serving the last good copy: ${error}`),
  });
  const listeners: (() => void | Promise<void>)[] = [];
  const rebuild = "rebuild" in source ? source.rebuild : undefined;
  if (config.watch && rebuild) {
    const { watchFolders } = await import("./build/watch_folders.ts");
    watchFolders(source.folders, async () => {
      await rebuild();
      // The store cache (TTL 0 in dev) picks the new manifest up on the next request.
      await stores.get();
      for (const listener of listeners) await listener();
    });
  }
  const prebuilt = "index" in source ? source.index : undefined;
  const engines = createEngineCache({
    // A scoped view's index is built on its first search here (the edge bundles them prebuilt).
    loadPrebuilt: (hash) => Promise.resolve(isViewHash(hash) ? undefined : prebuilt),
    onWarning: (message) => log(message),
  });
  const app = createApp({
    stores,
    engines,
    search: config.search,
    auth: config.auth,
    ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
    maxBodyBytes: config.maxBodyBytes,
    sse: {
      maxStreams: config.maxSseStreams,
      listChanged: config.watch,
      ...(entry.relay ? {} : { channel: null }),
    },
    log: requestLogSink(),
  });
  listeners.push(() => app.notifyChanged());
  return { stores, engines, first: source.first, app, onRebuilt: (l) => listeners.push(l) };
}

let stderrSink: LogSink | undefined;
/**
 * The process's request log: JSON lines on stderr, written off the request (one sink per
 * process, flushed at exit).
 */
function requestLogSink(): LogSink {
  if (!stderrSink) {
    const sink = createLogSink(Deno.stderr);
    globalThis.addEventListener("unload", () => sink.flushSync());
    stderrSink = sink;
  }
  return stderrSink;
}
