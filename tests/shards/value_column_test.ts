import assert from "node:assert/strict";
import fc from "fast-check";
import { encodeNumbers } from "../../src/shards/number_text.ts";
import { columnReader, decodeColumn, encodeColumn } from "../../src/shards/value_column.ts";

/** Values of one field of many documents: some absent, many repeated, strings sharing prefixes. */
const field = fc.oneof(
  fc.array(fc.option(fc.nat(), { nil: undefined })),
  fc.array(fc.option(fc.constantFrom("class", "interface", "enum"), { nil: undefined })),
  // Runs: the same value for many documents in a row (a source's number, a format).
  fc.array(fc.tuple(fc.option(fc.constantFrom(1, 2, "html"), { nil: undefined }), fc.nat(40)))
    .map((runs) => runs.flatMap(([value, length]) => Array.from({ length }, () => value))),
  fc.array(fc.string({ unit: "binary" })),
  fc.array(
    fc.constantFrom(
      "docs/a/b",
      "docs/a/bc",
      "docs/a/b/c",
      "docs/\ud83d\ude00x",
      "docs/\ud83d\ude01",
    ),
  ),
  fc.array(fc.option(fc.jsonValue().filter((v) => v !== null), { nil: undefined, freq: 8 })),
  fc.array(
    fc.option(fc.array(fc.constantFrom("Method Summary", "Vec::new", "Vec::len", "")), {
      nil: undefined,
    }),
  ),
);

Deno.test("value column: any field's values come back from the JSON of their column", () => {
  fc.assert(
    fc.property(field, (values) => {
      const column = JSON.parse(JSON.stringify(encodeColumn(values)));
      // The values as a manifest holds them: read from JSON (no -0).
      const read = values.map((v) => v === undefined ? v : JSON.parse(JSON.stringify(v)));
      assert.deepEqual(decodeColumn("f", column, values.length), read);
    }),
    { numRuns: 500 },
  );
});

Deno.test("value column: the form chosen is never longer than the list", () => {
  fc.assert(
    fc.property(field, (values) => {
      const list = values.map((v) => v === undefined ? null : v);
      assert.ok(JSON.stringify(encodeColumn(values)).length <= JSON.stringify(list).length);
    }),
  );
});

Deno.test("value column: a damaged column is an error naming it", () => {
  const cases: [unknown, RegExp][] = [
    [42, /column f is not a column/],
    [{ v: [1] }, /column f is neither a table nor sparse/],
    [{ v: [1], at: encodeNumbers([0, 0]) }, /column f has other gaps than values/],
    [{ v: [1], at: encodeNumbers([10]) }, /column f names document 10 of 3/],
    [["a"], /column f has 1 of 3 values/],
    [{ v: [1], u: encodeNumbers([1, 2]) }, /column f has 2 of 3 values/],
    [{ v: [1], u: encodeNumbers([1, 4]) }, /column f has more than 3 values/],
    [{ v: [1], u: encodeNumbers([2, 3]) }, /column f names value 2 of 1/],
    [{ n: encodeNumbers([2, 2, 2]), e: ["a"] }, /column f\[\] has 1 of 3 values/],
    [{ n: 3, e: [] }, /column f has no counts/],
    ["1A!", /not base64url/],
  ];
  for (const [column, message] of cases) {
    assert.throws(() => decodeColumn("f", column, 3), message, JSON.stringify(column));
  }
});

Deno.test("value column: a reader gives each value where it is, the same one each time", () => {
  fc.assert(
    fc.property(field, (values) => {
      const column = JSON.parse(JSON.stringify(encodeColumn(values)));
      const at = columnReader("f", column, values.length);
      const read = decodeColumn("f", JSON.parse(JSON.stringify(column)), values.length);
      // Read backwards: no value depends on those before it being read.
      for (let n = values.length - 1; n >= 0; n--) {
        assert.deepEqual(at(n), read[n]);
        assert.equal(at(n), at(n));
      }
    }),
    { numRuns: 300 },
  );
});
