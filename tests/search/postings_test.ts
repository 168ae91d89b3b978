import assert from "node:assert/strict";
import fc from "fast-check";
import { decodePostings, encodePostings, type FieldPostings } from "../../src/search/postings.ts";

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
        decoded.map(({ docs, tfs }) => [...docs].flatMap((d, i) => [d, tfs[i]])),
        fields,
      );
    }),
    { numRuns: 300 },
  );
});

Deno.test("postings: missing trailing fields are empty; damaged strings throw", () => {
  const plain = (fields: FieldPostings[]) => fields.map((f) => [[...f.docs], [...f.tfs]]);
  assert.deepEqual(plain(decodePostings("5", 2)), [[[5], [1]], [[], []]]);
  // Typed arrays, not lists grown an entry at a time.
  assert.ok(decodePostings("5,1", 1).every((f) => f.docs instanceof Int32Array));
  assert.deepEqual(plain(decodePostings("|2:3,1", 3)), [[[], []], [[2, 3], [3, 1]], [[], []]]);
  // A number past 2³¹ − 1 (a document or a frequency) is none a posting holds.
  assert.deepEqual(plain(decodePostings("zik0zj:zik0zj", 1)), [[[2 ** 31 - 1], [2 ** 31 - 1]]]);
  for (
    const bad of [
      ..."a,,b x! 3:0 1,0 1: :2 1:2:3 -1 1, A ,1 é".split(" "),
      "zik0zk",
      "1:zik0zk",
      "zik0zj,1",
    ]
  ) {
    assert.throws(() => decodePostings(bad, 1), /malformed postings/, bad);
  }
});

Deno.test("postings: any string either decodes to increasing documents with frequencies ≥ 1 or throws", () => {
  const alphabet = fc.constantFrom(..."0123456789abcz,:|A-".split(""));
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 30 }).map((c) => c.join("")), (text) => {
      let fields;
      try {
        fields = decodePostings(text, 3);
      } catch (e) {
        assert.match((e as Error).message, /malformed postings/);
        return;
      }
      assert.equal(fields.length, 3);
      for (const { docs, tfs } of fields) {
        assert.equal(docs.length, tfs.length);
        docs.forEach((d, i) => assert.ok(i === 0 ? d >= 0 : d > docs[i - 1]!, text));
        tfs.forEach((tf) => assert.ok(Number.isInteger(tf) && tf >= 1, text));
      }
    }),
    { numRuns: 2000 },
  );
});
