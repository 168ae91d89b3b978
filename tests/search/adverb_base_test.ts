import assert from "node:assert/strict";
import { adverbBase } from "../../src/search/adverb_base.ts";
import { analyze, termOf } from "../../src/search/analyzer.ts";

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

Deno.test("analyzer: an -ily adverb and its adjective are one term; family stays apart", () => {
  for (
    const group of [
      ["lazy", "lazily", "Lazily"],
      ["easy", "easily"],
      ["temporary", "temporarily"],
      ["necessary", "necessarily"],
    ]
  ) {
    assert.equal(new Set(group.map((w) => analyze(w)[0])).size, 1, group.join());
  }
  // Porter's own stem, as before: "family" is not made "famy".
  assert.equal(analyze("family")[0], "famili");
  // The memoized path snippets and queries use agrees.
  assert.equal(termOf("Lazily"), termOf("lazy"));
});
