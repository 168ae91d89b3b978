/**
 * An index's dictionary: its sorted terms with their document counts, and what a query asks of
 * them — where a term is, how many documents have it, its completions, its one-edit variants
 * and its close spellings — each answer kept per term in a memo bounded in bytes.
 *
 * @module
 */
import { createMemo, type Memo, remembered } from "../remembered.ts";
import { stemOnce } from "./analyzer.ts";
import { editDistance } from "./edit_distance.ts";
import { editVariants } from "./edit_variants.ts";
import { FUZZY_MAX_LENGTH, PREFIX_MAX } from "./expansion_rules.ts";

/** Query words whose answers a dictionary remembers, per memo. */
const MEMO_ENTRIES = 10_000;
/**
 * Bytes of each of a dictionary's four query memos (positions, prefix completions, typo
 * variants, suggestions): 4 MiB each, 16 MiB per index.
 */
export const INDEX_MEMO_BYTES = 4 * 1024 * 1024;

/** One of a dictionary's query memos. */
const queryMemo = <V>(name: string): Memo<string, V> =>
  createMemo<string, V>({ name, maxEntries: MEMO_ENTRIES, maxBytes: INDEX_MEMO_BYTES });

/** See {@link createDictionary}. */
export interface Dictionary {
  readonly terms: readonly string[];
  /** The first position of the sorted terms at or after `prefix`. */
  lowerBound(prefix: string): number;
  /** Whether the dictionary has `term` (looked up each time: typo candidates, abbreviations). */
  has(term: string): boolean;
  /** Where `term` is, or -1 (kept per term: a query asks several times per term). */
  find(term: string): number;
  /** Documents with `term` in any field (0: not in the dictionary). */
  dfOf(term: string): number;
  /** Up to {@link PREFIX_MAX} longer terms starting with `prefix`, most frequent first. */
  completions(prefix: string): readonly string[];
  /** The terms one edit from a query word: of its term, and of the word before stemming. */
  typoVariants(term: string, word: string): readonly string[];
  /** Terms within two edits sharing the first letter, closest and most frequent first. */
  suggest(term: string, max: number): string[];
}

/**
 * A dictionary over sorted `terms` and their document `counts`.
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
export function createDictionary(terms: readonly string[], counts: readonly number[]): Dictionary {
  const lowerBound = (prefix: string): number => {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const locate = (term: string): number => {
    const i = lowerBound(term);
    return terms[i] === term ? i : -1;
  };
  const has = (term: string) => locate(term) >= 0;
  // A binary search of string comparisons (16 on tldr's dictionary) asked several times per
  // term and query (its rarity, its postings, its content documents): kept per term (bounded; a
  // term longer than any typo-expanded word is located each time rather than kept).
  const positions = queryMemo<number>("index: dictionary positions");
  const find = (term: string): number =>
    term.length > FUZZY_MAX_LENGTH ? locate(term) : remembered(positions, term, locate);
  // A prefix's completions depend only on the dictionary: found once per prefix and kept;
  // "git" on tldr walks a few thousand terms to find them.
  const completionCache = queryMemo<readonly string[]>("index: prefix completions");
  const findCompletions = (prefix: string): string[] => {
    const found: number[] = [];
    for (let i = lowerBound(prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) {
      if (terms[i] !== prefix) found.push(i);
    }
    // Most frequent first; ties in dictionary order (the sort is stable).
    return found.sort((a, b) => counts[b]! - counts[a]!).slice(0, PREFIX_MAX)
      .map((i) => terms[i]!);
  };
  // The terms one edit from a query word: found once per word (about 72 candidates per letter,
  // the word's own ones stemmed) and kept.
  const typoCache = queryMemo<readonly string[]>("index: typo variants");
  const suggestions = queryMemo<readonly string[]>("index: suggestions");
  const closeTerms = (term: string, max: number): string[] => {
    // Terms sharing the first letter are one contiguous run of the sorted dictionary.
    const lo = lowerBound(term[0]!);
    const found: { t: string; d: number; df: number }[] = [];
    for (let i = lo; i < terms.length && terms[i]![0] === term[0]; i++) {
      const t = terms[i]!;
      const d = editDistance(term, t, 2);
      if (d <= 2 && t !== term) found.push({ t, d, df: counts[i]! });
    }
    return found.sort((a, b) => a.d - b.d || b.df - a.df).slice(0, max).map((x) => x.t);
  };
  return {
    terms,
    lowerBound,
    has,
    find,
    dfOf(term) {
      const i = find(term);
      return i < 0 ? 0 : counts[i]!;
    },
    completions: (prefix) => remembered(completionCache, prefix, findCompletions),
    typoVariants: (term, word) =>
      remembered(typoCache, `${term}\u0000${word}`, () => {
        const set = new Set(editVariants(term, has));
        // Edits of the word before stemming catch typos in a suffix the stemmer would keep.
        for (const v of editVariants(word, (w) => has(stemOnce(w)))) set.add(stemOnce(v));
        return [...set];
      }),
    suggest(term, max) {
      if (term.length < 3 || term.length > FUZZY_MAX_LENGTH) return [];
      // Suggestions depend only on the dictionary: found once per word and kept.
      return [...remembered(suggestions, `${term}\u0000${max}`, () => closeTerms(term, max))];
    },
  };
}
