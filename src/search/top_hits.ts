/**
 * The top-k of a ranking: the best hits sorted, the rest left unsorted behind them, and the score
 * a document needs to be among the best `k` — found without sorting every score (`kthLargest`).
 *
 * @module
 */
import { type HitColumns, hitColumns, hitOf, type HitTail, NO_TAIL, tailOf } from "./hit_tail.ts";
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
 * const hits = [1, 5, 3, 5].map((score, doc) => ({ doc, score, matched: 1 }));
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

/** A ranking: its best hits, sorted, and the rest as a {@link HitTail}, in the order matched. */
export interface Ranking {
  hits: SearchHit[];
  tail: HitTail;
}

/**
 * {@link topHits} of the first `count` hits of `columns` (`hit_tail.ts`), the rest left as a
 * tail: only the hits at or above the `limit`-th best score (ties kept) are made objects — a
 * common word on a large shelf matches tens of thousands of documents, and an answer shows ten.
 * `hits.concat` of the tail's hits, in order, is what `topHits` gives of the same hits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { topOfColumns } from "./top_hits.ts";
 * const scores = [1, 5, 3, 5, 0, 2, 4, 1, 0, 2];
 * const columns = {
 *   docs: Int32Array.from(scores, (_, n) => n),
 *   scores: Float64Array.from(scores),
 *   matched: new Uint16Array(10),
 *   terms: new Uint32Array(10),
 *   headWords: new Uint8Array(10),
 *   exact: new Uint8Array(10),
 * };
 * const { hits, tail } = topOfColumns(columns, 10, 2);
 * assert.deepEqual(hits.map((h) => h.doc), [1, 3]);
 * assert.equal(tail.size, 8);
 * assert.equal(tail.hitAt(0).doc, 0); // the rest in the order matched
 * assert.equal(topOfColumns(columns, 10, 3).tail.size, 0); // 10 scores: all sorted
 * ```
 */
export function topOfColumns(
  columns: HitColumns,
  count: number,
  limit: number | undefined,
): Ranking {
  const hits: SearchHit[] = [];
  if (limit === undefined || count <= limit * SORT_ALL_UNDER) {
    for (let i = 0; i < count; i++) hits.push(hitOf(columns, i));
    return { hits: hits.sort(byScore), tail: NO_TAIL };
  }
  const { scores } = columns;
  const cut = kthLargest(scores.subarray(0, count), limit);
  let below = 0;
  for (let i = 0; i < count; i++) {
    if (scores[i]! >= cut) hits.push(hitOf(columns, i));
    else below++;
  }
  const rest = hitColumns(below);
  for (let i = 0, j = 0; i < count; i++) {
    if (scores[i]! >= cut) continue;
    rest.docs[j] = columns.docs[i]!;
    rest.scores[j] = scores[i]!;
    rest.matched[j] = columns.matched[i]!;
    rest.terms[j] = columns.terms[i]!;
    rest.headWords[j] = columns.headWords[i]!;
    rest.exact[j] = columns.exact[i]!;
    j++;
  }
  return { hits: hits.sort(byScore), tail: tailOf(rest) };
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
