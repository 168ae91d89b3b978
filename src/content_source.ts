/**
 * Where a server's content comes from, decided once at start (`prepare.ts`): a manifest fetched
 * from a URL or read from a file, a sharded build's root (`shards.json`: its shards read on first
 * need, from disk or beside the URL, through the edge function's loaders), the fresh prebuilt
 * build in `dist/_shelf/` (or a private sharded build's, in the Blobs upload folder), or a build
 * from the content folders. Each gives the store cache's and
 * the engine cache's options.
 *
 * @module
 */
import { ConfigError } from "./config/config_error.ts";
import type { RuntimeConfig } from "./config/resolve_config.ts";
import { fetchManifest } from "./content/load_manifest.ts";
import type { Manifest } from "./content/manifest.ts";
import { isViewHash } from "./content/scoped_store.ts";
import type { StoreCacheOptions } from "./content/store_cache.ts";
import { type Prebuilt, readManifestFile } from "./read_manifest_file.ts";
import type { EngineCacheOptions } from "./search/engine_cache.ts";
import type { SearchIndexData } from "./search/search_index.ts";
import { BLOBS_UPLOAD_DIR } from "./shards/blobs_shard_source.ts";
import { diskShardSource } from "./shards/disk_shard_source.ts";
import {
  fetchPublishedRoot,
  namesPublishedRoot,
  type PublishedRoot,
} from "./shards/published_root.ts";
import { rootLoaders, shardedCacheOptions } from "./shards/root_loaders.ts";
import { createShardReader } from "./shards/shard_reader.ts";
import type { ShardRoot } from "./shards/shard_root.ts";
import type { ShardSource } from "./shards/shard_source.ts";
import { urlShardSource } from "./shards/site_shard_source.ts";

/** Writes a start-up or status line to stderr. */
export const log = (message: string) => console.error(`[shelf] ${message}`);

/** What a server serves, as its start-up lines name it (known before any shard is read). */
export interface Served {
  name: string;
  documents: number;
}

/** Where `deno task build` writes by default; start-up serves it when it is fresh. */
const PREBUILT_DIR = "dist/_shelf";

/**
 * Where the content comes from: the store cache's and the engine cache's options, what is
 * served, and (building from folders) the folders to watch and how to rebuild.
 */
export interface ContentSource {
  served: Served;
  store: Omit<StoreCacheOptions, "onError">;
  engine: Omit<EngineCacheOptions, "onWarning">;
  folders: string[];
  rebuild?: () => Promise<void>;
  /**
   * A prebuilt build served before it was checked against the content folders: checks them
   * (started once the server is up) and, when a file is newer than the build, builds from the
   * folders; resolves `true` once the store's `load` gives that build (the store is then to be
   * reloaded), `false` when the prebuilt build is fresh.
   */
  verify?: () => Promise<boolean>;
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
    // With the head, `initialize` is answered before the edge manifest is read.
    store: {
      ...store,
      ...(ttlMs !== undefined ? { ttlMs } : {}),
      ...(root.head ? { head: root.head } : {}),
    },
    engine,
    folders: [],
  };
}

/** A source over a build read from disk. */
const fromPrebuilt = (found: Prebuilt): ContentSource =>
  "root" in found
    ? fromRoot(found.root, diskShardSource(found.shards, found.layout))
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
  const { prebuiltCandidate, staleReason } = await import("./build/read_prebuilt.ts");
  const content = await loadContentConfig({
    ...(config.config !== undefined ? { config: config.config } : {}),
    ...(config.content !== undefined ? { content: config.content } : {}),
    ...(config.lenient ? { lenient: true } : {}),
  });
  for (const warning of content.warnings) log(`config warning: ${warning}`);
  // The build pipeline (dialects, HTML, YAML) loads only when this process builds: a start from a
  // fresh prebuilt build does not pay for it.
  const build = async () => {
    const { buildFromFolders, formatReport } = await import("./build/build_from_folders.ts");
    const { manifest, report } = await buildFromFolders(content);
    log(formatReport(report).replaceAll("\n", "\n[shelf] "));
    if (report.errors.length > 0) {
      log(`${report.errors.length} file(s) skipped because of errors (above)`);
    }
    return manifest;
  };
  if (!config.watch) {
    // A private sharded build publishes nothing: its root is beside its shards, in the Blobs
    // upload folder the build wrote them to (its default: `--blobs-out` elsewhere is not seen).
    const candidate = await prebuiltCandidate(content, PREBUILT_DIR, Deno.cwd(), BLOBS_UPLOAD_DIR);
    if (!("reason" in candidate)) {
      const { found, file } = candidate;
      const builtAt = "root" in found ? found.root.builtAt : found.manifest.builtAt;
      log(
        `serving the prebuilt ${file} (built ${builtAt}); ` +
          "run deno task build after changing content",
      );
      // Served at once; whether a content file is newer is checked once the server is up, and a
      // stale build is replaced by one from the folders (served until that one is ready).
      const prebuilt = fromPrebuilt(found);
      const prebuiltLoad = prebuilt.store.load;
      let rebuilt: Manifest | undefined;
      return {
        ...prebuilt,
        store: { ...prebuilt.store, load: () => rebuilt ?? prebuiltLoad() },
        verify: async () => {
          const reason = await staleReason(content, candidate);
          if (reason === undefined) return false;
          log(
            `${reason}: building from the content folders (the prebuilt build is served until then)`,
          );
          rebuilt = await build();
          log(`serving the build from the content folders: ${rebuilt.documents.length} documents`);
          return true;
        },
      };
    }
    log(`building from the content folders (${candidate.reason})`);
  }
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
