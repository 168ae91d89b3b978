/**
 * The part of start-up both entry points share (`src/main.ts` for `deno run`/Deno Deploy and
 * the stdio transport, `src/serve.ts` for `deno serve`): read `.env`, find the content (built
 * from the content folders, a manifest read from a file or fetched from a URL, or a sharded
 * build's root, whose shards are read on first need from disk or the site), and make the store
 * cache, the engine cache and the HTTP app. Runs once per process; nothing here runs per request.
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
import {
  createStoreCache,
  type StoreCache,
  type StoreCacheOptions,
} from "./content/store_cache.ts";
import {
  createEngineCache,
  type EngineCache,
  type EngineCacheOptions,
} from "./search/engine_cache.ts";
import { isViewHash } from "./content/scoped_store.ts";
import type { SearchIndexData } from "./search/search_index.ts";
import { diskShardSource } from "./shards/disk_shard_source.ts";
import {
  fetchPublishedRoot,
  namesPublishedRoot,
  PUBLISHED_ROOT_FILE,
  type PublishedRoot,
} from "./shards/published_root.ts";
import { rootLoaders, shardedCacheOptions } from "./shards/root_loaders.ts";
import { createShardReader } from "./shards/shard_reader.ts";
import type { ShardRoot } from "./shards/shard_root.ts";
import type { ShardSource } from "./shards/shard_source.ts";
import { urlShardSource } from "./shards/site_shard_source.ts";

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

/** What a server serves, as its start-up lines name it (known before any shard is read). */
export interface Served {
  name: string;
  documents: number;
}

