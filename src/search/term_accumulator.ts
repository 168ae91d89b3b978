/**
 * Accumulation: what each query term's scores (`term_scores.ts`) add up to in each document —
 * per term its best expansion (the word as typed, a typo, a prefix), then per document the sum,
 * how many terms matched and which, how much of the query's words it covers, whether it holds
 * one as typed, and how many words its title or description holds. Kept in arrays indexed by
 * document number, reused by every search of an index (searches are synchronous) and cleared
 * through the lists of the documents touched: no per-query maps.
 *
 * @module
 */
import type { QueryPlan } from "./query_planner.ts";
import type { TermScores } from "./term_scores.ts";

/** What one search's accumulation reads of the index. */
export interface TermSource {
  /** A dictionary term's scores under the search's weights and scope, or `undefined`. */
  scoresOf(term: string): TermScores | undefined;
  /** A dictionary term's rarity among the search's documents. */
  idf(term: string): number;
  /** Whether the dictionary has `term` (a query term the index has as typed). */
  has(term: string): boolean;
  /** Keep only documents this accepts (by document number); absent: all. */
  filter: ((doc: number) => boolean) | undefined;
}

/**
 * One search's totals, by document number; valid until the next search of the index. Each
 * document's entries must be cleared (`clear`) once read, and the head words (`clearHeads`).
 */
export interface Tally {
  /** The documents some term matched, `docs[0]` to `docs[count - 1]`, each once. */
  readonly docs: Int32Array;
  readonly count: number;
  /** The sum of each term's best score in it (before the prior and coordination). */
  readonly score: Float64Array;
  /** How many of the query's terms it holds, exactly or not. */
  readonly matched: Uint16Array;
  /** The query's words it holds: 1 each as typed, 0.5 as a typo or prefix only. */
  readonly coverage: Float32Array;
  /** Which of the query's first 32 terms it holds: bit `i` for `plan.terms[i]`. */
  readonly terms: Uint32Array;
  /** 1 when it holds one of the query's terms as typed. */
  readonly exactAny: Uint8Array;
  /** How many of the query's words its title or description holds, whatever the weights. */
  readonly headWords: Uint8Array;
  /** Clears a document's entries but its head words. */
  clear(n: number): void;
  /** Clears every document's head words. */
  clearHeads(): void;
}

/**
 * The accumulation pass over an index of `total` documents: `accumulate(plan, source)` adds up
 * the query's terms (each term's matches through `source`) and gives the {@link Tally}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTermAccumulator } from "./term_accumulator.ts";
 * const scores = (docs: number[], sums: number[], head: number[] = []) => ({
 *   docs: Int32Array.from(docs),
 *   sums: Float64Array.from(sums),
 *   head: Int32Array.from(head),
 * });
 * const postings = new Map([["deploi", scores([0, 2], [1, 3], [2])], ["deploy", scores([1], [4])]]);
 * const accumulate = createTermAccumulator(3);
 * const plan = {
 *   terms: ["deploi"],
 *   words: 1,
 *   expansions: new Map([["deploi", new Map([["deploi", 1], ["deploy", 0.5]])]]),
 *   unmatched: [],
 * };
 * const tally = accumulate(plan, {
 *   scoresOf: (t) => postings.get(t),
 *   idf: () => 2,
 *   has: (t) => postings.has(t),
 *   filter: undefined,
 * });
 * assert.deepEqual([...tally.docs.subarray(0, tally.count)], [0, 2, 1]);
 * assert.deepEqual([...tally.score], [2, 4, 6]); // the typo counts half
 * assert.deepEqual([...tally.coverage], [1, 0.5, 1]);
 * assert.deepEqual([...tally.headWords], [0, 0, 1]);
 * for (let i = 0; i < tally.count; i++) tally.clear(tally.docs[i]!);
 * tally.clearHeads();
 * assert.deepEqual([...tally.score, ...tally.headWords], [0, 0, 0, 0, 0, 0]);
 * ```
 */
