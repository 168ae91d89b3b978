import assert from "node:assert/strict";
import fc from "fast-check";
import { editDistance } from "../../src/search/edit_distance.ts";

/** The full table: optimal string alignment distance (a swap of neighbours is one edit). */
function reference(a: string, b: string): number {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const c = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + c);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

Deno.test("editDistance: the banded distance equals the full table's, capped at max + 1", () => {
  const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 10 });
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      assert.equal(editDistance(a, b, max), Math.min(reference(a, b), max + 1));
    }),
    { numRuns: 5000 },
  );
});
