import assert from "node:assert/strict";
import fc from "fast-check";
import { kthLargest } from "../../src/search/kth_largest.ts";

Deno.test("kthLargest: the k-th value of a descending sort, for any values and k", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 200 }),
      fc.integer({ min: 1, max: 250 }),
      (values, k) => {
        const sorted = [...values].sort((a, b) => b - a);
        const expected = values.length === 0 ? -Infinity : sorted[Math.min(k, values.length) - 1];
        assert.ok(kthLargest(values, k) === expected, `${kthLargest(values, k)} vs ${expected}`);
      },
    ),
  );
});
