/**
 * The top-k of a ranking: the best hits sorted, the rest left unsorted behind them, and the score
 * a document needs to be among the best `k` — found without sorting every score (`kthLargest`).
 *
 * @module
 */
import { kthLargest } from "./kth_largest.ts";
import type { SearchHit } from "./ranking_rules.ts";

/** Below this many times `k` scores, sorting them all costs less than finding the `k`-th first. */
const SORT_ALL_UNDER = 4;

const byScore = (a: SearchHit, b: SearchHit) => b.score - a.score || a.doc - b.doc;

/**
 * Orders hits best first. With a `limit` far below the hit count, only the top of the list is
 * sorted: the `limit`-th best score is found without sorting (`kthLargest`), then the hits at or
 * above it (ties kept, so tie-breaking later stays correct) are sorted and the rest appended.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { topHits } from "./top_hits.ts";
 * const hits = [1, 5, 3, 5].map((score, doc) => ({ doc, id: `${doc}`, score, matched: 1 }));
 * assert.deepEqual(topHits(hits, undefined).map((h) => h.doc), [1, 3, 2, 0]);
 * ```
 */
export function topHits(hits: SearchHit[], limit: number | undefined): SearchHit[] {
  if (limit === undefined || hits.length <= limit * SORT_ALL_UNDER) return hits.sort(byScore);
  const scores = new Float64Array(hits.length);
  for (let i = 0; i < hits.length; i++) scores[i] = hits[i]!.score;
  const cut = kthLargest(scores, limit);
  const top: SearchHit[] = [];
  const rest: SearchHit[] = [];
  for (const h of hits) (h.score >= cut ? top : rest).push(h);
  return top.sort(byScore).concat(rest);
}

/**
 * The least score among the best `k` of `scores` when they are far more than `k` (ties count
 * one by one), or `-Infinity` when keeping them all is cheaper than choosing (`k` `Infinity`:
 * always): what a document needs to be worth making into a hit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreCut } from "./top_hits.ts";
 * const scores = Float64Array.from({ length: 20 }, (_, i) => i);
 * assert.equal(scoreCut(scores, 3), 17);
 * assert.equal(scoreCut(scores, 5), -Infinity); // 20 is not more than 4 × 5
 * assert.equal(scoreCut(scores, Infinity), -Infinity);
 * ```
 */
export function scoreCut(scores: Float64Array, k: number): number {
  return scores.length > k * SORT_ALL_UNDER ? kthLargest(scores, k) : -Infinity;
}
