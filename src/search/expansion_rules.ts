/**
 * How far a query word reaches into the dictionary: typos, prefixes, abbreviations, and the
 * bounds that keep each query's work small. One place for the numbers the query planner and the
 * dictionary share.
 *
 * @module
 */

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
/** At most this many prefix completions per query term (the most frequent ones). */
export const PREFIX_MAX = 8;
