/**
 * The median the benchmarks report (search, cold start, HTTP rows). With an odd count, as the
 * five-run medians have, it is the middle value.
 *
 * @module
 */

/**
 * The median of finite numbers (mean of the middle two for an even count); NaN when none is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { median } from "./median.ts";
 * assert.equal(median([3, 1, 2]), 2);
 * assert.equal(median([4, 1, 2, 3]), 2.5);
 * assert.equal(median([NaN, 5]), 5);
 * assert.ok(Number.isNaN(median([])));
 * ```
 */
export function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}
