/**
 * Document URIs (`src/content/manifest.ts`): a path with nothing to encode is kept as it is, and
 * every path gives the URI of the definition — each segment through `encodeURIComponent`.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { documentUri } from "../../src/content/manifest.ts";

const defined = (source: string, path: string) =>
  `acdc://${source}/${path.split("/").map(encodeURIComponent).join("/")}`;

Deno.test("documentUri: each segment encoded as a URI component, whatever the path", () => {
  // Letters kept, reserved ones, spaces, non-ASCII and astral ones, the separator.
  const letters = [..."aZ09-_.!~*'()/ %?#+&=:;@$,[]\"<>\\^`{|}é"].concat("\u{1F600}");
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...letters) }), (path) => {
      assert.equal(documentUri("docs", path), defined("docs", path));
    }),
    { numRuns: 5000 },
  );
  for (let code = 0; code < 0xd800; code++) {
    const path = `a${String.fromCharCode(code)}/b`;
    assert.equal(documentUri("docs", path), defined("docs", path));
  }
  // A lone surrogate cannot be encoded: refused as the definition refuses it.
  assert.throws(() => documentUri("docs", "a\ud800"), URIError);
});
