/**
 * An index's dictionary: its sorted terms with their document counts, and what a query asks of
 * them — where a term is, how many documents have it, its completions, its one-edit variants
 * and its close spellings — each answer kept per term in a memo bounded in bytes.
 *
 * The terms may be in ranges read on demand (a sharded build's edge index keeps only where each
 * range starts and its first term: `dictionary_ranges.ts`). A lookup then needs the range its
 * term falls in; {@link Dictionary.attempt} runs lookups while recording the ranges they needed
 * and did not have (answered as absent meanwhile, and never kept in a memo), so that a caller can
 * read those ranges and run them again until nothing is missing: then every answer is the whole
 * dictionary's. Outside `attempt`, a lookup in a range not read throws.
 *
 * @module
 */
import { createMemo, type Memo, remembered } from "../remembered.ts";
import { stemOnce } from "./analyzer.ts";
import { editDistance } from "./edit_distance.ts";
import { editVariants } from "./edit_variants.ts";
import { FUZZY_MAX_LENGTH, isNumber, PREFIX_MAX } from "./expansion_rules.ts";
import { firstAtOrAfter } from "../first_at_or_after.ts";
import { lastAtOrBefore } from "../last_at_or_before.ts";
import { neighbourHas, neighbourKey, type NeighbourRange } from "./neighbour_ranges.ts";

/** Query words whose answers a dictionary remembers, per memo. */
const MEMO_ENTRIES = 10_000;
/**
 * Bytes of each of a dictionary's four query memos (positions, prefix completions, typo
 * variants, suggestions): 4 MiB each, 16 MiB per index.
 */
export const INDEX_MEMO_BYTES = 4 * 1024 * 1024;

/** Longest term a completion table is looked in for (`TermRange.completionTerms`). */
const COMPLETED_MAX_LENGTH = 256;

/** One of a dictionary's query memos. */
const queryMemo = <V>(name: string): Memo<string, V> =>
  createMemo<string, V>({ name, maxEntries: MEMO_ENTRIES, maxBytes: INDEX_MEMO_BYTES });

/** A run of consecutive terms of the sorted dictionary, with their counts. */
export interface TermRange {
  terms: readonly string[];
  /** Pages with each term (`SearchIndexData.counts`). */
  counts: readonly number[];
  /** Parts with each term (`SearchIndexData.partCounts`), when the index has parts. */
  partCounts?: readonly number[];
  /**
   * The completions ({@link Dictionary.completions}) of each prefix that falls in this range and
   * whose terms span more ranges than {@link DictionaryRanges.completionRuns}: found when the
   * dictionary was split, so that a search reads this range rather than all of theirs.
   */
  completions?: Readonly<Record<string, readonly string[]>>;
  /**
   * Each term of {@link completions}' lists: its place in the whole dictionary, its page count
   * and, when the index has parts, its part count — so that a search planning a prefix's
   * completions does not wait for their own ranges to be read (a round of reads: "vec" on a
   * shelf with Rust's API completes in five ranges).
   */
  completionTerms?: Readonly<Record<string, readonly number[]>>;
}

/** A dictionary in ranges: where each starts, its first term, and the ranges read so far. */
export interface DictionaryRanges {
  /** Terms in all. */
  readonly size: number;
  /** The position of each range's first term in the whole dictionary (0, then increasing). */
  readonly starts: readonly number[];
  /** Each range's first term. */
  readonly firsts: readonly string[];
  /** Range `r`, or `undefined` while it is not read. */
  range(r: number): TermRange | undefined;
  /**
   * When set, a prefix whose terms span more than this many ranges ({@link runOf}) has its
   * completions in the range it falls in (`TermRange.completions`).
   */
  readonly completionRuns?: number;
  /**
   * The neighbour ranges (`neighbour_ranges.ts`): where each starts, and range `i` or `undefined`
   * while it is not read.
   */
  readonly neighbours?: {
    readonly firsts: readonly string[];
    range(i: number): NeighbourRange | undefined;
    /** The number a lookup records neighbour range `i` missing under (for `load`). */
    numberOf(i: number): number;
  };
}

/** See {@link createDictionary}. */
export interface Dictionary {
  /** Whether the dictionary has `term` (looked up each time: typo candidates, abbreviations). */
  has(term: string): boolean;
  /** Where `term` is in the whole dictionary, or -1 (kept per term: a query asks several times). */
  find(term: string): number;
  /** Documents with `term` in any field (0: not in the dictionary). */
  dfOf(term: string): number;
  /** Parts with `term` (0 when the index has no parts or the term is not in the dictionary). */
  partsOf(term: string): number;
  /** Up to {@link PREFIX_MAX} longer terms starting with `prefix`, most frequent first. */
  completions(prefix: string): readonly string[];
  /** The terms one edit from a query word: of its term, and of the word before stemming. */
  typoVariants(term: string, word: string): readonly string[];
  /**
   * Terms within two edits sharing the first letter, closest and most frequent first (none for a
   * number: `isNumber`).
   */
  suggest(term: string, max: number): string[];
  /**
   * Runs `lookups` (synchronous calls of this dictionary's methods) and says which ranges they
   * needed that are not read: none, and `value` is what the whole dictionary answers; some, and
   * `value` is to be thrown away (a lookup in a missing range answered as if the term were absent,
   * a scan over one found nothing), to run again once they are read.
   */
  attempt<T>(lookups: () => T): { value: T; missing: number[] };
}

