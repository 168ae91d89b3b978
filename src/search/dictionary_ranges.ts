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
 * 20 KB, 32 and 284 KB; 8 KB: 10 KB, 48 and 492 KB. A name page names each range (13 bytes,
 * `name_pages.ts`).
 *
 * @module
 */
import { lastAtOrBefore } from "../last_at_or_before.ts";
import { oneAtATime } from "../one_at_a_time.ts";
import { createChunkLoader } from "../content/chunk_loader.ts";
import {
  createDictionary,
  type Dictionary,
  type DictionaryRanges,
  runOf,
  type TermRange,
} from "./dictionary.ts";
import { checkNeighbourRange, type NeighbourRange, splitNeighbours } from "./neighbour_ranges.ts";
import type { SearchIndexData } from "./search_index.ts";

/** Characters of JSON a dictionary range holds, about. */
export const DICTIONARY_RANGE_CHARS = 2 * 1024;

/**
 * Characters of JSON a dictionary volume holds, about: the ranges again, in runs an isolate reads
 * in the background from its second search on, one a search (`SearchIndex.readRest`), so that the
 * later ones wait for no range (a new word's range would cost each a round of reads: on openjdk-17-doc, half
 * of 200 titles asked warm).
 */
export const DICTIONARY_VOLUME_CHARS = 512 * 1024;

/**
 * Ranges a prefix's terms may span before its completions are found when the dictionary is
 * split and kept in the range the prefix falls in (`TermRange.completions`): a search then reads
 * that one range, not every range of the terms starting with it ("java" on a shelf with the JDK's
 * API: 94 ranges, 200 KB, of `java.awt.*` identifiers and the like; 2026-11-28).
 */
export const COMPLETION_RUN_RANGES = 2;

/** Where a dictionary kept in ranges has them (`SearchIndexData.dictionaryRanges`). */
export interface RangedDictionaryData {
  /** Terms in all. */
  size: number;
  /** The position of each range's first term in the whole dictionary. */
  starts: number[];
  /** Each range's first term. */
  firsts: string[];
  /** The first range of each volume (the ranges again, in runs: {@link DICTIONARY_VOLUME_CHARS}). */
  volumes?: number[];
  /**
   * A prefix whose terms span more than this many ranges has its completions in the range it
   * falls in ({@link COMPLETION_RUN_RANGES}); absent, every prefix's are found by a scan.
   */
  completionRuns?: number;
  /**
   * Each neighbour range's first key (`neighbour_ranges.ts`): the ranges are read as dictionary
   * ranges numbered on from the last of {@link starts}. Absent, a typo's candidates are looked up
   * in their own ranges.
   */
  neighbours?: string[];
}

/**
 * Adds to `ranges` (starting with `firsts`) the completions of every prefix whose terms span more
 * than `runs` ranges, found by `completions` (the whole dictionary's), each in the range it falls
 * in. Such a prefix is a prefix of some range's first term (the next range's first term starts
 * with it), so those are the only ones tried.
 */
function addCompletions(
  ranges: {
    completions?: Record<string, readonly string[]>;
    completionTerms?: Record<string, readonly number[]>;
  }[],
  firsts: readonly string[],
  runs: number,
  whole: Dictionary,
  parts: boolean,
): void {
  const completions = whole.completions;
  const tables = new Map<number, [string, readonly string[]][]>();
  const tried = new Set<string>();
  for (const first of firsts) {
    for (let length = 0; length <= first.length; length++) {
      const prefix = first.slice(0, length);
      if (tried.has(prefix)) continue;
      tried.add(prefix);
      const [from, end] = runOf(firsts, prefix);
      if (end - from <= runs) continue;
      const table = tables.get(from) ?? [];
      table.push([prefix, completions(prefix)]);
      tables.set(from, table);
    }
  }
  // Own properties whatever the prefix ("__proto__" too).
  for (const [r, table] of tables) {
    ranges[r]!.completions = Object.fromEntries(table);
    ranges[r]!.completionTerms = Object.fromEntries(
      [...new Set(table.flatMap(([, terms]) => terms))].sort().map((t) => {
        const i = whole.find(t);
        const entry = [i, whole.dfOf(t)];
        return [t, parts ? [...entry, whole.partsOf(t)] : entry];
      }),
    );
  }
}

