/**
 * The `k`-th largest of `values` (1: the largest), found with a min-heap of `k` entries: one pass,
 * O(n log k), no copy or sort of all the values. A search ranking thousands of hits for the best
 * 30 needs only where the 30th score lies. `k` beyond the count gives the smallest value; no
 * values (or `k < 1`) give `-Infinity`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { kthLargest } from "./kth_largest.ts";
 * assert.equal(kthLargest([5, 1, 9, 3, 9], 1), 9);
 * assert.equal(kthLargest([5, 1, 9, 3, 9], 2), 9); // ties count one by one
 * assert.equal(kthLargest([5, 1, 9, 3, 9], 3), 5);
 * assert.equal(kthLargest([5, 1], 10), 1);
 * assert.equal(kthLargest([], 3), -Infinity);
 * ```
 */
export function kthLargest(values: ArrayLike<number>, k: number): number {
  const size = Math.min(Math.floor(k), values.length);
  if (size < 1) return -Infinity;
  const heap = new Float64Array(size);
  for (let i = 0; i < size; i++) heap[i] = values[i]!;
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(heap, i, size);
  for (let i = size; i < values.length; i++) {
    const v = values[i]!;
    if (v > heap[0]!) {
      heap[0] = v;
      siftDown(heap, 0, size);
    }
  }
  return heap[0]!;
}

function siftDown(heap: Float64Array, at: number, size: number): void {
  const v = heap[at]!;
  let i = at;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= v) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = v;
}