export function createTermAccumulator(
  total: number,
): (plan: QueryPlan, source: TermSource) => Tally {
  let scratch: ReturnType<typeof tallyOf> | undefined;
  return (plan, { scoresOf, idf, has, filter }) => {
    const buf = scratch ??= tallyOf(total);
    // The arrays as locals: these loops run over every posting of a search's terms, often first
    // in a cold isolate, where each read of a property is an instruction more per posting.
    const { termTouched, headTouched, docs: docsTouched, headDocs, best, exact, headTerm } = buf;
    const { score, matched, coverage, terms, exactAny, headWords } = buf;
    let docsCount = 0;
    let headDocsCount = 0;
    plan.terms.forEach((term, termNumber) => {
      let termCount = 0;
      let headCount = 0;
      const isWord = termNumber < plan.words;
      const bit = termNumber < 32 ? (1 << termNumber) >>> 0 : 0;
      const exactIdf = has(term) ? idf(term) : Infinity;
      for (const [t, factor] of plan.expansions.get(term) ?? []) {
        const scores = scoresOf(t);
        if (!scores) continue;
        if (isWord) {
          const head = scores.head;
          for (let i = 0; i < head.length; i++) {
            const n = head[i]!;
            if (headTerm[n] === 0 && !(filter && !filter(n))) {
              headTerm[n] = 1;
              headTouched[headCount++] = n;
            }
          }
        }
        // A rare near-miss must not outweigh the word the user actually typed.
        const termIdf = Math.min(idf(t), exactIdf) * factor;
        const typed = factor === 1 ? 1 : 0;
        const { docs, sums } = scores;
        const count = docs.length;
        for (let i = 0; i < count; i++) {
          const n = docs[i]!;
          if (filter && !filter(n)) continue;
          const v = sums[i]! * termIdf;
          const was = best[n]!;
          if (was === 0) termTouched[termCount++] = n;
          if (was < v) best[n] = v;
          exact[n] = exact[n]! | typed;
        }
      }
      for (let i = 0; i < termCount; i++) {
        const n = termTouched[i]!;
        if (matched[n] === 0) docsTouched[docsCount++] = n;
        score[n] = score[n]! + best[n]!;
        matched[n] = matched[n]! + 1;
        // Coverage counts the query's words: an identifier typed whole (`third-party`) is a
        // bonus for the documents that have it, not a word more that the others lack.
        if (isWord) coverage[n] = coverage[n]! + (exact[n] === 1 ? 1 : 0.5);
        terms[n] = terms[n]! | bit;
        exactAny[n] = exactAny[n]! | exact[n]!;
        best[n] = 0;
        exact[n] = 0;
      }
      for (let i = 0; i < headCount; i++) {
        const n = headTouched[i]!;
        if (headWords[n] === 0) headDocs[headDocsCount++] = n;
        headWords[n] = headWords[n]! + 1;
        headTerm[n] = 0;
      }
    });
    buf.count = docsCount;
    buf.headCount = headDocsCount;
    return buf;
  };
}

/** A tally's arrays for `total` documents, with the per-term ones accumulation works in. */
function tallyOf(total: number) {
  const buf = {
    docs: new Int32Array(total),
    count: 0,
    score: new Float64Array(total),
    matched: new Uint16Array(total),
    coverage: new Float32Array(total),
    terms: new Uint32Array(total),
    exactAny: new Uint8Array(total),
    headWords: new Uint8Array(total),
    /** Per term: its best expansion's score in each document, and whether that was as typed. */
    best: new Float64Array(total),
    exact: new Uint8Array(total),
    /** Per term: whether it is in the title or description (head) of each document. */
    headTerm: new Uint8Array(total),
    /** Lists of document numbers touched (each holds a document at most once). */
    termTouched: new Int32Array(total),
    headTouched: new Int32Array(total),
    headDocs: new Int32Array(total),
    headCount: 0,
    clear(n: number) {
      buf.score[n] = 0;
      buf.matched[n] = 0;
      buf.coverage[n] = 0;
      buf.terms[n] = 0;
      buf.exactAny[n] = 0;
    },
    clearHeads() {
      for (let i = 0; i < buf.headCount; i++) buf.headWords[buf.headDocs[i]!] = 0;
    },
  };
  return buf;
}
