import assert from "node:assert/strict";
import { createPhraseRule } from "../../src/search/phrase_rule.ts";

const section = (title: string) => ({ id: title, title, level: 4, start: 0, end: 1 });
const plan = (...terms: string[]) => ({
  terms,
  words: terms.length,
  expansions: new Map(terms.map((t) => [t, new Map([[t, 1]])])),
  unmatched: [],
});

Deno.test("an API page whose member heading is the query (HashMap::entry) gains as a title would", () => {
  const docs = [
    // The page of the type Entry, which mentions HashMap.
    {
      title: "Entry",
      description: "A view into a single entry in a map.",
      meta: { kind: "enum" },
      sections: [section("Entry::or_insert")],
    },
    {
      title: "HashMap",
      description: "A hash map.",
      meta: { kind: "struct" },
      sections: [section("HashMap::new"), section("HashMap::entry")],
    },
  ] as never;
  const hits = [
    { doc: 0, id: "entry", score: 1.1, matched: 2, headWords: 1 },
    { doc: 1, id: "hashmap", score: 1, matched: 2, headWords: 1 },
  ];
  const rescore = createPhraseRule(docs);
  assert.deepEqual(rescore(hits, plan("hashmap", "entri"), 10).map((h) => h.id), [
    "hashmap",
    "entry",
  ]);
});

Deno.test("an API page's kind beside its name and its full path are phrases", () => {
  const docs = [
    {
      title: "Display",
      description: "",
      meta: { kind: "struct", path: "std::path::Display" },
      sections: [],
    },
    {
      title: "Display",
      description: "",
      meta: { kind: "trait", path: "std::fmt::Display" },
      sections: [],
    },
  ] as never;
  const rescore = createPhraseRule(docs);
  const hits = [
    { doc: 0, id: "path", score: 1.1, matched: 2, headWords: 1 },
    { doc: 1, id: "fmt", score: 1, matched: 2, headWords: 1 },
  ];
  assert.deepEqual(rescore(hits, plan("displai", "trait"), 10).map((h) => h.id), ["fmt", "path"]);
  assert.deepEqual(rescore(hits, plan("fmt", "displai"), 10).map((h) => h.id), ["fmt", "path"]);
});

Deno.test("a page no generator wrote gains nothing from its headings", () => {
  const docs = [
    { title: "Maps", description: "", meta: {}, sections: [section("HashMap::entry")] },
    { title: "Other", description: "", meta: {}, sections: [] },
  ] as never;
  const hits = [
    { doc: 1, id: "other", score: 1.1, matched: 2, headWords: 1 },
    { doc: 0, id: "maps", score: 1, matched: 2, headWords: 1 },
  ];
  const rescore = createPhraseRule(docs);
  assert.deepEqual(rescore(hits, plan("hashmap", "entri"), 10).map((h) => h.id), ["other", "maps"]);
});
