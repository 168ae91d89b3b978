/**
 * The dictionary in ranges: a sharded build's edge index keeps, of its dictionary (`terms`,
 * `counts`, `partCounts`), only where each range of about {@link DICTIONARY_RANGE_CHARS}
 * characters starts and its first term ({@link RangedDictionaryData}); each range is a shard of
 * its own, read when a query's words first fall in it (`dictionary.ts`).
 *
 * The size, measured on openjdk-17-doc (90,322 terms: 2,438 KB of terms and counts as JSON) with
 * 22 questions (`scripts/bench/dictionary_reads.ts`, 2026-11-28): ranges of 2 KB (1,210 of them)
 * put 39 KB of first terms and starts in the edge index, and a question reads 11 ranges (23 KB) at
 * the median, 79 (161 KB) when a misspelled word's one-edit variants, spread over every first
 * letter, are looked up; 1 KB ranges: 78 KB in the edge index, 19 and 93 KB per question; 4 KB:
 * 20 KB, 32 and 284 KB; 8 KB: 10 KB, 48 and 492 KB. The root names each range (about 24 bytes).
 *
 * @module
 */
import { createChunkLoader } from "../content/chunk_loader.ts";
import type { DictionaryRanges, TermRange } from "./dictionary.ts";
import type { SearchIndexData } from "./search_index.ts";

/** Characters of JSON a dictionary range holds, about. */
export const DICTIONARY_RANGE_CHARS = 2 * 1024;

/** Where a dictionary kept in ranges has them (`SearchIndexData.dictionaryRanges`). */
export interface RangedDictionaryData {
  /** Terms in all. */
  size: number;
  /** The position of each range's first term in the whole dictionary. */
  starts: number[];
  /** Each range's first term. */
  firsts: string[];
}

/**
 * Splits `data`'s dictionary into ranges of consecutive terms of about `rangeChars` characters:
 * the edge index (empty `terms` and `counts`, no `partCounts`, `dictionaryRanges` saying where
 * the ranges are) and the ranges.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitDictionary } from "./dictionary_ranges.ts";
 * import { buildSearchIndex } from "./search_index.ts";
 * const data = await buildSearchIndex([
 *   { id: "a", name: "Alpha", keywords: [], description: "", content: "one two three" },
 * ], "h").export();
 * const { edge, ranges } = splitDictionary(data, 10);
 * assert.deepEqual([edge.terms, edge.counts], [[], []]);
 * assert.equal(edge.dictionaryRanges?.firsts.length, ranges.length);
 * assert.deepEqual(ranges.flatMap((r) => r.terms), data.terms);
 * assert.deepEqual(ranges.flatMap((r) => r.counts), data.counts);
 * ```
 */
export function splitDictionary(
  data: SearchIndexData,
  rangeChars = DICTIONARY_RANGE_CHARS,
): { edge: SearchIndexData; ranges: TermRange[] } {
  const { terms, counts, partCounts } = data;
  const ranges: { terms: string[]; counts: number[]; partCounts?: number[] }[] = [];
  const starts: number[] = [];
  let size = Infinity;
  terms.forEach((term, i) => {
    if (size >= rangeChars) {
      starts.push(i);
      ranges.push({ terms: [], counts: [], ...(partCounts ? { partCounts: [] } : {}) });
      size = 0;
    }
    const range = ranges.at(-1)!;
    range.terms.push(term);
    range.counts.push(counts[i]!);
    // A term, its count (and part count), quoted and separated: about what it adds to the JSON.
    size += term.length + 4 + String(counts[i]).length;
    if (partCounts) {
      range.partCounts!.push(partCounts[i]!);
      size += String(partCounts[i]).length + 1;
    }
  });
  const { partCounts: _, ...rest } = data;
  return {
    edge: {
      ...rest,
      terms: [],
      counts: [],
      dictionaryRanges: { size: terms.length, starts, firsts: starts.map((s) => terms[s]!) },
    },
    ranges,
  };
}

/** Whether `value` is the range data of `dictionaryRanges` (checked when imported). */
export function validRanges(value: unknown): value is RangedDictionaryData {
  if (typeof value !== "object" || value === null) return false;
  const { size, starts, firsts } = value as Partial<RangedDictionaryData>;
  return Number.isInteger(size) && Array.isArray(starts) && Array.isArray(firsts) &&
    starts.length === firsts.length && (starts.length > 0 || size === 0) &&
    starts.every((s, k) =>
      Number.isInteger(s) && s < size! && (k === 0 ? s === 0 : s > starts[k - 1]!) &&
      typeof firsts[k] === "string" && (k === 0 || firsts[k]! > firsts[k - 1]!)
    );
}

/**
 * The ranges of `data`, each read with `readRange` when first wanted (a failed read is tried
 * again by the next load) and kept: at most the whole dictionary, what an index holding it whole
 * keeps. A range read is checked against where the edge index says it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRangeReader } from "./dictionary_ranges.ts";
 * const shards = [{ terms: ["a", "b"], counts: [1, 2] }, { terms: ["c"], counts: [3] }];
 * const reader = createRangeReader(
 *   { size: 3, starts: [0, 2], firsts: ["a", "c"] },
 *   false,
 *   (k) => Promise.resolve(shards[k]),
 * );
 * assert.equal(reader.range(1), undefined);
 * await reader.load([1]);
 * assert.deepEqual(reader.range(1), shards[1]);
 * await assert.rejects(
 *   createRangeReader({ size: 3, starts: [0, 2], firsts: ["a", "c"] }, false,
 *     () => Promise.resolve({ terms: ["x"], counts: [3] })).load([1]),
 *   /dictionary range 1 is not the one the index names/,
 * );
 * ```
 */
export function createRangeReader(
  data: RangedDictionaryData,
  parts: boolean,
  readRange: (k: number) => Promise<unknown>,
): DictionaryRanges & { load(wanted: Iterable<number>): Promise<void> } {
  const { size, starts, firsts } = data;
  const chunks = createChunkLoader(starts.length, readRange, (value, k) => {
    const n = (starts[k + 1] ?? size) - starts[k]!;
    const range = value as Partial<TermRange> | null;
    const terms = range?.terms;
    const numbers = (list: unknown) =>
      Array.isArray(list) && list.length === n && list.every((c) => Number.isInteger(c) && c >= 0);
    const next = firsts[k + 1];
    if (
      !Array.isArray(terms) || terms.length !== n || terms[0] !== firsts[k] ||
      !terms.every((t, j) => typeof t === "string" && (j === 0 || t > terms[j - 1]!)) ||
      (next !== undefined && !(terms[n - 1]! < next)) || !numbers(range!.counts) ||
      (parts ? !numbers(range!.partCounts) : range!.partCounts !== undefined)
    ) {
      throw new TypeError(`dictionary range ${k} is not the one the index names`);
    }
    return range as TermRange;
  });
  return { size, starts, firsts, range: chunks.get, load: chunks.load };
}
