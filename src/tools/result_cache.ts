import type { ContentStore } from "../content/content_store.ts";
import type { ToolResult } from "./tool.ts";
import { markReusable } from "./reusable.ts";

const MAX_ENTRIES = 256;
const caches = new WeakMap<ContentStore, Map<string, ToolResult>>();

/**
 * Memoizes a tool result that depends only on the store and `key` (the arguments): lists are
 * the same for every caller until the content changes, and a new store (new content hash)
 * starts an empty cache. Bounded; the result must not be mutated by callers.
 *
 * @example
 * ```ts ignore
 * return cachedResult(store, `list|${category}|${limit}|${structured}`, () => jsonResult(...));
 * ```
 */
export function cachedResult(
  store: ContentStore,
  key: string,
  compute: () => ToolResult,
): ToolResult {
  let cache = caches.get(store);
  if (!cache) caches.set(store, cache = new Map());
  let result = cache.get(key);
  if (!result) {
    result = compute();
    if (!result.isError) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, result);
      markReusable(result);
    }
  }
  return result;
}
