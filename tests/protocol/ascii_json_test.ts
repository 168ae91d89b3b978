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
  const files = ["dist/_shelf/manifest.json", "dist/_shelf/index.json"]
    .concat(["edge-manifest.json", "edge-index.json"].map((f) => `.shelf/edge/${f}`));
  for (const file of files) {
    const bytes = await Deno.readFile(new URL(`../../${file}`, import.meta.url));
    assert.ok(bytes.every((b) => b < 0x80), `${file} has a byte past ASCII`);
  }
});
