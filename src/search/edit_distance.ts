/**
 * Levenshtein distance between `a` and `b` (insertions, deletions, substitutions, and a swap of
 * two neighbours counted as one edit), or `max + 1` as soon as it must exceed `max`: a band of
 * width `2·max + 1` around the diagonal, so the cost is O(length · max).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editDistance } from "./edit_distance.ts";
 * assert.equal(editDistance("kubernets", "kubernetes", 2), 1);
 * assert.equal(editDistance("serach", "search", 2), 1); // a swap
 * assert.equal(editDistance("deploy", "deplyo", 2), 1);
 * assert.equal(editDistance("abc", "xyz", 2), 3); // past max: max + 1
 * ```
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  // Three rows, reused by every call (the function is synchronous): no allocation per call.
  if (rows[0]!.length < n + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) {
    prev2[j] = 0;
    prev[j] = j;
    cur[j] = 0;
  }
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    cur[0] = i;
    if (from > 1) cur[from - 1] = max + 1;
    let best = i <= max ? i : max + 1; // column 0 is in the band while i ≤ max
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prev2[j - 2]! + 1);
      }
      cur[j] = d;
      if (d < best) best = d;
    }
    if (to < n) cur[to + 1] = max + 1;
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}

let rows = [0, 1, 2].map(() => new Int32Array(64));
