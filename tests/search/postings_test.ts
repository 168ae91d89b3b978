import assert from "node:assert/strict";
import fc from "fast-check";
import { decodePostings, encodePostings } from "../../src/search/postings.ts";

/** Per field, increasing documents with frequencies ≥ 1, as `[doc, tf, …]`. */
const fieldPairs = fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 40 })
  .chain((docs) =>
    fc.array(fc.integer({ min: 1, max: 5_000 }), {
      minLength: docs.length,
      maxLength: docs.length,
    }).map((tfs) => [...docs].sort((a, b) => a - b).flatMap((d, i) => [d, tfs[i]!]))
  );

Deno.test("postings: decoding an encoding gives back every document and frequency", () => {
  fc.assert(
    fc.property(fc.array(fieldPairs, { minLength: 1, maxLength: 6 }), (fields) => {
      const decoded = decodePostings(encodePostings(fields), fields.length);
      assert.deepEqual(
        decoded.map(({ docs, tfs }) => docs.flatMap((d, i) => [d, tfs[i]])),
        fields,
      );
    }),
    { numRuns: 300 },
  );
});

Deno.test("postings: missing trailing fields are empty; damaged strings throw", () => {
  assert.deepEqual(decodePostings("5", 2), [{ docs: [5], tfs: [1] }, { docs: [], tfs: [] }]);
  for (const bad of ["a,,b", "x!", "3:0", "1,0", "1:", ":2", "1:2:3", "-1"]) {
    assert.throws(() => decodePostings(bad, 1), /malformed postings/, bad);
  }
});
