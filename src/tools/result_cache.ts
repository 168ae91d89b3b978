import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import type { ToolResult } from "./tool.ts";
import { markReusable } from "./reusable.ts";

/** How much one {@link ResultCache} keeps per store; past either bound the oldest go first. */
export interface ResultCacheBounds {
  maxEntries: number;
  /** Characters of result text and keys (a kept result costs about four times as many bytes). */
  maxChars: number;
  /**
   * Keep a result only when its key comes again while it is among the last `maxEntries` keys
   * asked and not kept (up to `maxEntries` keys of at most a few thousand characters each are
   * remembered for this). Without it, every result is kept on its first computation.
   */
  keepOnRepeat?: boolean;
}

/** Most results kept per store by the documents' cache ({@link cachedResult}). */
export const RESULT_CACHE_MAX_ENTRIES = 4096;
/**
 * Most characters of result text kept per store by {@link cachedResult} (about 64 MB of strings
 * with their serialized and encoded forms).
 */
export const RESULT_CACHE_MAX_CHARS = 16_000_000;
/**
 * Bounds of the answers `tools/call` keeps for cacheable tools (searches): fewer than the
 * documents', since every new question adds one and only repeated ones pay it back; and kept
 * only once asked again. A kept answer lives long enough for V8 to move it to the old generation
 * with its serialized forms (about 25 KB for a 6 KB search answer) and to collect it there
 * later: on a stream of questions each asked once (asdlc, wrk, 2026-11-24) keeping every answer
 * cost 20% more CPU per search (286 against 230 µs, medians of five rounds) for no answer served.
 */
export const SEARCH_CACHE_BOUNDS: ResultCacheBounds = Object.freeze({
  maxEntries: 1024,
  maxChars: 4_000_000,
  keepOnRepeat: true,
});

/**
 * Memoized tool results per owner — a content store, or anything that lives exactly as long as
 * one (the settings resolved for it) — bounded (see {@link createResultCache}).
 */
export interface ResultCache<Owner extends object = ContentStore> {
  get(owner: Owner, key: string): ToolResult | undefined;
  /** Keeps `result` unless it is an error or too big; returns it, marked reusable if kept. */
  keep(owner: Owner, key: string, result: ToolResult): ToolResult;
}

interface Entries {
  entries: Map<string, { result: ToolResult; size: number }>;
  size: number;
  /** Keys asked and not kept, oldest first (with `keepOnRepeat`). */
  asked: Set<string>;
}

/**
 * A cache of tool results that depend only on the store and `key`: a new store (new content
 * hash) starts empty, and the old store's entries go with it. Kept results are marked
 * reusable, so the protocol layer serializes and encodes them once too. Errors are not kept;
 * callers must not mutate a result once kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createResultCache } from "./result_cache.ts";
 * const cache = createResultCache({ maxEntries: 2, maxChars: 1000 });
 * const store = {} as never;
 * const r = (text: string) => ({ content: [{ type: "text" as const, text }] });
 * for (const k of ["a", "b", "c"]) cache.keep(store, k, r(k));
 * assert.equal(cache.get(store, "a"), undefined); // the oldest went first
 * assert.equal(cache.get(store, "c")?.content[0]?.text, "c");
 * assert.equal(cache.get({} as never, "c"), undefined); // another store
 *
 * const repeated = createResultCache({ maxEntries: 2, maxChars: 1000, keepOnRepeat: true });
 * repeated.keep(store, "a", r("a"));
 * assert.equal(repeated.get(store, "a"), undefined); // asked once: not kept
 * repeated.keep(store, "a", r("a"));
 * assert.equal(repeated.get(store, "a")?.content[0]?.text, "a"); // asked again: kept
 * ```
 */
export function createResultCache<Owner extends object = ContentStore>(
  bounds: ResultCacheBounds,
): ResultCache<Owner> {
  const perOwner = new WeakMap<Owner, Entries>();
  return {
    get: (owner, key) => perOwner.get(owner)?.entries.get(key)?.result,
    keep(owner, key, result) {
      if (result.isError) return result;
      // The key is kept too (a search key holds its question): it counts toward the bound.
      const size = sizeOf(result) + key.length;
      if (size > bounds.maxChars / 4) return result; // too big to be worth keeping
      let cache = perOwner.get(owner);
      if (!cache) perOwner.set(owner, cache = { entries: new Map(), size: 0, asked: new Set() });
      if (bounds.keepOnRepeat && !cache.entries.has(key)) {
        if (!cache.asked.delete(key)) {
          if (cache.asked.size >= bounds.maxEntries) {
            cache.asked.delete(cache.asked.values().next().value!);
          }
          cache.asked.add(key);
          return result;
        }
      }
      const old = cache.entries.get(key);
      if (old) {
        cache.entries.delete(key);
        cache.size -= old.size;
      }
      for (const [oldKey, entry] of cache.entries) {
        if (cache.entries.size < bounds.maxEntries && cache.size + size <= bounds.maxChars) break;
        cache.entries.delete(oldKey);
        cache.size -= entry.size;
      }
      cache.entries.set(key, { result, size });
      cache.size += size;
      markReusable(result);
      return result;
    },
  };
}

const documentResults = createResultCache({
  maxEntries: RESULT_CACHE_MAX_ENTRIES,
  maxChars: RESULT_CACHE_MAX_CHARS,
});

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
  return documentResults.get(store, key) ?? documentResults.keep(store, key, compute());
}

/**
 * {@link cachedResult} for a result made from the bodies of `docs`: when it is not kept yet,
 * their bodies are loaded first (see `ContentStore.loadBodies`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedBodyResult } from "./result_cache.ts";
 * import { createContentStore } from "../content/content_store.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "a.md", text: "# A" }] },
 * ] });
 * const store = createContentStore(manifest);
 * const doc = store.documents[0]!;
 * const text = (await cachedBodyResult(store, "a", [doc], () => ({
 *   content: [{ type: "text", text: store.body(doc) }],
 * }))).content[0]?.text;
 * assert.equal(text, "# A");
 * ```
 */
export function cachedBodyResult(
  store: ContentStore,
  key: string,
  docs: readonly ManifestDocument[],
  compute: () => ToolResult,
): ToolResult | Promise<ToolResult> {
  return documentResults.get(store, key) ??
    store.loadBodies(docs).then(() => cachedResult(store, key, compute));
}

/**
 * {@link cachedResult} for a result made from documents' details (a list): when it is not kept
 * yet, `load` reads what it lists first (a page of documents with their details: see
 * `ContentStore.listPage` and `loadDocuments`), and `compute` makes it of what `load` gives.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedListResult } from "./result_cache.ts";
 * let loads = 0;
 * const store = {} as never;
 * const load = () => (loads++, Promise.resolve("list"));
 * const make = (text: string) => ({ content: [{ type: "text" as const, text }] });
 * const first = await cachedListResult(store, "l", load, make);
 * assert.equal(cachedListResult(store, "l", load, make), first); // kept: nothing loaded
 * assert.equal(loads, 1);
 * ```
 */
export function cachedListResult<T>(
  store: ContentStore,
  key: string,
  load: () => Promise<T>,
  compute: (loaded: T) => ToolResult,
): ToolResult | Promise<ToolResult> {
  return documentResults.get(store, key) ??
    load().then((loaded) => cachedResult(store, key, () => compute(loaded)));
}