/**
 * The positions (from, to) of the range of `ranges` that `term` would be in, read or not; undefined
 * when it would come before every term.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { spanOf } from "./dictionary.ts";
 * const ranges = { size: 5, starts: [0, 2], firsts: ["b", "d"], range: () => undefined };
 * assert.deepEqual(spanOf(ranges, "c"), [0, 2]);
 * assert.deepEqual(spanOf(ranges, "z"), [2, 5]);
 * assert.equal(spanOf(ranges, "a"), undefined);
 * ```
 */
export function spanOf(ranges: DictionaryRanges, term: string): [number, number] | undefined {
  const r = lastAtOrBefore(ranges.firsts, term);
  return r < 0 ? undefined : [ranges.starts[r]!, ranges.starts[r + 1] ?? ranges.size];
}

/**
 * The ranges (from, to: `to` excluded) a scan of the terms starting with `prefix` reads: the one it
 * falls in (the first when it comes before every term), then each whose first term starts with
 * it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runOf } from "./dictionary.ts";
 * const firsts = ["ant", "java", "java.awt.a", "java.awt.b", "javadoc", "kotlin"];
 * assert.deepEqual(runOf(firsts, "java.awt"), [1, 4]);
 * assert.deepEqual(runOf(firsts, "jav"), [0, 5]);
 * assert.deepEqual(runOf(firsts, "kot"), [4, 6]);
 * assert.deepEqual(runOf(firsts, "aa"), [0, 0]); // before every term: none
 * ```
 */
export function runOf(firsts: readonly string[], prefix: string): [number, number] {
  const r0 = lastAtOrBefore(firsts, prefix);
  let end = Math.max(r0 + 1, 0);
  while (end < firsts.length && firsts[end]!.startsWith(prefix)) end++;
  return [Math.max(r0, 0), end];
}

/**
 * A dictionary over sorted `terms`, their page `counts` and, when the index has parts, their
 * `partCounts`: all of it read (one range).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDictionary } from "./dictionary.ts";
 * const d = createDictionary(["build", "builder", "deploi", "deploy"], [3, 1, 5, 2]);
 * assert.equal(d.find("deploi"), 2);
 * assert.equal(d.dfOf("nope"), 0);
 * assert.deepEqual(d.completions("buil"), ["build", "builder"]);
 * assert.deepEqual(d.completions("build"), ["builder"]);
 * assert.ok(d.typoVariants("biuld", "biuld").includes("build"));
 * assert.deepEqual(d.suggest("deplyo", 3), ["deploy", "deploi"]); // one swap, then two edits
 * ```
 */
export function createDictionary(
  terms: readonly string[],
  counts: readonly number[],
  partCounts?: readonly number[],
): Dictionary {
  const whole: TermRange = { terms, counts, ...(partCounts ? { partCounts } : {}) };
  const some = terms.length > 0;
  return createRangedDictionary({
    size: terms.length,
    starts: some ? [0] : [],
    firsts: some ? [terms[0]!] : [],
    range: () => whole,
  });
}

/**
 * Whether `candidate`, one edit from `term`, is a term of `ranges`: looked up with `has` in its
 * own range when that is read or near `term`'s, else in the neighbour range its key falls in
 * (`neighbour_ranges.ts`), which `wanted` gives when read (and records missing otherwise).
 */
function nearLookup(
  ranges: DictionaryRanges,
  has: (term: string) => boolean,
  wanted: <R>(range: R | undefined, r: number) => R | undefined,
): (term: string, candidate: string) => boolean {
  const near = ranges.neighbours;
  if (!near) return (_, candidate) => has(candidate);
  return (term, candidate) => {
    const r = lastAtOrBefore(ranges.firsts, candidate);
    if (r < 0) return false;
    const key = ranges.range(r) ? undefined : neighbourKey(candidate, term);
    if (!key) return has(candidate);
    const i = lastAtOrBefore(near.firsts, key[0]);
    const range = i < 0 ? undefined : wanted(near.range(i), near.numberOf(i));
    return range !== undefined && neighbourHas(range, key[0], key[1]);
  };
}

