import type { ContentStore } from "../content/content_store.ts";
import type { ToolResult } from "./tool.ts";
import { markReusable } from "./reusable.ts";

/** Most results kept per store. */
export const RESULT_CACHE_MAX_ENTRIES = 4096;
/**
 * Most characters of result text kept per store (about 64 MB of strings with their serialized
 * and encoded forms); past it the oldest entries are dropped first.
 */
export const RESULT_CACHE_MAX_CHARS = 16_000_000;

interface Cache {
  entries: Map<string, { result: ToolResult; size: number }>;
  size: number;
}
const caches = new WeakMap<ContentStore, Cache>();

/** Characters of a result's text blocks (its structured copy counted once more). */
function sizeOf(result: ToolResult): number {
  let size = 0;
  for (const block of result.content) size += block.text.length;
  return result.structuredContent ? size * 2 : size;
}

/**
 * Memoizes a tool result that depends only on the store and `key` (the tool, its resolved
 * arguments and the era's shape): lists and documents are the same for every caller until the
 * content changes, and a new store (new content hash) starts an empty cache. The result is
 * marked reusable, so the protocol layer serializes and encodes it once too. Bounded by
 * {@link RESULT_CACHE_MAX_ENTRIES} and {@link RESULT_CACHE_MAX_CHARS}, oldest out first;
 * errors are not kept. Callers must not mutate the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedResult } from "./result_cache.ts";
 * import { isReusable } from "./reusable.ts";
 * const store = {} as never;
 * let made = 0;
 * const make = () => (made++, { content: [{ type: "text" as const, text: "hi" }] });
 * const a = cachedResult(store, "k", make);
 * assert.equal(cachedResult(store, "k", make), a);
 * assert.ok(made === 1 && isReusable(a));
 * ```
 */
export function cachedResult(
  store: ContentStore,
  key: string,
  compute: () => ToolResult,
): ToolResult {
  const cache = cacheOf(store);
  const hit = cache.entries.get(key);
  if (hit) return hit.result;
  return remember(cache, key, compute());
}

/**
 * {@link cachedResult} for a result made asynchronously (a search waits for its engine):
 * the same bounds and rules. Two identical calls at once may both compute; the later answer
 * replaces the earlier in the cache.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedAsyncResult } from "./result_cache.ts";
 * const store = {} as never;
 * let made = 0;
 * const make = () => Promise.resolve((made++, { content: [{ type: "text" as const, text: "x" }] }));
 * const a = await cachedAsyncResult(store, "k", make);
 * assert.equal(await cachedAsyncResult(store, "k", make), a);
 * assert.equal(made, 1);
 * ```
 */
export async function cachedAsyncResult(
  store: ContentStore,
  key: string,
  compute: () => Promise<ToolResult>,
): Promise<ToolResult> {
  const hit = cacheOf(store).entries.get(key);
  if (hit) return hit.result;
  const result = await compute();
  // Looked up again: the store's cache may have been made while this result was computed.
  return remember(cacheOf(store), key, result);
}

function cacheOf(store: ContentStore): Cache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, cache = { entries: new Map(), size: 0 });
  return cache;
}

/** Keeps a result (not an error, not an oversized one), evicting the oldest past the bounds. */
function remember(cache: Cache, key: string, result: ToolResult): ToolResult {
  if (result.isError) return result;
  // The key is kept too (a search key holds its query): it counts toward the bound.
  const size = sizeOf(result) + key.length;
  if (size > RESULT_CACHE_MAX_CHARS / 4) return result; // too big to be worth keeping
  const old = cache.entries.get(key);
  if (old) {
    cache.entries.delete(key);
    cache.size -= old.size;
  }
  for (const [oldKey, entry] of cache.entries) {
    if (
      cache.entries.size < RESULT_CACHE_MAX_ENTRIES && cache.size + size <= RESULT_CACHE_MAX_CHARS
    ) break;
    cache.entries.delete(oldKey);
    cache.size -= entry.size;
  }
  cache.entries.set(key, { result, size });
  cache.size += size;
  markReusable(result);
  return result;
}
