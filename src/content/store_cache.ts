import type { ChunkCache } from "./chunk_cache.ts";
import {
  type ContentStore,
  type ContentStoreOptions,
  createContentStore,
} from "./content_store.ts";
import type { DetailRangeReader } from "./document_details.ts";
import type { IdRangeReader } from "./id_ranges.ts";
import type { Manifest, ManifestHead } from "./manifest.ts";
import { manifestHead } from "./manifest_head.ts";

/** Default time a loaded manifest is trusted before it is checked again: 5 minutes. */
export const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;

/** Options of {@link createStoreCache}. */
export interface StoreCacheOptions {
  /** Produces the manifest: a bundled module, a file read, or a fetch from the site. */
  load: () => Manifest | Promise<Manifest>;
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  /**
   * Imports body chunk `k` of a manifest that keeps its bodies in chunks (the edge manifest; a
   * sharded build's body range, with sections: `body_ranges.ts`); told the manifest's content
   * hash, since a reloaded manifest may be another build's (whose chunks are other files).
   */
  bodyChunk?: (k: number, contentHash: string) => Promise<unknown>;
  /** Reads a detail range of a sharded build's edge manifest (`document_details.ts`), likewise. */
  detailRange?: {
    read: (k: number, contentHash: string) => Promise<unknown>;
    rows: DetailRangeReader["rows"];
    /** Every range at once (the volumes). */
    readAll?: (contentHash: string) => Promise<readonly unknown[]>;
  };
  /** Reads an id range of a sharded build's edge manifest (`id_ranges.ts`), likewise. */
  idRange?: {
    read: (k: number, contentHash: string) => Promise<unknown>;
    ids: IdRangeReader["ids"];
  };
  /** Reads a slug range of a sharded build's edge manifest (`slug_ranges.ts`), likewise. */
  slugRange?: (k: number, contentHash: string) => Promise<unknown>;
  /** Reads an order range of a sharded build's edge manifest (`list_order.ts`), likewise. */
  orderRange?: (k: number, contentHash: string) => Promise<unknown>;
  /** The byte bound on body chunks read from shards (shared with the postings'). */
  chunkCache?: ChunkCache;
  /** Called when a reload fails and the last good store keeps serving. */
  onError?: (error: unknown) => void;
  /**
   * The manifest's head when it is known before the manifest is loaded (a sharded build's root
   * carries it): {@link StoreCache.head} gives it until the first store is loaded.
   */
  head?: ManifestHead;
}

/** A per-isolate cache of the content store. */
export interface StoreCache {
  /** The current store; loads on first use and re-checks after the TTL. */
  get(): Promise<ContentStore>;
  /**
   * The current manifest's head: the loaded store's (re-checked as `get` does; made once per
   * store, with its outline), else the head given at start without loading anything, else the
   * store's once loaded.
   */
  head(): Promise<ManifestHead>;
  /** Forgets the cached store and the head given at start (tests, or after a rebuild). */
  reset(): void;
}

/**
 * Caches the content store per isolate. After `ttlMs` the manifest is loaded again; when its
 * `contentHash` is unchanged the existing store (and anything derived from it) is kept, so a
 * revalidation costs one load and no rebuild. A failed reload keeps serving the last good store.
 * Concurrent callers share one load.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStoreCache } from "./store_cache.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [] });
 * let loads = 0;
 * const cache = createStoreCache({ load: () => (loads++, manifest) });
 * const a = await cache.get();
 * const b = await cache.get();
 * assert.ok(a === b && loads === 1);
 * // A head known at start is answered without a load.
 * const head = { builtAt: "2026-01-01T00:00:00Z", server: { name: "kb", version: "1" } };
 * const lazy = createStoreCache({ load: () => (loads++, manifest), head });
 * assert.equal(await lazy.head(), head);
 * assert.equal(loads, 1);
 * ```
 */
export function createStoreCache(options: StoreCacheOptions): StoreCache {
  const ttl = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  let store: ContentStore | undefined;
  let checkedAt = 0;
  let pending: Promise<ContentStore> | undefined;
  let knownHead = options.head;
  /** The loaded store's head, made on first need. */
  const heads = new WeakMap<ContentStore, ManifestHead>();
  const headOf = (loaded: ContentStore) => {
    let head = heads.get(loaded);
    if (!head) heads.set(loaded, head = manifestHead(loaded.manifest));
    return head;
  };

  const refresh = async (): Promise<ContentStore> => {
    try {
      const manifest = await options.load();
      if (!store || store.contentHash !== manifest.contentHash) {
        const storeOptions: ContentStoreOptions = {};
        const { bodyChunk, detailRange, idRange, slugRange, orderRange } = options;
        const hash = manifest.contentHash;
        if (bodyChunk) storeOptions.bodyChunk = (k) => bodyChunk(k, hash);
        if (detailRange) {
          const { read, rows, readAll } = detailRange;
          storeOptions.detailRange = {
            read: (k) => read(k, hash),
            rows,
            ...(readAll ? { readAll: () => readAll(hash) } : {}),
          };
        }
        if (idRange) {
          storeOptions.idRange = { read: (k) => idRange.read(k, hash), ids: idRange.ids };
        }
        if (slugRange) storeOptions.slugRange = (k) => slugRange(k, hash);
        if (orderRange) storeOptions.orderRange = (k) => orderRange(k, hash);
        if (options.chunkCache) storeOptions.chunkCache = options.chunkCache;
        store = createContentStore(manifest, storeOptions);
      }
    } catch (error) {
      if (!store) throw error;
      options.onError?.(error);
    }
    checkedAt = now();
    return store;
  };

  const get = () => {
    if (store && now() - checkedAt < ttl) return Promise.resolve(store);
    pending ??= refresh().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  return {
    get,
    head() {
      if (!store && knownHead) return Promise.resolve(knownHead);
      return get().then(headOf);
    },
    reset() {
      store = undefined;
      knownHead = undefined;
      checkedAt = 0;
    },
  };
}
