/**
 * The place of the last of increasing `values` at or before `key`, or -1 when `key` precedes them
 * all (a binary search): which range of sorted starts a number or a term falls in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastAtOrBefore } from "./last_at_or_before.ts";
 * assert.deepEqual([0, 1, 2, 5, 6, 9].map((n) => lastAtOrBefore([0, 2, 3, 6], n)), [0, 0, 1, 2, 3, 3]);
 * assert.equal(lastAtOrBefore(["b", "d"], "a"), -1);
 * assert.equal(lastAtOrBefore(["b", "d"], "c"), 0);
 * assert.equal(lastAtOrBefore([], 4), -1);
 * assert.equal(lastAtOrBefore(new Uint32Array([1, 1, 4]), 3), 1);
 * ```
 */
export function lastAtOrBefore<T>(values: ArrayLike<T>, key: T): number {
  let lo = 0;
  let hi = values.length - 1;
  if (hi < 0 || key < values[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid]! <= key) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
