/**
 * Whether the ascending list `sorted` holds `value` (a binary search).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sortedIncludes } from "./sorted_includes.ts";
 * const list = Int32Array.of(2, 3, 5, 8);
 * assert.ok(sortedIncludes(list, 2) && sortedIncludes(list, 5) && sortedIncludes(list, 8));
 * assert.ok(!sortedIncludes(list, 1) && !sortedIncludes(list, 4) && !sortedIncludes(list, 9));
 * assert.ok(!sortedIncludes(new Int32Array(0), 0));
 * ```
 */
export function sortedIncludes(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === value;
}
