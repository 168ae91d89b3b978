/**
 * The coverage rule: a query of three or more words needs at least half of them in a document
 * (a typo or prefix match counts half) — one stray word in common is not a result. A document
 * holding fewer, but one of the words as typed, is only a filler: listed, marked `partial`, after
 * every hit that holds enough, when too few do to fill the answer.
 *
 * @module
 */
import type { SearchHit } from "./ranking_rules.ts";
import type { Tally } from "./term_accumulator.ts";
import { scoreCut, topHits } from "./top_hits.ts";

/**
 * Whether a document covering `coverage` of a query's `words` (`Tally.coverage`) holds too few
 * of them to be a hit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lacksCoverage } from "./coverage_rule.ts";
 * assert.equal(lacksCoverage(1, 2), false); // under three words: any will do
 * assert.equal(lacksCoverage(1, 3), true);
 * assert.equal(lacksCoverage(1.5, 3), false); // one as typed, one a typo
 * assert.equal(lacksCoverage(2, 4), false);
 * ```
 */
export function lacksCoverage(coverage: number, words: number): boolean {
  return words >= 3 && coverage * 2 < words;
}

/** What {@link fillerHits} makes hits of. */
export interface FillerInput {
  /** The search's totals, which hold the documents' entries until they are cleared here. */
  tally: Tally;
  /** A document's score (the prior's, `prior_score.ts`). */
  scoreOf: (n: number) => number;
}

/**
 * The fillers of an answer with `room` places left (`undefined`: no limit): the best of the
 * `partial` documents (those the rule leaves out but one as typed), sorted, at most `room`,
 * marked `partial`. Clears every one of them from the tally.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fillerHits } from "./coverage_rule.ts";
 * import { createTermAccumulator } from "./term_accumulator.ts";
 * const tally = createTermAccumulator(2)({ terms: [], words: 0, expansions: new Map(), unmatched: [] }, {
 *   scoresOf: () => undefined,
 *   idf: () => 1,
 *   has: () => false,
 *   filter: undefined,
 * });
 * const hits = fillerHits([0, 1], 1, { tally, scoreOf: (n) => n + 1 });
 * assert.deepEqual(hits.map((h) => [h.doc, h.score, h.partial]), [[1, 2, true]]);
 * ```
 */
export function fillerHits(
  partial: readonly number[],
  room: number | undefined,
  { tally, scoreOf }: FillerInput,
): SearchHit[] {
  // Only the best of them become hits.
  const scores = new Float64Array(partial.length);
  for (let j = 0; j < partial.length; j++) scores[j] = scoreOf(partial[j]!);
  const cut = scoreCut(scores, room ?? Infinity);
  const fillers: SearchHit[] = [];
  for (let j = 0; j < partial.length; j++) {
    const n = partial[j]!;
    if (scores[j]! >= cut) {
      // headWords 0: listed after the others whatever the phrase rule says, not checked.
      fillers.push({
        doc: n,
        score: scores[j]!,
        matched: tally.matched[n]!,
        terms: tally.terms[n]!,
        headWords: 0,
        partial: true,
      });
    }
    tally.clear(n);
  }
  const fill = topHits(fillers, room);
  return room === undefined ? fill : fill.slice(0, room);
}
