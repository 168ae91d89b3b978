/**
 * The part rule (`src/search/part_rule.ts`): a very long page whose one section answers a
 * question is found by that section; parts never show as results, in any search; an index with
 * parts exports, imports and loads in chunks to the same answers.
 */
import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { PART_PAGE_RATIO, PART_WEIGHT } from "../../src/search/part_rule.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import {
  buildIndexFor,
  createSearchEngine,
  indexableDocuments,
} from "../../src/search/search_engine.ts";
import { buildSearchIndex, importSearchIndex } from "../../src/search/search_index.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { appFor, callTool, manifestOf } from "../helpers.ts";

const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);

// A long reference page: forty options of filler, and one section on smart quotes.
const option = (n: number) =>
  `## Option ${n}\n\nSetting ${n} controls rendering of tables, lists, footnotes and ` +
  `headings in build ${n}. It accepts a number, a list of names or a map of settings, and ` +
  `the default depends on the output format chosen for the site.\n`;
const reference = "# Markup reference\n\n" +
  Array.from({ length: 20 }, (_, n) => option(n)).join("\n") +
  "\n## Smart quotes\n\nTurn smart quotes off: set `typographer` to false, and straight " +
  "quotes stay straight.\n\n" +
  Array.from({ length: 20 }, (_, n) => option(n + 20)).join("\n");
const short = [
  ["strings.md", "# Smart strings\n\nSmart strings hold typed values."],
  ["quoting.md", "# Quoting\n\nQuotes around a value keep its spaces."],
  ["defaults.md", "# Defaults\n\nYou can turn defaults off."],
  [
    "formatting.md",
    "# Formatting\n\nFormatting can turn quotes into curly ones; smart lists and tables too.",
  ],
  ["lists.md", "# Lists\n\nLists and tables."],
  ["images.md", "# Images\n\nImages are resized at build time."],
  ["menus.md", "# Menus\n\nMenus list pages."],
  // A page whose id is the id a part of the reference page has (`docs/reference#1`).
  ["reference#1.md", "# Hash in the name\n\nA file named like a part."],
  // A page 8 times the average needs more than 8 pages.
  ...Array.from(
    { length: 12 },
    (_, n) => [`topic-${n}.md`, `# Topic ${n}\n\nNotes on topic ${n}.`],
  ),
];
const manifest = await manifestOf([
  {
    name: "docs",
    description: "",
    files: [
      { path: "reference.md", text: reference },
      ...short.map(([path, text]) => ({ path, text })),
    ]
      .map((f) => ({ path: f.path!, text: f.text! })),
  },
  { name: "blog", description: "", files: [{ path: "quotes.md", text: "# Smart quotes\n\nOff." }] },
]);
const store = createContentStore(manifest);

Deno.test("part rule: the long page whose one section answers comes first; without parts it does not", async () => {
  const lengths = store.documents.map((d) => store.body(d).length);
  const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  assert.ok(store.body((await store.byId("docs/reference"))!).length >= PART_PAGE_RATIO * average);
  const documents = indexableDocuments(store);
  assert.ok(documents.some((d) => d.partOf !== undefined), "the reference page has parts");
  const withParts = createSearchEngine(store, buildIndexFor(store));
  const pagesOnly = createSearchEngine(
    store,
    buildSearchIndex(documents.filter((d) => d.partOf === undefined), store.contentHash),
  );
  const query = { weights, limit: 10, source: "docs" };
  const first = async (engine: typeof withParts) =>
    (await engine.query("turn smart quotes off", query)).hits[0]?.doc.id;
  assert.equal(await first(withParts), "docs/reference");
  assert.notEqual(await first(pagesOnly), "docs/reference");
});

