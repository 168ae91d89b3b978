import assert from "node:assert/strict";
import fc from "fast-check";
import { asciiJson } from "../../src/protocol/ascii_json.ts";

Deno.test("asciiJson: any JSON value comes back equal, written in ASCII only", () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
      for (const v of [value, { text, nested: [text, value] }]) {
        const json = asciiJson(v);
        assert.doesNotMatch(json, /[^\p{ASCII}]/u);
        assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(v)));
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("asciiJson: lone surrogates stay escaped and parse back to themselves", () => {
  const value = { lone: "a\ud800b", pair: "\ud83d\ude80" };
  assert.deepEqual(JSON.parse(asciiJson(value)), value);
});

Deno.test("the build writes its four JSON files in ASCII", async () => {
  const dir = new URL("../../dist/_shelf/", import.meta.url);
  for (const file of ["manifest.json", "index.json", "edge-manifest.json", "edge-index.json"]) {
    const bytes = await Deno.readFile(new URL(file, dir));
    assert.ok(bytes.every((b) => b < 0x80), `${file} has a byte past ASCII`);
  }
});
