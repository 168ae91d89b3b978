import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeColumn, encodeColumn } from "../../src/shards/value_column.ts";

/** Values of one field of many documents: some absent, many repeated, strings sharing prefixes. */
const field = fc.oneof(
  fc.array(fc.option(fc.nat(), { nil: undefined })),
  fc.array(fc.option(fc.constantFrom("class", "interface", "enum"), { nil: undefined })),
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

Deno.test("value column: a front-coded string never splits a surrogate pair", () => {
  const values = Array.from(
    { length: 20 },
    (_, n) => `docs/guide/\ud83d${String.fromCharCode(0xde00 + n)}`,
  );
  const column = encodeColumn(values) as { p: string; s: string[] };
  assert.ok("p" in column, JSON.stringify(column));
  for (const rest of column.s) assert.ok(!/^[\udc00-\udfff]/.test(rest), JSON.stringify(rest));
  assert.deepEqual(decodeColumn("i", column, values.length), values);
});

Deno.test("value column: a damaged column is an error naming it", () => {
  const cases: [unknown, RegExp][] = [
    [42, /column f is not a column/],
    [{ v: [1] }, /column f is neither a table nor sparse/],
    [{ v: [1], at: "BB" }, /column f has other gaps than values/],
    [{ v: [1], at: "K" }, /column f names document 10 of 3/],
    [{ p: "BB", s: ["x"] }, /column f is not front-coded/],
    [["a"], /column f has 1 of 3 values/],
    [{ n: "CCC", e: ["a"] }, /column f\[\] has 1 of 3 values/],
    [{ n: 3, e: [] }, /column f has no counts/],
    ["A!", /character 1/],
  ];
  for (const [column, message] of cases) {
    assert.throws(() => decodeColumn("f", column, 3), message, JSON.stringify(column));
  }
});
