/**
 * The loaders of a sharded build whose root is read again from time to time (a server fetching
 * `_shelf/shards.json` from a site, once per cache TTL) or never (an edge bundle's root, a local
 * `dist/`): each root's {@link shardedLoaders}, kept by content hash, so a store made from one
 * build's manifest reads that build's shards even after the root has moved on to another build.
 * {@link shardedCacheOptions} hands them to the store and engine caches — the one way every
 * entry (edge function, `deno task start`, stdio) reads shards.
 *
 * @module
 */
import type { ChunkCache } from "../content/chunk_cache.ts";
import type { Manifest } from "../content/manifest.ts";
import type { StoreCacheOptions } from "../content/store_cache.ts";
import type { detailRows } from "./detail_columns.ts";
import type { idRangeIds } from "./id_range_columns.ts";
import type { SearchIndexData } from "../search/search_index.ts";
import type { ShardReader } from "./shard_reader.ts";
import type { ShardRoot } from "./shard_root.ts";
import type { ShardedLoaders } from "./sharded_loaders.ts";

/** Roots kept: the current build's and the one before (for requests that began on it). */
const KEPT_ROOTS = 2;

/** A sharded build's loaders, each told which build (content hash) it reads for. */
export interface RootLoaders {
  /** Reads the root (again) and gives its edge manifest (read once per root). */
  manifest(): Promise<Manifest>;
  /** The prebuilt index of the store with `contentHash` (a build's, or a scoped view's). */
  index(contentHash: string): Promise<SearchIndexData | undefined>;
  bodyChunk(k: number, contentHash: string): Promise<unknown>;
  detailRange(k: number, contentHash: string): Promise<unknown>;
  detailRanges(contentHash: string): Promise<readonly unknown[]>;
  /** A read detail range's rows (`detail_columns.ts`); throws before the first manifest read. */
  detailRows: typeof detailRows;
  idRange(k: number, contentHash: string): Promise<unknown>;
  /** A read id range's ids (`id_range_columns.ts`); likewise. */
  idRangeIds: typeof idRangeIds;
  slugRange(k: number, contentHash: string): Promise<unknown>;
  orderRange(k: number, contentHash: string): Promise<unknown>;
  postingsChunk(k: number, contentHash: string): Promise<unknown>;
  dictionaryRange(k: number, contentHash: string): Promise<unknown>;
  dictionaryVolume(k: number, contentHash: string): Promise<unknown>;
  statsRange(k: number, contentHash: string): Promise<unknown>;
  namesRange(k: number, contentHash: string): Promise<unknown>;
  readonly reader: ShardReader;
}

/**
 * Loaders over the root `readRoot` gives (called on each `manifest()`), reading through `reader`
 * (one reader for every root: shards are named by their bytes, so two builds share the ones they
 * have in common).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeShards } from "../build/write_shards.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { buildIndexFor } from "../search/search_engine.ts";
 * import { createContentStore } from "../content/content_store.ts";
 * import { createShardReader } from "./shard_reader.ts";
 * import { shardSource } from "./shard_source.ts";
 * import { rootLoaders } from "./root_loaders.ts";
 * const files = new Map<string, string>();
 * const build = async (text: string) => {
 *   const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *     { name: "docs", description: "", files: [{ path: "a.md", text }] },
 *   ] });
 *   const index = await buildIndexFor(createContentStore(manifest)).export();
 *   return writeShards(manifest, index, [], "site", (n, t) => Promise.resolve(void files.set(n, t)));
 * };
 * const [one, two] = [await build("# A\n\nalpha"), await build("# A\n\nbeta")];
 * let current = one;
 * const loaders = rootLoaders(() => Promise.resolve(current), createShardReader(
 *   shardSource("memory", (n) => Promise.resolve(new TextEncoder().encode(files.get(n)!))),
 * ));
 * assert.equal((await loaders.manifest()).contentHash, one.contentHash);
 * current = two;
 * assert.equal((await loaders.manifest()).contentHash, two.contentHash);
 * // Each build's body chunk, by its content hash.
 * assert.match(JSON.stringify(await loaders.bodyChunk(0, one.contentHash)), /alpha/);
 * assert.match(JSON.stringify(await loaders.bodyChunk(0, two.contentHash)), /beta/);
 * ```
 */
