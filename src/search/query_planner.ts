/**
 * A query as the index will search it: its analyzed words, each expanded to the dictionary
 * terms it matches (as typed, typos, prefixes, abbreviations) with their factors, plus the
 * identifiers typed whole that the index knows.
 *
 * @module
 */
import { analyzeWords, identifiersOf } from "./analyzer.ts";
import type { Dictionary } from "./dictionary.ts";
import {
  abbreviationHeads,
  FUZZY_BUDGET,
  FUZZY_FACTOR,
  FUZZY_MAX_DF,
  FUZZY_MAX_LENGTH,
  isNumber,
  PREFIX_FACTOR,
} from "./expansion_rules.ts";

/** Result of analyzing a query against the dictionary. */
export interface QueryPlan {
  /**
   * Analyzed, de-duplicated query terms: the query's words in order, then identifiers typed
   * whole that the index knows.
   */
  terms: string[];
  /** How many of `terms` are the query's words (the rest are whole identifiers). */
  words: number;
  /**
   * Each of the first {@link QueryPlan.words} terms as the query spelled it, lower-cased
   * (`deploying` for `deploi`): what a result says it matched.
   */
  typed?: string[];
  /** For each query term: the dictionary terms it matches and their factor (1 or 0.5). */
  expansions: Map<string, Map<string, number>>;
  /** Query words that match nothing in the index (no term, typo variant or completion). */
  unmatched: { word: string; term: string }[];
  /**
   * Query words left out, as typed: too common to score in a query this long
   * (`query_budget.ts`).
   */
  ignored?: string[];
}

/**
 * Plans `query` against `dictionary` (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDictionary } from "./dictionary.ts";
 * import { planQuery } from "./query_planner.ts";
 * const d = createDictionary(["build", "builder", "deploi"], [3, 1, 5]);
 * const plan = planQuery("Biuld deploying zzz", d);
 * assert.deepEqual(plan.terms, ["biuld", "deploi", "zzz"]);
 * assert.deepEqual(plan.typed, ["biuld", "deploying", "zzz"]);
 * assert.equal(plan.expansions.get("biuld")!.get("build"), 0.5);
 * assert.equal(plan.expansions.get("deploi")!.get("deploi"), 1);
 * assert.deepEqual(plan.unmatched, [{ word: "zzz", term: "zzz" }]);
 * ```
 */
export function planQuery(query: string, dictionary: Dictionary): QueryPlan {
  const { dfOf, has } = dictionary;
  const words = new Map<string, string>();
  for (const { word, term } of analyzeWords(query)) if (!words.has(term)) words.set(term, word);
  const terms = [...words.keys()].slice(0, 32);
  const expansions = new Map<string, Map<string, number>>();
  let budget = FUZZY_BUDGET;
  for (const term of terms) {
    const matches = new Map<string, number>();
    const known = dfOf(term);
    if (known > 0) matches.set(term, 1);
    // Typos: one edit, for words long enough that an edit keeps them recognizable, and
    // only when the word as typed is unknown or rare (a common word was meant as typed).
    // Long words get none: no dictionary term is near them, and the work grows with n². Nor do
    // numbers: one a digit away is another thing (`isNumber`).
    const fuzzy = term.length <= FUZZY_MAX_LENGTH &&
      (term.length >= 4 || (term.length === 3 && known === 0)) && !isNumber(term);
    if (known < FUZZY_MAX_DF && fuzzy && term.length <= budget) {
      budget -= term.length;
      const add = (t: string) => {
        if (t !== term && !matches.has(t)) matches.set(t, FUZZY_FACTOR);
      };
      for (const v of dictionary.typoVariants(term, words.get(term)!)) add(v);
    }
    // Prefixes: "mac" finds "macos", "config" finds "configur".
    if (term.length >= 3) {
      for (const t of dictionary.completions(term)) {
        // One extra letter is usually the same word under another Porter stem
        // (autonomous → "autonom", autonomy → "autonomi"): weigh it nearly as exact.
        if (!matches.has(t)) matches.set(t, t.length - term.length === 1 ? 0.8 : PREFIX_FACTOR);
      }
    }
    // Abbreviations, the other way round: "specif" (specifications) finds "spec",
    // "configur" finds "config", "repositori" finds "repo" — dictionary terms that are the
    // query word's first half or more (`abbreviationHeads`), at prefix weight.
    // Bounded like typos: a 1,000-letter "word" is no abbreviation's long form.
    for (const head of abbreviationHeads(term)) {
      if (has(head) && !matches.has(head)) matches.set(head, PREFIX_FACTOR);
    }
    expansions.set(term, matches);
  }
  const unmatched = terms.filter((t) => expansions.get(t)!.size === 0)
    .map((term) => ({ word: words.get(term)!, term }));
  const wordCount = terms.length;
  // Identifiers typed whole (`pg_class`, `deno.json`, `open(2)`) count as one more exact
  // term when a document has them whole: those documents match every term and outrank the
  // ones that only have the parts. An identifier no document has adds nothing.
  for (const id of identifiersOf(query)) {
    if (terms.length < 40 && has(id) && !expansions.has(id)) {
      terms.push(id);
      expansions.set(id, new Map([[id, 1]]));
    }
  }
  const typed = terms.slice(0, wordCount).map((t) => words.get(t)!);
  return { terms, words: wordCount, typed, expansions, unmatched };
}