/**
 * `term`'s entry in a completion table read (`TermRange.completionTerms`: place, page count, part
 * count), when it has one — the one at place `at` when given: in the range one of its prefixes
 * falls in. Asked only when its own range is not read; a term longer than any a table is made for
 * is not looked for.
 */
function completedEntry(
  ranges: DictionaryRanges,
  term: string,
  at?: number,
): readonly number[] | undefined {
  if (ranges.completionRuns === undefined || term.length > COMPLETED_MAX_LENGTH) return undefined;
  let last = -1;
  for (let n = term.length - 1; n >= 0; n--) {
    const r = Math.max(0, lastAtOrBefore(ranges.firsts, term.slice(0, n)));
    if (r === last) continue;
    last = r;
    const table = ranges.range(r)?.completionTerms;
    const entry = table && Object.hasOwn(table, term) ? table[term] : undefined;
    // (Tables built together agree; of shards that do not, the entry a place was found by.)
    if (entry && (at === undefined || entry[0] === at)) return entry;
  }
  return undefined;
}

/**
 * Visits the terms starting with `prefix`, in order, with their counts; false (nothing visited)
 * when a range they are in is not read (`read` gives it, or records it missing) — every such range
 * recorded at once. A range is in the run when its first term starts with `prefix`, or when it
 * holds the place `prefix` would have (so a run ending where a range ends does not need the next
 * range).
 */
function scanTerms(
  firsts: readonly string[],
  read: (r: number) => TermRange | undefined,
  prefix: string,
  visit: (term: string, count: number) => void,
): boolean {
  const [from, end] = runOf(firsts, prefix);
  const run: TermRange[] = [];
  let complete = true;
  for (let r = from; r < end; r++) {
    const range = read(r);
    if (range) run.push(range);
    else complete = false;
  }
  if (!complete) return false;
  for (const [k, { terms, counts }] of run.entries()) {
    for (let j = k === 0 ? firstAtOrAfter(terms, prefix) : 0; j < terms.length; j++) {
      if (!terms[j]!.startsWith(prefix)) return true;
      visit(terms[j]!, counts[j]!);
    }
  }
  return true;
}

/**
 * A dictionary over `ranges`, read or not (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRangedDictionary, type TermRange } from "./dictionary.ts";
 * const read: (TermRange | undefined)[] = [undefined, undefined];
 * const all = [
 *   { terms: ["build", "builder"], counts: [3, 1] },
 *   { terms: ["deploi", "deploy"], counts: [5, 2] },
 * ];
 * const d = createRangedDictionary({
 *   size: 4, starts: [0, 2], firsts: ["build", "deploi"], range: (r) => read[r],
 * });
 * assert.deepEqual(d.attempt(() => d.dfOf("deploy")), { value: 0, missing: [1] });
 * assert.throws(() => d.find("deploy"), /range 1 is not read/);
 * read[1] = all[1];
 * assert.deepEqual(d.attempt(() => d.dfOf("deploy")), { value: 2, missing: [] });
 * assert.equal(d.find("deploy"), 3); // its place in the whole dictionary
 * assert.deepEqual(d.attempt(() => d.completions("bu")), { value: [], missing: [0] });
 * ```
 */