Deno.test("part rule: parts never show as results, narrowed or not, and exact names stay first", async () => {
  const engine = createSearchEngine(store, buildIndexFor(store));
  const pages = new Set(store.documents.map((d) => d.id));
  assert.ok(indexableDocuments(store).some((d) => d.id === "docs/reference#1" && d.partOf));
  assert.ok(await store.byId("docs/reference#1"), "a page has a part's id");
  for (const q of ["typographer", "option 7 tables", "smart quotes", "build", "menus", "zzzz"]) {
    for (const filter of [{}, { source: "docs" }, { source: "blog" }, { category: "" }]) {
      const { hits, total } = await engine.query(q, { weights, limit: 50, ...filter });
      for (const h of hits) assert.ok(pages.has(h.doc.id), `${q}: ${h.doc.id}`);
      const ids = hits.map((h) => h.doc.id);
      assert.equal(new Set(ids).size, ids.length, `${q}: ${ids}`);
      // The page named like a part holds none of these words but "named" and "part".
      if (q !== "zzzz") assert.ok(!ids.includes("docs/reference#1"), `${q}: ${ids}`);
      assert.ok(total <= pages.size, `${q}: total ${total}`);
    }
  }
  // A page titled exactly as the query ranks above a long page's matching part.
  const { hits } = await engine.query("smart quotes", { weights, limit: 10 });
  assert.equal(hits[0]?.doc.id, "blog/quotes");
});

Deno.test("part rule: an index with parts exports, imports and loads in chunks to the same answers", async () => {
  const built = buildIndexFor(store);
  const data = await built.export();
  assert.ok(data.parts && data.parts.length > 0);
  const copy = importSearchIndex(JSON.parse(JSON.stringify(data)));
  const { edge, chunks } = splitPostings(data, 200);
  const chunked = importSearchIndex(edge, {
    postingsChunk: (k) => Promise.resolve(structuredClone(chunks[k])),
  });
  const engines = [built, copy, chunked].map((index) => createSearchEngine(store, index));
  for (const q of ["turn smart quotes off", "typographer", "option 12 footnotes", "quotes"]) {
    const [a, b, c] = await Promise.all(
      engines.map(async (e) =>
        (await e.query(q, { weights, limit: 10 })).hits.map((h) => [h.doc.id, h.score])
      ),
    );
    assert.deepEqual(b, a, q);
    assert.deepEqual(c, a, q);
  }
});

Deno.test("part rule: a page found by its best section is quoted from it and names it", async () => {
  // The page's opening says the question's words more densely than the section that answers.
  const opening = "# Markup reference\n\nQuick answers: turn smart quotes off; smart quotes, " +
    "quotes and more quotes.\n\n";
  const dense = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      { path: "reference.md", text: reference.replace("# Markup reference\n\n", opening) },
      ...short.map(([path, text]) => ({ path: path!, text: text! })),
    ],
  }]);
  const { app } = appFor(dense);
  const r = await callTool(app, "search", { query: "turn smart quotes off", source: "docs" });
  const hit = r.structuredContent.results.find((x: { uri: string }) =>
    x.uri === "acdc://docs/reference"
  );
  assert.ok(hit, "the reference page is a result");
  assert.equal(hit.sectionTitle, "Smart quotes");
  assert.match(hit.snippet, /set `typographer` to false/);
});

Deno.test("part rule: it only lifts pages — each gains at least half its own score, or none does", async () => {
  const documents = indexableDocuments(store);
  const withParts = createSearchEngine(store, buildIndexFor(store));
  const pagesOnly = createSearchEngine(
    store,
    buildSearchIndex(documents.filter((d) => d.partOf === undefined), store.contentHash),
  );
  for (
    const q of ["turn smart quotes off", "option tables", "smart", "quotes build site", "menus"]
  ) {
    const scores = async (engine: typeof withParts) =>
      new Map(
        (await engine.query(q, { weights, limit: 1000 })).hits.map((h) => [h.doc.id, h.score]),
      );
    const [a, b] = await Promise.all([scores(withParts), scores(pagesOnly)]);
    assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), q);
    // Where no candidate has parts the rule does not run and nothing changes; where it runs,
    // every page gains at least PART_WEIGHT of its own score.
    const ratios = [...b].map(([id, before]) => a.get(id)! / before);
    const ran = ratios.some((r) => Math.abs(r - 1) > 1e-9);
    for (const r of ratios) assert.ok(ran ? r >= 1 + PART_WEIGHT - 1e-9 : true, `${q}: ${r}`);
  }
});