/**
 * Splits `data`'s dictionary into ranges of consecutive terms of about `rangeChars` characters:
 * the edge index (empty `terms` and `counts`, no `partCounts`, `dictionaryRanges` saying where
 * the ranges are), the ranges, their volumes and the neighbour ranges (`neighbour_ranges.ts`),
 * which a reader reads as the ranges numbered on from the last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitDictionary } from "./dictionary_ranges.ts";
 * import { buildSearchIndex } from "./search_index.ts";
 * const data = await buildSearchIndex([
 *   { id: "a", name: "Alpha", keywords: [], description: "", content: "one two three" },
 * ], "h").export();
 * const { edge, ranges, neighbours } = splitDictionary(data, 10);
 * assert.deepEqual([edge.terms, edge.counts], [[], []]);
 * assert.equal(edge.dictionaryRanges?.firsts.length, ranges.length);
 * assert.equal(edge.dictionaryRanges?.neighbours?.length, neighbours.length);
 * assert.deepEqual(ranges.flatMap((r) => r.terms), data.terms);
 * assert.deepEqual(ranges.flatMap((r) => r.counts), data.counts);
 * ```
 */
export function splitDictionary(
  data: SearchIndexData,
  rangeChars = DICTIONARY_RANGE_CHARS,
  volumeChars = DICTIONARY_VOLUME_CHARS,
  completionRuns = COMPLETION_RUN_RANGES,
): {
  edge: SearchIndexData;
  ranges: TermRange[];
  volumes: TermRange[][];
  neighbours: NeighbourRange[];
} {
  const { terms, counts, partCounts } = data;
  const ranges: {
    terms: string[];
    counts: number[];
    partCounts?: number[];
    completions?: Record<string, readonly string[]>;
    completionTerms?: Record<string, readonly number[]>;
  }[] = [];
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
  const firsts = starts.map((s) => terms[s]!);
  const whole = createDictionary(terms, counts, partCounts);
  addCompletions(ranges, firsts, completionRuns, whole, partCounts !== undefined);
  const volumes: TermRange[][] = [];
  const volumeStarts: number[] = [];
  let chars = Infinity;
  ranges.forEach((range, r) => {
    if (chars >= volumeChars) {
      volumeStarts.push(r);
      volumes.push([]);
      chars = 0;
    }
    volumes.at(-1)!.push(range);
    chars += rangeChars;
  });
  const { partCounts: _, ...rest } = data;
  const neighbours = splitNeighbours(terms);
  return {
    edge: {
      ...rest,
      terms: [],
      counts: [],
      dictionaryRanges: {
        size: terms.length,
        starts,
        firsts,
        volumes: volumeStarts,
        completionRuns,
        neighbours: neighbours.firsts,
      },
    },
    ranges,
    volumes,
    neighbours: neighbours.ranges,
  };
}

