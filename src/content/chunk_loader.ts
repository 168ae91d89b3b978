/**
 * Chunks of build output imported on first need (the edge's body and postings chunks): each
 * chunk once, concurrent callers sharing one import, a failed import rejected and tried again by
 * the next call. Chunks read from shards may be forgotten again past a byte bound
 * (`chunk_cache.ts`), and are then read again when next wanted.
 *
 * @module
 */
import type { CachedChunk, ChunkCache } from "./chunk_cache.ts";

/** Chunks `0 … count − 1`, each loaded when first wanted. */
export interface ChunkLoader<T> {
  /** Chunk `k`, or `undefined` while it is not loaded. */
  get(k: number): T | undefined;
  /** Loads the chunks of `wanted` not loaded yet; resolves at once when there are none. */
  load(wanted: Iterable<number>): Promise<void>;
}

/** The promise of a load with nothing to do. */
export const LOADED: Promise<void> = Promise.resolve();

/**
 * A loader over `importChunk`, whose results `check` turns into chunks (or throws for one that
 * is not).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createChunkLoader } from "./chunk_loader.ts";
 * const imports: number[] = [];
 * const chunks = createChunkLoader(3, (k) => (imports.push(k), Promise.resolve([k])), (c) => c as number[]);
 * assert.equal(chunks.get(1), undefined);
 * await Promise.all([chunks.load([1, 2]), chunks.load([2])]);
 * assert.deepEqual(chunks.get(2), [2]);
 * await chunks.load([1, 2]);
 * assert.deepEqual(imports, [1, 2]); // each once, shared by concurrent callers
 * ```
 */
export function createChunkLoader<T>(
  count: number,
  importChunk: (k: number) => Promise<unknown>,
  check: (chunk: unknown, k: number) => T,
  cache?: ChunkCache,
): ChunkLoader<T> {
  const loaded: (T | undefined)[] = new Array(count);
  const cached: (CachedChunk | undefined)[] = new Array(count);
  const pending = new Map<number, Promise<void>>();
  const loadOne = (k: number): Promise<void> => {
    let p = pending.get(k);
    if (!p) {
      p = importChunk(k).then((chunk) => {
        loaded[k] = check(chunk, k);
        cached[k] = cache?.admit(chunk, () => {
          loaded[k] = undefined;
          cached[k] = undefined;
        });
      }).finally(() => pending.delete(k));
      pending.set(k, p);
    }
    return p;
  };
  return {
    get(k) {
      cached[k]?.touch();
      return loaded[k];
    },
    load(wanted) {
      let missing: Set<number> | undefined;
      for (const k of wanted) {
        // One loaded already is used now: a request holding the cache keeps it until it answers.
        if (loaded[k] === undefined) (missing ??= new Set()).add(k);
        else cached[k]?.touch();
      }
      return missing ? Promise.all([...missing].map(loadOne)).then(() => {}) : LOADED;
    },
  };
}
