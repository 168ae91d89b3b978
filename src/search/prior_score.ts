/**
 * A document's score in a search: what its matched terms added up to (`term_accumulator.ts`),
 * times the static prior (its inbound links, `bm25f.ts`'s `priorBoost`) and the coordination
 * factor (how many of the query's terms it holds, `bm25f.ts`'s `coordination`).
 *
 * @module
 */
import { coordination, priorBoost } from "./bm25f.ts";

/**
 * The score of a document whose terms sum to `sum`, with `inbound` links where the most linked
 * page of the search's documents has `most` (0: no prior at all), holding `matched` of the
 * query's `wanted` terms. Positional rather than an options object: it runs once per matched
 * document of every search, and nothing is allocated for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { coordination, priorBoost } from "./bm25f.ts";
 * import { priorScore } from "./prior_score.ts";
 * assert.equal(priorScore(2, 5, 0, 1, 1), 2); // no page is linked: no prior
 * assert.equal(priorScore(2, 5, 10, 2, 2), 2 * priorBoost(5, 10));
 * assert.equal(priorScore(2, 0, 10, 1, 4), 2 * coordination(1, 4));
 * ```
 */
export function priorScore(
  sum: number,
  inbound: number,
  most: number,
  matched: number,
  wanted: number,
): number {
  return sum * (most > 0 ? priorBoost(inbound, most) : 1) * coordination(matched, wanted);
}