/** Whether `value` is the range data of `dictionaryRanges` (checked when imported). */
export function validRanges(value: unknown): value is RangedDictionaryData {
  if (typeof value !== "object" || value === null) return false;
  const { size, starts, firsts, volumes, completionRuns, neighbours } = value as Partial<
    RangedDictionaryData
  >;
  const validVolumes = () =>
    volumes === undefined || (Array.isArray(volumes) &&
      volumes.every((v, k) =>
        Number.isInteger(v) && v < starts!.length && (k === 0 ? v === 0 : v > volumes[k - 1]!)
      ));
  return Number.isInteger(size) && Array.isArray(starts) && Array.isArray(firsts) &&
    starts.length === firsts.length && (starts.length > 0 || size === 0) &&
    starts.every((s, k) =>
      Number.isInteger(s) && s < size! && (k === 0 ? s === 0 : s > starts[k - 1]!) &&
      typeof firsts[k] === "string" && (k === 0 || firsts[k]! > firsts[k - 1]!)
    ) && validVolumes() &&
    (neighbours === undefined || (Array.isArray(neighbours) &&
      neighbours.every((f, k) => typeof f === "string" && (k === 0 || f > neighbours[k - 1]!)))) &&
    (completionRuns === undefined || (Number.isInteger(completionRuns) && completionRuns >= 1));
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
  readVolume?: (v: number) => Promise<unknown>,
): DictionaryRanges & { load(wanted: Iterable<number>): Promise<void>; readRest(): Promise<void> } {
  const { size, starts, firsts } = data;
  const check = (value: unknown, k: number): TermRange => {
    const n = (starts[k + 1] ?? size) - starts[k]!;
    const range = value as Partial<TermRange> | null;
    const terms = range?.terms;
    const numbers = (list: unknown) =>
      Array.isArray(list) && list.length === n && list.every((c) => Number.isInteger(c) && c >= 0);
    const next = firsts[k + 1];
    const table = range?.completions;
    const strings = (list: unknown) =>
      Array.isArray(list) && list.every((t) => typeof t === "string");
    if (
      table !== undefined &&
      (typeof table !== "object" || table === null || !Object.values(table).every(strings))
    ) {
      throw new TypeError(`dictionary range ${k} is not the one the index names`);
    }
    // Each completion's place in the dictionary and counts: a place in the range the term falls
    // in, counts as the ranges' own.
    const known = range?.completionTerms;
    const entry = ([term, e]: [string, unknown]) => {
      const r = lastAtOrBefore(firsts, term);
      return r >= 0 && Array.isArray(e) && e.length === (parts ? 3 : 2) &&
        e.every((c) => Number.isInteger(c) && c >= 0) && e[0] >= starts[r]! &&
        e[0] < (starts[r + 1] ?? size);
    };
    if (
      known !== undefined &&
      (typeof known !== "object" || known === null || !Object.entries(known).every(entry))
    ) {
      throw new TypeError(`dictionary range ${k} is not the one the index names`);
    }
    if (
      !Array.isArray(terms) || terms.length !== n || terms[0] !== firsts[k] ||
      !terms.every((t, j) => typeof t === "string" && (j === 0 || t > terms[j - 1]!)) ||
      (next !== undefined && !(terms[n - 1]! < next)) || !numbers(range!.counts) ||
      (parts ? !numbers(range!.partCounts) : range!.partCounts !== undefined)
    ) {
      throw new TypeError(`dictionary range ${k} is not the one the index names`);
    }
    return range as TermRange;
  };
  // The neighbour ranges are numbered on from the dictionary's.
  const nearFirsts = data.neighbours ?? [];
  const count = starts.length;
  const chunks = createChunkLoader<TermRange | NeighbourRange>(
    count + nearFirsts.length,
    readRange,
    (value, k) => k < count ? check(value, k) : checkNeighbourRange(value, k - count, nearFirsts),
  );
  // The ranges read in volumes, one volume a call of `readRest`: reading and checking one costs
  // about 10–15 ms of CPU on the 2-core VM (the reference shelf's 9 of 512 KB, 2026-11-28), and
  // whatever request is running then pays for it, so no request pays for more than one.
  const volumes = data.volumes ?? [];
  const rest: (TermRange | undefined)[] = new Array(starts.length);
  let nextVolume = 0;
  const readNextVolume = async () => {
    for (; nextVolume < volumes.length; nextVolume++) {
      const v = nextVolume;
      const first = volumes[v]!;
      const end = volumes[v + 1] ?? starts.length;
      if (rest[end - 1] !== undefined) continue;
      const value = await readVolume!(v);
      if (!Array.isArray(value) || value.length !== end - first) {
        throw new TypeError(`dictionary volume ${v} is not the one the index names`);
      }
      value.forEach((range, i) => rest[first + i] = check(range, first + i));
      nextVolume = v + 1;
      return;
    }
  };
  // Done or failed, the next call reads the next volume (or this one again).
  const readNext = oneAtATime(readNextVolume);
  return {
    size,
    starts,
    firsts,
    ...(data.completionRuns !== undefined ? { completionRuns: data.completionRuns } : {}),
    range: (r) => (r < count ? chunks.get(r) as TermRange | undefined : undefined) ?? rest[r],
    ...(nearFirsts.length > 0
      ? {
        neighbours: {
          firsts: nearFirsts,
          range: (i: number) => chunks.get(count + i) as NeighbourRange | undefined,
          numberOf: (i: number) => count + i,
        },
      }
      : {}),
    load: (wanted) => chunks.load([...wanted].filter((r) => rest[r] === undefined)),
    readRest: () => readVolume ? readNext() : Promise.resolve(),
  };
}
