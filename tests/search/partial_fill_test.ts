/**
 * Never an empty answer when the shelf has something: a query of three or more words needs
 * half of them in a document, and when fewer documents hold that many, the best of those
 * holding fewer fill the answer after them, marked, in every search tool's format.
 */
import assert from "node:assert/strict";
import { appFor, callTool, manifestOf } from "../helpers.ts";
import { buildSearchIndex } from "../../src/search/search_index.ts";

const W = { name: 2, keywords: 3, description: 1.5, content: 1 };

Deno.test("index: hits holding too few words come after every other hit, marked partial", () => {
  const index = buildSearchIndex([
    { id: "full", name: "Widget deployment", keywords: [], description: "", content: "rollback" },
    { id: "one", name: "Widget", keywords: [], description: "", content: "widget widget" },
    { id: "none", name: "Gardens", keywords: [], description: "", content: "rivers" },
  ], "h");
  const plan = index.plan("widget deployment rollback canary");
  const hits = index.search(plan, { weights: W, limit: 10 });
  assert.deepEqual(hits.map((h) => [index.ids.at(h.doc), h.partial === true]), [["full", false], [
    "one",
    true,
  ]]);
  // Bit i of `terms` stands for plan.terms[i].
  assert.equal(hits[0]!.terms, 0b111);
  assert.equal(hits[1]!.terms, 0b1);
  // No filler once the strict hits reach the limit.
  assert.deepEqual(index.search(plan, { weights: W, limit: 1 }).map((h) => index.ids.at(h.doc)), [
    "full",
  ]);
  // Two-word queries have no coverage rule: every hit holding a word is a full hit.
  const two = index.search(index.plan("widget canary"), { weights: W, limit: 10 });
  assert.ok(two.every((h) => h.partial === undefined));
});

Deno.test("index: a word typed whole with a hyphen does not make the half rule stricter", () => {
  const index = buildSearchIndex([
    { id: "ref", name: "Reference", keywords: [], description: "", content: "third-party themes" },
    { id: "themes", name: "Themes", keywords: [], description: "", content: "widget themes" },
  ], "h");
  // Words: third, party, themes, widget (four) and the identifier `third-party`, which only
  // "ref" has whole. "themes" holds two of the four words: half, so a full hit.
  const plan = index.plan("third-party themes widget");
  assert.equal(plan.words, 4);
  assert.deepEqual(plan.terms.slice(4), ["third-party"]);
  const hits = index.search(plan, { weights: W, limit: 10 });
  assert.deepEqual(hits.map((h) => [index.ids.at(h.doc), h.partial === true]), [["ref", false], [
    "themes",
    false,
  ]]);
});

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [
    { path: "colors.md", text: "# Colors\n\nDetecting classes in source files keeps CSS small." },
    { path: "gardens.md", text: "# Gardens\n\nRivers and mountains." },
  ],
}]);
const { app } = appFor(manifest, {});
const techdoc = appFor({
  ...manifest,
  settings: { profiles: ["techdoc", "mcp-serve"] },
  contentHash: "partial-profiles",
}).app;
// One word of five ("classes") is in a page: under half, so only a filler.
const QUERY = "tree shaking unused css classes";

Deno.test("search: a partial match fills an otherwise empty answer and says what it holds", async () => {
  const r = await callTool(app, "search", { query: QUERY });
  const [first] = r.structuredContent.results;
  assert.equal(first.uri, "acdc://docs/colors");
  assert.deepEqual(first.matched, ["css", "classes"]);
  assert.equal(first.partial, true);
  assert.match(r.content[0].text, /\(acdc:\/\/docs\/colors\): \(matches only: css, classes\) /);
  assert.ok(!r.structuredContent.results.some((x: { uri: string }) => x.uri.endsWith("gardens")));
});

Deno.test("search_articles, search_documentation, search_documents: matched words", async () => {
  const articles = await callTool(app, "search_articles", { query: QUERY });
  const article = articles.structuredContent.articles[0];
  assert.equal(article.slug, "colors");
  assert.deepEqual([article.matched, article.partial], [["css", "classes"], true]);
  const full = await callTool(app, "search_articles", { query: "detecting classes" });
  assert.deepEqual(full.structuredContent.articles[0].matched, ["detecting", "classes"]);
  assert.equal(full.structuredContent.articles[0].partial, undefined);
  const docs = await callTool(techdoc, "search_documentation", { query: QUERY });
  assert.deepEqual(docs.content[0].metadata.matched, ["css", "classes"]);
  assert.equal(docs.content[0].metadata.partial, true);
  const served = await callTool(techdoc, "search_documents", { query: QUERY });
  assert.match(served.content[0].text, /Matched words: css, classes \(only some of the query's\)/);
});