export function createRangedDictionary(ranges: DictionaryRanges): Dictionary {
  const { starts, firsts } = ranges;
  // The ranges lookups needed and did not have, while `attempt` runs; `misses` counts them, so
  // that an answer computed while one was missing is not kept.
  let recording: Set<number> | undefined;
  let misses = 0;
  /** `range` when read; otherwise recorded as missing under number `r` (or thrown). */
  const wanted = <R>(range: R | undefined, r: number): R | undefined => {
    if (range) return range;
    if (!recording) throw new Error(`dictionary range ${r} is not read`);
    recording.add(r);
    misses++;
    return undefined;
  };
  const read = (r: number): TermRange | undefined => wanted(ranges.range(r), r);
  /** A memo's answer for `key`, kept only when computed without a missing range. */
  const recalled = <V>(memo: Memo<string, V>, key: string, compute: (key: string) => V): V => {
    const known = memo.map.get(key);
    if (known !== undefined) return known;
    const before = misses;
    const value = compute(key);
    return misses === before ? remembered(memo, key, () => value) : value;
  };
  // A whole dictionary (`createDictionary`, a bundled build's) is one range: every lookup is in
  // it, found without a search of the ranges (each lookup of a query's plan asks).
  const single = starts.length === 1;
  const locate = (term: string): number => {
    const r = single ? (term < firsts[0]! ? -1 : 0) : lastAtOrBefore(firsts, term);
    if (r >= 0 && !single && !ranges.range(r)) {
      const known = completedEntry(ranges, term);
      if (known) return known[0]!;
    }
    const range = r < 0 ? undefined : read(r);
    if (!range) return -1;
    const j = firstAtOrAfter(range.terms, term);
    return range.terms[j] === term ? starts[r]! + j : -1;
  };
  const has = (term: string) => locate(term) >= 0;
  // A binary search of string comparisons (16 on tldr's dictionary) asked several times per
  // term and query (its rarity, its postings, its content documents): kept per term (bounded; a
  // term longer than any typo-expanded word is located each time rather than kept).
  const positions = queryMemo<number>("index: dictionary positions");
  const find = (term: string): number =>
    term.length > FUZZY_MAX_LENGTH ? locate(term) : recalled(positions, term, locate);
  /** A term's page or part count: from its range, or from a completion table read. */
  const countOf = (term: string, parts: boolean): number => {
    const i = find(term);
    if (i < 0) return 0;
    const r = single && i >= starts[0]! ? 0 : lastAtOrBefore(starts, i);
    if (!ranges.range(r)) {
      const known = completedEntry(ranges, term, i);
      if (known) return known[parts ? 2 : 1] ?? 0;
    }
    const range = read(r);
    if (!range) return 0;
    const j = i - starts[r]!;
    return parts ? range.partCounts?.[j] ?? 0 : range.counts[j]!;
  };
  const scan = (prefix: string, visit: (term: string, count: number) => void) =>
    scanTerms(firsts, read, prefix, visit);
  // A prefix's completions depend only on the dictionary: found once per prefix and kept;
  // "git" on tldr walks a few thousand terms to find them.
  const completionCache = queryMemo<readonly string[]>("index: prefix completions");
  const findCompletions = (prefix: string): readonly string[] => {
    const [from, end] = runOf(firsts, prefix);
    if (ranges.completionRuns !== undefined && end - from > ranges.completionRuns) {
      // Found when the dictionary was split, in the range the prefix falls in.
      const range = read(from);
      if (!range) return [];
      const table = range.completions;
      if (!table || !Object.hasOwn(table, prefix)) {
        throw new Error(`dictionary range ${from} lacks the completions of "${prefix}"`);
      }
      return table[prefix]!;
    }
    const found: { t: string; df: number }[] = [];
    scan(prefix, (t, df) => {
      if (t !== prefix) found.push({ t, df });
    });
    // Most frequent first; ties in dictionary order (the sort is stable).
    return found.sort((a, b) => b.df - a.df).slice(0, PREFIX_MAX).map((x) => x.t);
  };
  // The terms one edit from a query word: found once per word (about 72 candidates per letter,
  // the word's own ones stemmed) and kept.
  const typoCache = queryMemo<readonly string[]>("index: typo variants");
  const hasNear = nearLookup(ranges, has, wanted);
  const findTypoVariants = (term: string, word: string): string[] => {
    // Asked only of a word known rare or absent: until its own range is read, nothing (the
    // candidates' ranges are many, and the word may turn out common).
    const own = lastAtOrBefore(firsts, term);
    if (own >= 0 && !read(own)) return [];
    const set = new Set(editVariants(term, (t) => hasNear(term, t)));
    // Edits of the word before stemming catch typos in a suffix the stemmer would keep.
    for (const v of editVariants(word, (w) => hasNear(term, stemOnce(w)))) set.add(stemOnce(v));
    return [...set];
  };
  const suggestions = queryMemo<readonly string[]>("index: suggestions");
  const closeTerms = (term: string, max: number): string[] => {
    // Terms sharing the first letter are one contiguous run of the sorted dictionary.
    const found: { t: string; d: number; df: number }[] = [];
    scan(term[0]!, (t, df) => {
      const d = editDistance(term, t, 2);
      if (d <= 2 && t !== term) found.push({ t, d, df });
    });
    return found.sort((a, b) => a.d - b.d || b.df - a.df).slice(0, max).map((x) => x.t);
  };
  return {
    has,
    find,
    dfOf: (term) => countOf(term, false),
    partsOf: (term) => countOf(term, true),
    completions: (prefix) => recalled(completionCache, prefix, findCompletions),
    typoVariants: (term, word) =>
      recalled(typoCache, `${term}\u0000${word}`, () => findTypoVariants(term, word)),
    suggest(term, max) {
      // A number is not misspelt (`isNumber`).
      if (term.length < 3 || term.length > FUZZY_MAX_LENGTH || isNumber(term)) return [];
      // Suggestions depend only on the dictionary: found once per word and kept.
      return [...recalled(suggestions, `${term}\u0000${max}`, () => closeTerms(term, max))];
    },
    attempt(lookups) {
      const outer = recording;
      const missing = recording = new Set();
      try {
        return { value: lookups(), missing: [...missing].sort((a, b) => a - b) };
      } finally {
        recording = outer;
      }
    },
  };
}
