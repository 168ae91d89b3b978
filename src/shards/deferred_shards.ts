/**
 * A sharded build's cache options whose modules are imported on first use: what an entry that
 * must make its app at once (an edge function's module, evaluated with the isolate) hands the
 * caches when its build is sharded, so that an isolate serving a bundled build never loads,
 * parses or compiles the modules that read shards. `open` imports them (a literal specifier,
 * which bundlers follow) and gives the options; it is called once, on the first request, and
 * again after it failed.
 *
 * @module
 */
import type { CachedChunk, ChunkCache } from "../content/chunk_cache.ts";
import type { ShardedCacheOptions } from "./root_loaders.ts";

/**
 * Options that wait for `open` before each read. The chunk cache holds a request's chunks in the
 * opened cache (a request made before it is opened waits for it; when opening fails, it runs
 * unheld, and fails where it reads the store, as a failed read does).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deferredShards } from "./deferred_shards.ts";
 * let opened = 0;
 * const chunkCache = { bytes: 3, admit: () => ({ touch() {} }), hold: <T>(w: () => Promise<T>) => w() };
 * const options = deferredShards(() => {
 *   opened++;
 *   return Promise.resolve({
 *     store: { load: () => Promise.resolve({ contentHash: "h" }), chunkCache } as never,
 *     engine: { postingsChunk: (k: number, hash: string) => Promise.resolve(`${k} of ${hash}`) } as never,
 *   });
 * });
 * assert.equal(opened, 0);
 * assert.equal(options.store.chunkCache.bytes, 0);
 * assert.equal(await options.store.chunkCache.hold(() => Promise.resolve("held")), "held");
 * assert.equal(await options.engine.postingsChunk(2, "h"), "2 of h");
 * assert.equal(options.store.chunkCache.bytes, 3);
 * assert.equal(opened, 1);
 * ```
 */
export function deferredShards(open: () => Promise<ShardedCacheOptions>): ShardedCacheOptions {
  let opened: ShardedCacheOptions | undefined;
  let opening: Promise<ShardedCacheOptions> | undefined;
  const options = () =>
    opening ??= open().then((o) => (opened = o), (error) => {
      opening = undefined; // the next request tries again
      throw error;
    });
  // What only runs once something was read through the opened options.
  const now = (): ShardedCacheOptions => {
    if (!opened) throw new RangeError("a shard read before its build's modules were imported");
    return opened;
  };
  // Once opened, a read is the opened options' own call (no wait added to each).
  const later = <A extends unknown[], R>(
    pick: (o: ShardedCacheOptions) => (...args: A) => Promise<R>,
  ) =>
  (...args: A): Promise<R> =>
    opened ? pick(opened)(...args) : options().then((o) => pick(o)(...args));
  const chunkCache: ChunkCache = {
    get bytes() {
      return opened?.store.chunkCache.bytes ?? 0;
    },
    admit: (raw: unknown, evict: () => void): CachedChunk =>
      now().store.chunkCache.admit(raw, evict),
    hold<T>(work: () => Promise<T>): Promise<T> {
      if (opened) return opened.store.chunkCache.hold(work);
      return options().then((o) => o.store.chunkCache.hold(work), () => work());
    },
  };
  return {
    store: {
      load: later((o) => o.store.load),
      bodyChunk: later((o) => o.store.bodyChunk),
      detailRange: {
        read: later((o) => o.store.detailRange.read),
        rows: (range, k) => now().store.detailRange.rows(range, k),
        readAll: later((o) => o.store.detailRange.readAll),
      },
      idRange: {
        read: later((o) => o.store.idRange.read),
        ids: (...args) => now().store.idRange.ids(...args),
      },
      slugRange: later((o) => o.store.slugRange),
      orderRange: later((o) => o.store.orderRange),
      chunkCache,
    },
    engine: {
      loadPrebuilt: later((o) => o.engine.loadPrebuilt),
      postingsChunk: later((o) => o.engine.postingsChunk),
      dictionaryRange: later((o) => o.engine.dictionaryRange),
      dictionaryVolume: later((o) => o.engine.dictionaryVolume),
      statsRange: later((o) => o.engine.statsRange),
      namesRange: later((o) => o.engine.namesRange),
      chunkCache,
      unusable: "fail",
    },
  };
}
