import assert from "node:assert/strict";
import { createPhraseRule } from "../../src/search/phrase_rule.ts";

const section = (title: string) => ({
  id: title,
  title,
  anchor: title,
  level: 4,
  start: 0,
  end: 1,
});
// The test's hits carry an id of their own (a search's hits carry none: `SearchHit.doc`).
const idOf = (h: object) => (h as { id: string }).id;
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
  assert.deepEqual(rescore(hits, plan("hashmap", "entri"), 10, "HashMap entry").map(idOf), [
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
  assert.deepEqual(rescore(hits, plan("displai", "trait"), 10, "Display trait").map(idOf), [
    "fmt",
    "path",
  ]);
  assert.deepEqual(rescore(hits, plan("fmt", "displai"), 10, "fmt::Display").map(idOf), [
    "fmt",
    "path",
  ]);
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
  assert.deepEqual(rescore(hits, plan("hashmap", "entri"), 10, "HashMap entry").map(idOf), [
    "other",
    "maps",
  ]);
});

Deno.test("the member's type is named by a word of its own, whole and unstemmed", () => {
  const docs = [
    // `Iter` stems as `Iterator` does; `Peekable::peekable` names its type with the member's word.
    {
      title: "Iter",
      description: "",
      meta: { kind: "struct" },
      sections: [section("Iter::peekable")],
    },
    {
      title: "Peekable",
      description: "",
      meta: { kind: "struct" },
      sections: [section("Peekable::peekable")],
    },
    {
      title: "Iterator",
      description: "",
      meta: { kind: "trait" },
      sections: [section("Iterator::peekable")],
    },
  ] as never;
  const hits = [
    { doc: 1, id: "peekable", score: 1.5, matched: 2, headWords: 1 },
    { doc: 0, id: "iter", score: 1.2, matched: 2, headWords: 1 },
    { doc: 2, id: "iterator", score: 1, matched: 2, headWords: 1 },
  ];
  const rescore = createPhraseRule(docs);
  assert.deepEqual(
    rescore(hits, plan("iter", "peekabl"), 10, "Iterator::peekable").map(idOf),
    ["iterator", "peekable", "iter"],
  );
});

Deno.test("an API page the query names ranks above the pages it does not name, below exact names", () => {
  const docs = [
    { title: "Peekable", description: "", meta: { kind: "struct" }, sections: [] },
    {
      title: "Iterator",
      description: "",
      meta: { kind: "trait" },
      sections: [section("Iterator::peekable")],
    },
    { title: "Iterator peekable", description: "", meta: {}, sections: [] },
  ] as never;
  const hits = [
    { doc: 0, id: "peekable", score: 5, matched: 2, headWords: 1 },
    { doc: 1, id: "iterator", score: 1, matched: 2, headWords: 1 },
  ];
  const rescore = createPhraseRule(docs);
  const query = "Iterator peekable";
  assert.deepEqual(rescore(hits, plan("iter", "peekabl"), 10, query).map(idOf), [
    "iterator",
    "peekable",
  ]);
  const exact = {
    doc: 2,
    id: "exact",
    score: 0.5,
    matched: 2,
    headWords: 2,
    exactName: true as const,
  };
  assert.deepEqual(
    rescore([...hits, exact], plan("iter", "peekabl"), 10, query).map(idOf),
    ["exact", "iterator", "peekable"],
  );
});
