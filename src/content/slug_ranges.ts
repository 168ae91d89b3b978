/**
 * Slug ranges: a sharded build's documents by slug, so that a look-up by slug alone
 * (`get_article` with `"HashMap"`) reads one shard, not every id range (`id_ranges.ts`: on the
 * reference shelf's 55,000 pages, 63 ranges, 2026-11-28). The build writes each slug once, with
 * the numbers of the documents bearing it and each one's id without its slug (its head: the id
 * is the head and the slug), the slugs sorted, in ranges of about {@link SLUG_RANGE_CHARS}
 * characters that never split a slug's documents; the edge manifest keeps where each range
 * starts (`Manifest.slugRangeFirsts`). A look-up by slug is then a binary search over those,
 * one range read, and its documents' ids are known from it (an ambiguous slug's answer names
 * each of its documents by id).
 *
 * @module
 */
import { lastAtOrBefore } from "../last_at_or_before.ts";
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader } from "./chunk_loader.ts";
import { sharedPrefix } from "./shared_prefix.ts";

/** Characters of a slug range, about (its slugs, its documents' numbers and heads). */
export const SLUG_RANGE_CHARS = 8 * 1024;

/** One slug range: its slugs in order, and each slug's documents. */
export interface SlugRange {
  /** Sorted, each once. */
  slugs: string[];
  /** Per slug, the numbers of its documents, ascending. */
  numbers: number[][];
  /** Per slug, each of its documents' id without the slug (the id is the head, then the slug). */
  heads: string[][];
}

/** A document found by its slug: its number and its id. */
export interface SlugHit {
  n: number;
  id: string;
}

/**
 * The slug ranges of `docs` (in their numbers' order, each with its id and slug, which ends the
 * id), of about `rangeChars` characters each, and where each range starts: its first slug
 * shortened to the least that sorts after the range before's last (a slug is in the last range
 * whose first is not after it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitSlugs } from "./slug_ranges.ts";
 * const docs = [
 *   { id: "d/a/intro", slug: "intro" }, { id: "d/b/intro", slug: "intro" }, { id: "d/setup", slug: "setup" },
 * ];
 * assert.deepEqual(splitSlugs(docs, 1), {
 *   firsts: ["intro", "s"],
 *   ranges: [
 *     { slugs: ["intro"], numbers: [[0, 1]], heads: [["d/a/", "d/b/"]] },
 *     { slugs: ["setup"], numbers: [[2]], heads: [["d/"]] },
 *   ],
 * });
 * ```
 */
export function splitSlugs(
  docs: readonly { id: string; slug: string }[],
  rangeChars = SLUG_RANGE_CHARS,
): { firsts: string[]; ranges: SlugRange[] } {
  const bySlug = new Map<string, number[]>();
  docs.forEach(({ slug }, n) => {
    const numbers = bySlug.get(slug);
    if (numbers) numbers.push(n);
    else bySlug.set(slug, [n]);
  });
  const slugs = [...bySlug.keys()].sort();
  const firsts: string[] = [];
  const ranges: SlugRange[] = [];
  let chars = Infinity;
  slugs.forEach((slug, i) => {
    if (chars >= rangeChars) {
      ranges.push({ slugs: [], numbers: [], heads: [] });
      const previous = slugs[i - 1];
      firsts.push(previous === undefined ? slug : slug.slice(0, sharedPrefix(previous, slug) + 1));
      chars = 0;
    }
    const range = ranges.at(-1)!;
    const numbers = bySlug.get(slug)!;
    const heads = numbers.map((n) => docs[n]!.id.slice(0, docs[n]!.id.length - slug.length));
    range.slugs.push(slug);
    range.numbers.push(numbers);
    range.heads.push(heads);
    chars += slug.length + 4;
    for (const head of heads) chars += head.length + 8;
  });
  return { firsts, ranges };
}

/** `value` as a {@link SlugRange} of `count` documents at most; throws a `TypeError` if not one. */
function checkRange(value: unknown, k: number, count: number): Map<string, SlugHit[]> {
  const range = (value ?? {}) as Partial<SlugRange>;
  const { slugs, numbers, heads } = range;
  const valid = Array.isArray(slugs) && Array.isArray(numbers) && Array.isArray(heads) &&
    numbers.length === slugs.length && heads.length === slugs.length &&
    slugs.every((slug, i) =>
      typeof slug === "string" && Array.isArray(numbers[i]) && Array.isArray(heads[i]) &&
      numbers[i]!.length === heads[i]!.length &&
      numbers[i]!.every((n) => Number.isSafeInteger(n) && n >= 0 && n < count) &&
      heads[i]!.every((head) => typeof head === "string")
    );
  if (!valid) throw new TypeError(`slug range ${k} is not the one the manifest names`);
  return new Map(
    slugs.map((slug, i) => [slug, numbers[i]!.map((n, j) => ({ n, id: heads[i]![j] + slug }))]),
  );
}

/**
 * The look-up by slug over slug ranges starting at `firsts`, range `k` read by `read` (a
 * {@link SlugRange}) through the chunk cache: the documents bearing the slug (of `count`), by
 * number; one range read at most, none for a slug before the first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slugRanges, splitSlugs } from "./slug_ranges.ts";
 * const docs = [{ id: "d/a/x", slug: "x" }, { id: "d/b/x", slug: "x" }, { id: "d/y", slug: "y" }];
 * const { firsts, ranges } = splitSlugs(docs, 1);
 * const reads: number[] = [];
 * const bySlug = slugRanges({ firsts, count: 3, read: (k) => (reads.push(k), Promise.resolve(ranges[k])) });
 * assert.deepEqual(await bySlug("x"), [{ n: 0, id: "d/a/x" }, { n: 1, id: "d/b/x" }]);
 * assert.deepEqual(await bySlug("xx"), []);
 * assert.deepEqual(await bySlug("a"), []); // before the first range: none read
 * assert.deepEqual(reads, [0]);
 * ```
 */
export function slugRanges(input: {
  firsts: readonly string[];
  count: number;
  read: (k: number) => Promise<unknown>;
  cache?: ChunkCache | undefined;
}): (slug: string) => Promise<SlugHit[]> {
  const { firsts, count } = input;
  const chunks = createChunkLoader(
    firsts.length,
    input.read,
    (value, k) => checkRange(value, k, count),
    input.cache,
  );
  return async (slug) => {
    const k = lastAtOrBefore(firsts, slug);
    if (k === -1) return [];
    await chunks.load([k]);
    const range = chunks.get(k);
    if (!range) throw new Error(`slug range ${k} read before it was loaded`);
    return range.get(slug) ?? [];
  };
}