export function rootLoaders(
  readRoot: () => Promise<ShardRoot>,
  reader: ShardReader,
): RootLoaders {
  const roots = new Map<string, ShardedLoaders>();
  // A detail range's and an id range's readers, from the unpacking modules the first manifest
  // read imports.
  let rowsOf: typeof detailRows | undefined;
  let idsOf: typeof idRangeIds | undefined;
  const of = (contentHash: string): ShardedLoaders => {
    const loaders = roots.get(contentHash);
    if (!loaders) throw new RangeError(`no sharded build of content ${contentHash} is loaded`);
    return loaders;
  };
  return {
    reader,
    async manifest() {
      // The unpacking modules are imported while the root is read (an unsharded site never does).
      const [root, { shardedLoaders, detailRows, idRangeIds }] = await Promise.all([
        readRoot(),
        import("./sharded_loaders.ts"),
      ]);
      rowsOf = detailRows;
      idsOf = idRangeIds;
      let loaders = roots.get(root.contentHash);
      if (!loaders) {
        roots.set(root.contentHash, loaders = shardedLoaders(root, reader));
        if (roots.size > KEPT_ROOTS) roots.delete(roots.keys().next().value!);
      }
      return await loaders.manifest();
    },
    async index(contentHash) {
      for (const loaders of [...roots.values()].reverse()) {
        const found = await loaders.index(contentHash);
        if (found) return found;
      }
      return undefined;
    },
    bodyChunk: (k, hash) => of(hash).bodyChunk(k),
    detailRange: (k, hash) => of(hash).detailRange(k),
    detailRanges: (hash) => of(hash).detailRanges(),
    detailRows(range, k) {
      if (!rowsOf) throw new RangeError(`detail range ${k} read before its build's manifest`);
      return rowsOf(range, k);
    },
    idRange: (k, hash) => of(hash).idRange(k),
    idRangeIds(range, k, count) {
      if (!idsOf) throw new RangeError(`id range ${k} read before its build's manifest`);
      return idsOf(range, k, count);
    },
    slugRange: (k, hash) => of(hash).slugRange(k),
    orderRange: (k, hash) => of(hash).orderRange(k),
    postingsChunk: (k, hash) => of(hash).postingsChunk(k),
    dictionaryRange: (k, hash) => of(hash).dictionaryRange(k),
    dictionaryVolume: (k, hash) => of(hash).dictionaryVolume(k),
    statsRange: (k, hash) => of(hash).statsRange(k),
    namesRange: (k, hash) => of(hash).namesRange(k),
  };
}

/** What {@link shardedCacheOptions} gives the store cache. */
export interface ShardedStoreOptions {
  load: () => Promise<Manifest>;
  bodyChunk: (k: number, contentHash: string) => Promise<unknown>;
  detailRange: Required<NonNullable<StoreCacheOptions["detailRange"]>>;
  idRange: NonNullable<StoreCacheOptions["idRange"]>;
  slugRange: NonNullable<StoreCacheOptions["slugRange"]>;
  orderRange: NonNullable<StoreCacheOptions["orderRange"]>;
  chunkCache: ChunkCache;
}

/** What {@link shardedCacheOptions} gives the engine cache. */
export interface ShardedEngineOptions {
  loadPrebuilt: (contentHash: string) => Promise<SearchIndexData | undefined>;
  postingsChunk: (k: number, contentHash: string) => Promise<unknown>;
  dictionaryRange: (k: number, contentHash: string) => Promise<unknown>;
  dictionaryVolume: (k: number, contentHash: string) => Promise<unknown>;
  statsRange: (k: number, contentHash: string) => Promise<unknown>;
  namesRange: (k: number, contentHash: string) => Promise<unknown>;
  chunkCache: ChunkCache;
  /** Building an index in place of an unusable prebuilt one would read every shard. */
  unusable: "fail";
}

/** The store cache's and the engine cache's options of a sharded build. */
export interface ShardedCacheOptions {
  store: ShardedStoreOptions;
  engine: ShardedEngineOptions;
}

/**
 * The store cache's and the engine cache's options over `loaders` (one byte bound on the chunks
 * of both).
 *
 * @example
 * ```ts ignore
 * const { store, engine } = shardedCacheOptions(loaders);
 * const stores = createStoreCache({ ...store, onError });
 * const engines = createEngineCache({ ...engine, onWarning });
 * ```
 */
export function shardedCacheOptions(
  loaders: RootLoaders,
): ShardedCacheOptions {
  const { chunkCache } = loaders.reader;
  return {
    store: {
      load: loaders.manifest,
      bodyChunk: loaders.bodyChunk,
      detailRange: {
        read: loaders.detailRange,
        rows: loaders.detailRows,
        readAll: loaders.detailRanges,
      },
      idRange: { read: loaders.idRange, ids: loaders.idRangeIds },
      slugRange: loaders.slugRange,
      orderRange: loaders.orderRange,
      chunkCache,
    },
    engine: {
      loadPrebuilt: loaders.index,
      postingsChunk: loaders.postingsChunk,
      dictionaryRange: loaders.dictionaryRange,
      dictionaryVolume: loaders.dictionaryVolume,
      statsRange: loaders.statsRange,
      namesRange: loaders.namesRange,
      chunkCache,
      unusable: "fail",
    },
  };
}
