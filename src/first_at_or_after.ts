/**
 * The place of the first of sorted `values` at or after `key`, or `values.length` when every one
 * comes before it (a binary search): where a term is, or would be, in a sorted run of terms.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstAtOrAfter } from "./first_at_or_after.ts";
 * const terms = ["build", "builder", "deploy"];
 * assert.deepEqual(["a", "build", "c", "deploy", "z"].map((t) => firstAtOrAfter(terms, t)), [0, 0, 2, 2, 3]);
 * assert.equal(firstAtOrAfter([], "a"), 0);
 * ```
 */
export function firstAtOrAfter<T>(values: ArrayLike<T>, key: T): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
