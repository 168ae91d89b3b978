import assert from "node:assert/strict";
import { adverbBase } from "../../src/search/adverb_base.ts";

Deno.test("adverbBase: an -ily adverb gives its -y adjective; nouns and short words stay", () => {
  for (
    const [adverb, adjective] of [
      ["lazily", "lazy"],
      ["easily", "easy"],
      ["temporarily", "temporary"],
      ["unnecessarily", "unnecessary"],
      ["greedily", "greedy"],
    ] as const
  ) {
    assert.equal(adverbBase(adverb), adjective);
  }
  for (const word of ["family", "subfamily", "daily", "lily", "quickly", "lazy", "ily"]) {
    assert.equal(adverbBase(word), undefined, word);
  }
});