/** The start-up lines of an HTTP entry once it listens: what it serves and where. */
export function logListening(served: Served, config: RuntimeConfig, address: Deno.Addr): void {
  log(
    `${served.name} serving ${served.documents} documents` +
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

/**
 * Where the content comes from: the store cache's and the engine cache's options, what is
 * served, and (building from folders) the folders to watch and how to rebuild.
 */
interface ContentSource {
  served: Served;
  store: Omit<StoreCacheOptions, "onError">;
  engine: Omit<EngineCacheOptions, "onWarning">;
  folders: string[];
  rebuild?: () => Promise<void>;
}

const servedOf = (manifest: Manifest): Served => ({
  name: manifest.server.name,
  documents: manifest.documents.length,
});

/** A source over a manifest (and index) held whole, loaded once. */
function fromManifest(manifest: Manifest, index?: SearchIndexData): ContentSource {
  const ttlMs = manifest.settings?.cacheTtlMs;
  return {
    served: servedOf(manifest),
    store: { load: () => manifest, ...(ttlMs !== undefined ? { ttlMs } : {}) },
    // A scoped view's index is built on its first search here (the edge bundles them prebuilt).
    engine: { loadPrebuilt: (hash) => Promise.resolve(isViewHash(hash) ? undefined : index) },
    folders: [],
  };
}

/**
 * A source over a sharded build's root, its shards read through `source` on first need — as the
 * edge function reads them (`shardedCacheOptions`). `readRoot` reads the root again after each
 * cache TTL (a site's, fetched); without it the root read at start is kept.
 */
function fromRoot(
  root: PublishedRoot,
  source: ShardSource,
  readRoot: () => Promise<ShardRoot> = () => Promise.resolve(root.shards),
): ContentSource {
  const { store, engine } = shardedCacheOptions(
    rootLoaders(readRoot, createShardReader(source)),
  );
  const ttlMs = root.cacheTtlMs;
  return {
    served: { name: root.server.name, documents: root.documents },
    store: { ...store, ...(ttlMs !== undefined ? { ttlMs } : {}) },
    engine,
    folders: [],
  };
}

/** A source over a build read from disk. */
const fromPrebuilt = (found: Prebuilt): ContentSource =>
  "root" in found
    ? fromRoot(found.root, diskShardSource(found.shards))
    : fromManifest(found.manifest, found.index);

/**
 * The content source. In order: `--manifest` (a URL or a file: a manifest, or a sharded build's
 * `shards.json`); the build output in `dist/_shelf/` when it is fresh for the resolved content
 * configuration (not in `--watch` mode); else a build from the folders.
 */
export async function manifestSource(config: RuntimeConfig): Promise<ContentSource> {
  if (config.manifest !== undefined) {
    const where = config.manifest;
    if (/^https?:\/\//.test(where)) {
      if (namesPublishedRoot(where)) {
        const fetchRoot = fetchPublishedRoot(where);
        const first = await fetchRoot();
        return fromRoot(
          first,
          urlShardSource(new URL("shards/", where)),
          async () => (await fetchRoot()).shards,
        );
      }
      const load = fetchManifest(where);
      const first = await load();
      const ttlMs = first.settings?.cacheTtlMs;
      return {
        ...fromManifest(first),
        store: { load, ...(ttlMs !== undefined ? { ttlMs } : {}) },
      };
    }
    let prebuilt: Prebuilt;
    try {
      prebuilt = await readManifestFile(where);
    } catch (error) {
      throw new ConfigError("--manifest", `cannot read ${where}: ${(error as Error).message}`);
    }
    return fromPrebuilt(prebuilt);
  }
  // The build code loads only when this process builds: `--manifest` deployments never load it.
  const { loadContentConfig } = await import("./build/load_content_config.ts");
  const { freshPrebuilt } = await import("./build/read_prebuilt.ts");
  const content = await loadContentConfig({
    ...(config.config !== undefined ? { config: config.config } : {}),
    ...(config.content !== undefined ? { content: config.content } : {}),
    ...(config.lenient ? { lenient: true } : {}),
  });
  for (const warning of content.warnings) log(`config warning: ${warning}`);
  if (!config.watch) {
    const found = await freshPrebuilt(content, PREBUILT_DIR, Deno.cwd());
    if (!("reason" in found)) {
      const [file, builtAt] = "root" in found
        ? [PUBLISHED_ROOT_FILE, found.root.builtAt]
        : ["manifest.json", found.manifest.builtAt];
      log(
        `serving the prebuilt ${PREBUILT_DIR}/${file} (built ${builtAt}); ` +
          "run deno task build after changing content",
      );
      return fromPrebuilt(found);
    }
    log(`building from the content folders (${found.reason})`);
  }
  // The build pipeline (dialects, HTML, YAML) loads only when this process builds: a start from a
  // fresh prebuilt build does not pay for it.
  const { buildFromFolders, formatReport } = await import("./build/build_from_folders.ts");
  const build = async () => {
    const { manifest, report } = await buildFromFolders(content);
    log(formatReport(report).replaceAll("\n", "\n[shelf] "));
    if (report.errors.length > 0) {
      log(`${report.errors.length} file(s) skipped because of errors (above)`);
    }
    return manifest;
  };
  let current = await build();
  const ttlMs = config.watch ? 0 : content.settings.cacheTtlMs;
  return {
    ...fromManifest(current),
    store: { load: () => current, ...(ttlMs !== undefined ? { ttlMs } : {}) },
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
  /** What it serves, for the start-up lines. */
  served: Served;
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
    ...source.store,
    onError: (error) => log(`manifest reload failed, serving the last good copy: ${error}`),
  });
  const listeners: (() => void | Promise<void>)[] = [];
  const { rebuild } = source;
  if (config.watch && rebuild) {
    const { watchFolders } = await import("./build/watch_folders.ts");
    watchFolders(source.folders, async () => {
      await rebuild();
      // The store cache (TTL 0 in dev) picks the new manifest up on the next request.
      await stores.get();
      for (const listener of listeners) await listener();
    });
  }
  const engines = createEngineCache({ ...source.engine, onWarning: (message) => log(message) });
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
  return { stores, engines, served: source.served, app, onRebuilt: (l) => listeners.push(l) };
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
