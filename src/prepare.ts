/**
 * The part of start-up both entry points share (`src/main.ts` for `deno run`/Deno Deploy and
 * the stdio transport, `src/serve.ts` for `deno serve`): read `.env`, get the manifest (built
 * from the content folders, read from a file, or fetched from a URL), and make the store cache
 * and the HTTP app. Runs once per process; nothing here runs per request.
 *
 * @module
 */
import { createApp, type ShelfApp } from "./app.ts";
import { ConfigError } from "./config/config_error.ts";
import { loadContentConfig } from "./config/load_content_config.ts";
import { parseDotenv, type RuntimeConfig } from "./config/resolve_config.ts";
import { buildFromFolders, formatReport } from "./content/build_from_folders.ts";
import { fetchManifest } from "./content/load_manifest.ts";
import { assertManifest, type Manifest } from "./content/manifest.ts";
import { createStoreCache, type StoreCache } from "./content/store_cache.ts";
import { watchFolders } from "./content/watch_folders.ts";
import { isLoopback, LOOPBACK_ORIGINS } from "./transport/guards.ts";
import { createEngineCache, type EngineCache } from "./search/engine_cache.ts";
import type { SearchIndexData } from "./search/search_index.ts";

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

/** The manifest source: `load` for the store cache, and folders to watch in dev mode. */
export async function manifestSource(config: RuntimeConfig) {
  if (config.manifest !== undefined) {
    if (/^https?:\/\//.test(config.manifest)) {
      const load = fetchManifest(config.manifest);
      const first = await load();
      return { load, first, ttlMs: first.settings?.cacheTtlMs, folders: [] as string[] };
    }
    let manifest: unknown;
    try {
      manifest = JSON.parse(await Deno.readTextFile(config.manifest));
    } catch (error) {
      throw new ConfigError(
        "--manifest",
        `cannot read ${config.manifest}: ${(error as Error).message}`,
      );
    }
    assertManifest(manifest);
    const m: Manifest = manifest;
    // The build writes the search index beside the manifest; use it when it is there.
    const indexFile = config.manifest.replace(/[^/]*$/, "index.json");
    let index: SearchIndexData | undefined;
    try {
      index = JSON.parse(await Deno.readTextFile(indexFile));
    } catch {
      index = undefined;
    }
    return {
      load: () => m,
      first: m,
      ttlMs: m.settings?.cacheTtlMs,
      folders: [] as string[],
      index,
    };
  }
  const content = await loadContentConfig({
    ...(config.config !== undefined ? { config: config.config } : {}),
    ...(config.content !== undefined ? { content: config.content } : {}),
  });
  for (const warning of content.warnings) log(`config warning: ${warning}`);
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

/** Builds the manifest source, the store cache (watching in dev mode) and the HTTP app. */
export async function prepare(config: RuntimeConfig): Promise<Prepared> {
  const source = await manifestSource(config);
  const stores = createStoreCache({
    load: source.load,
    ...(source.ttlMs !== undefined ? { ttlMs: source.ttlMs } : {}),
    onError: (error) => log(`manifest reload failed, serving the last good copy: ${error}`),
  });
  const listeners: (() => void | Promise<void>)[] = [];
  const rebuild = "rebuild" in source ? source.rebuild : undefined;
  if (config.watch && rebuild) {
    watchFolders(source.folders, async () => {
      await rebuild();
      // The store cache (TTL 0 in dev) picks the new manifest up on the next request.
      await stores.get();
      for (const listener of listeners) await listener();
    });
  }
  const loopback = isLoopback(config.host);
  const ttlMs = source.first.settings?.cacheTtlMs;
  const prebuilt = "index" in source ? source.index : undefined;
  const engines = createEngineCache({
    loadPrebuilt: () => Promise.resolve(prebuilt),
    onWarning: (message) => log(message),
  });
  const app = createApp({
    stores,
    engines,
    search: config.search,
    auth: config.auth,
    allowedOrigins: config.allowedOrigins ?? (loopback ? LOOPBACK_ORIGINS : ["*"]),
    loopbackOnly: loopback,
    maxBodyBytes: config.maxBodyBytes,
    sse: { maxStreams: config.maxSseStreams, listChanged: config.watch },
    ...(ttlMs !== undefined ? { ttlMs } : {}),
    log: (entry) => console.error(JSON.stringify(entry)),
  });
  listeners.push(() => app.notifyChanged());
  return { stores, engines, first: source.first, app, onRebuilt: (l) => listeners.push(l) };
}
