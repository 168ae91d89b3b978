/**
 * How far a query word reaches into the dictionary: typos, prefixes, abbreviations, and the
 * bounds that keep each query's work small. One place for the numbers the query planner and the
 * dictionary share.
 *
 * @module
 */
import { lazyPattern } from "../lazy_pattern.ts";

/** Fuzzy factor of a term one edit away from the query term (exact matches count 1). */
export const FUZZY_FACTOR = 0.5;
/** Query terms found in at least this many documents are not expanded to typo variants. */
export const FUZZY_MAX_DF = 3;
/**
 * Longest query term (in UTF-16 units) that typo expansion considers. Each edit-distance-1
 * variant of an n-letter word costs O(n) and there are about 72·n of them, so an unbounded
 * word (a 1,000-letter query) would cost seconds; real words and identifiers are shorter.
 */
export const FUZZY_MAX_LENGTH = 24;
/**
 * Letters of typo expansion one query may spend, over all its words in order (about 0.3 ms a
 * letter): a query of 32 unknown long words stays near 10 ms. Later words past
 * the budget match exactly and by prefix only.
 */
export const FUZZY_BUDGET = 32;
/** Factor of a dictionary term that merely starts with the query term. */
export const PREFIX_FACTOR = 0.5;
/**
 * Shortest dictionary term that counts as an abbreviation of a longer query word ("spec" for
 * "specifications"); shorter ones ("con", "re") would match far too much.
 */
export const ABBREVIATION_MIN = 4;

/** A term of decimal digits in any script (`٨٠٨٠`, `８０８０`). */
const DIGITS = lazyPattern(String.raw`^\p{Nd}+$`, "u");

/**
 * Whether a term is a number: decimal digits only (`8080`, `7231`, `2024`; in any script). A
 * number is typed as meant — a port, an error code, an RFC, a year, a page's id — and one a digit
 * away is another thing, not a misspelling: a number gets no typo variants, abbreviations or
 * suggestions, only itself and its completions (`1466` finds `14660`). Typos on a rare number were
 * also costly on a sharded shelf: `14660`'s 50 variants sat in 34 dictionary ranges and 20 postings
 * chunks, all read by a cold search (100,000 pages, 2026-11-29). A term of letters and digits
 * (`rfc7231`, `u64`) is a word: a typo may be in its letters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isNumber } from "./expansion_rules.ts";
 * assert.equal(isNumber("8080"), true);
 * assert.equal(isNumber("٨٠٨٠"), true);
 * assert.equal(isNumber("u64"), false);
 * assert.equal(isNumber("0x1f"), false);
 * assert.equal(isNumber(""), false);
 * ```
 */
export function isNumber(term: string): boolean {
  if (term.length === 0) return false;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    // Past ASCII, digits of other scripts (a rare query: a pattern then).
    return c >= 128 && DIGITS().test(term);
  }
  return true;
}

/**
 * The beginnings of a query term that may be its abbreviations: its first half or more, at least
 * {@link ABBREVIATION_MIN} letters, short of its last two; none for a term shorter than six
 * letters or longer than {@link FUZZY_MAX_LENGTH} (a 1,000-letter "word" is no abbreviation's
 * long form). The planner keeps those the dictionary has.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { abbreviationHeads } from "./expansion_rules.ts";
 * assert.deepEqual(abbreviationHeads("repositori"), ["repos", "reposi", "reposit", "reposito"]);
 * assert.deepEqual(abbreviationHeads("hashmap"), ["hash", "hashm"]);
 * assert.deepEqual(abbreviationHeads("build"), []);
 * assert.deepEqual(abbreviationHeads("2024011"), []); // a number (`isNumber`)
 * ```
 */
export function abbreviationHeads(term: string): string[] {
  if (term.length < 6 || term.length > FUZZY_MAX_LENGTH || isNumber(term)) return [];
  const heads: string[] = [];
  const from = Math.max(ABBREVIATION_MIN, Math.ceil(term.length / 2));
  for (let len = from; len < term.length - 1; len++) heads.push(term.slice(0, len));
  return heads;
}
/** At most this many prefix completions per query term (the most frequent ones). */
export const PREFIX_MAX = 8;
/**
 * The most documents one query may score, counted as the sum of its terms' document frequencies
 * (typos, completions and abbreviations included; a long page's parts counted with the pages):
 * at least this many, whatever the index.
 * Each counted document is a posting decoded and scored on the term's first search (about 1.5 µs
 * each in a cold isolate, 2026-11-26): 32 words found in most pages of a 7,315-page site count
 * about 32,000, and cost more than the edge's 50 ms of CPU; the questions of the evaluation count
 * at most 7,400. See `query_budget.ts`.
 */
export const QUERY_DOCS_MIN = 16_384;
/**
 * The budget grows with the site: this many times its page count when that is more, so that on
 * a large site a short query of common words is not cut (two words found in every page fit),
 * and a query costs at most what a search for a word in every page would, twice over.
 */
export const QUERY_DOCS_PER_PAGE = 2;
