/**
 * A bound, in bytes, on the chunks an isolate keeps once it has read them from shards
 * (`src/shards/`): the chunk loaders of one isolate (bodies, postings) share one cache, which
 * forgets the least recently used chunks past the bound; a forgotten chunk is read again when a
 * request next needs it. A chunk used in the last {@link PIN_MS} is never forgotten, so a request
 * never loses a chunk between loading it and reading it (the bound is then exceeded for a moment
 * instead).
 *
 * @module
 */

/** How long a chunk stays after its last use whatever the bound: longer than a request. */
export const PIN_MS = 2000;

/** A chunk the cache holds. */
export interface CachedChunk {
  /** Marks it used now. */
  touch(): void;
}

/** The shared bound. */
export interface ChunkCache {
  /** Bytes held now. */
  readonly bytes: number;
  /** Takes a chunk read from `raw` (weighed by the cache); `evict` forgets it. */
  admit(raw: unknown, evict: () => void): CachedChunk;
  /**
   * Runs `work` (one request) with every chunk it admits or touches kept until it ends, however
   * long it takes: a chunk it loaded is never evicted before it reads it. The bound may be passed
   * meanwhile; the chunks are trimmed on the next admission after it.
   */
  hold<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * A cache of at most `maxBytes` (as `weigh` counts them; chunks used in the last `pinMs`
 * excepted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createChunkCache } from "./chunk_cache.ts";
 * let now = 0;
 * const cache = createChunkCache(10, (raw) => raw as number, { now: () => now, pinMs: 5 });
 * const evicted: string[] = [];
 * const a = cache.admit(6, () => evicted.push("a"));
 * now = 10;
 * cache.admit(6, () => evicted.push("b")); // a is past its pin: forgotten
 * assert.deepEqual(evicted, ["a"]);
 * a.touch(); // touching a forgotten chunk does nothing
 * cache.admit(6, () => evicted.push("c")); // b was used just now: kept, over the bound for now
 * assert.equal(cache.bytes, 12);
 * ```
 */
export function createChunkCache(
  maxBytes: number,
  weigh: (raw: unknown) => number,
  options: { now?: () => number; pinMs?: number } = {},
): ChunkCache {
  const now = options.now ?? (() => performance.now());
  const pinMs = options.pinMs ?? PIN_MS;
  // In order of last use, oldest first (a Map keeps insertion order; a touch re-inserts).
  const entries = new Map<
    object,
    { bytes: number; used: number; tick: number; evict: () => void }
  >();
  let bytes = 0;
  // Uses in order (admissions, touches, holds begun); the holds running, by the tick each began.
  let tick = 0;
  const holds = new Map<object, number>();
  const trim = () => {
    const cutoff = now() - pinMs;
    let held = Infinity;
    for (const began of holds.values()) held = Math.min(held, began);
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes || entry.used > cutoff || entry.tick >= held) break;
      entries.delete(key);
      bytes -= entry.bytes;
      entry.evict();
    }
  };
  return {
    get bytes() {
      return bytes;
    },
    async hold(work) {
      const key = {};
      holds.set(key, ++tick);
      try {
        return await work();
      } finally {
        holds.delete(key);
      }
    },
    admit(raw, evict) {
      const key = {};
      const entry = { bytes: weigh(raw), used: now(), tick: ++tick, evict };
      entries.set(key, entry);
      bytes += entry.bytes;
      trim();
      return {
        touch() {
          if (!entries.delete(key)) return;
          entry.used = now();
          entry.tick = ++tick;
          entries.set(key, entry);
        },
      };
    },
  };
}
