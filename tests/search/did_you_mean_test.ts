/**
 * "Did you mean": a search names the query words no document mentions, with the closest words
 * the documents do use (as they spell them), so an agent can tell a gap in the documentation
 * from a badly phrased query.
 */
import assert from "node:assert/strict";
import { appFor, buildFolder, callTool, CORPORA } from "../helpers.ts";
import { MAX_UNMATCHED } from "../../src/search/search_engine.ts";

const tldr = appFor((await buildFolder(`${CORPORA}/tldr`)).manifest).app;
const hugo = appFor((await buildFolder(`${CORPORA}/hugo-docs`)).manifest).app;

Deno.test("did you mean: a word two edits from a known one is named, with the known spelling", async () => {
  const r = await callTool(tldr, "search", { query: "kubrnetse" });
  assert.deepEqual(r.structuredContent.unmatched, [
    { word: "kubrnetse", suggestions: ["kubernetes"] },
  ]);
  assert.match(
    r.content[0].text,
    /No document mentions 'kubrnetse' \(did you mean 'kubernetes'\?\)\.$/,
  );
  const articles = await callTool(tldr, "search_articles", { query: "kubrnetse pods" });
  assert.deepEqual(articles.structuredContent.unmatched[0].suggestions, ["kubernetes"]);
  assert.match(articles.structuredContent.message, /did you mean 'kubernetes'\?/);
});

Deno.test("did you mean: a gap in the docs is said plainly; matched words are not listed", async () => {
  const gap = await callTool(hugo, "search", { query: "kubernetes templates" });
  assert.deepEqual(gap.structuredContent.unmatched, [{ word: "kubernetes", suggestions: [] }]);
  assert.ok(gap.structuredContent.results.length > 0, "the other word still finds pages");
  assert.match(gap.content[0].text, /\n\nNo document mentions 'kubernetes'\.$/);
  for (const query of ["extract files from a tar archive", "containre", "shortcdoes"]) {
    const app = query === "shortcdoes" ? hugo : tldr;
    const r = await callTool(app, "search", { query });
    assert.equal(r.structuredContent.unmatched, undefined, `${query}: one-edit typos match`);
    assert.doesNotMatch(r.content[0].text, /No document mentions/);
  }
});

Deno.test("did you mean: at most three words get suggestions, whatever the query", async () => {
  const words = Array.from({ length: 30 }, (_, i) => `zqx${"abcdefghij"[i % 10]}${i}vw`);
  const r = await callTool(tldr, "search", { query: words.join(" ") });
  assert.equal(r.structuredContent.unmatched.length, MAX_UNMATCHED);
});

Deno.test("did you mean: the compatibility searches say it too", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/tldr`);
  const { app } = appFor({ ...manifest, settings: { profiles: ["mcp-serve", "techdoc"] } });
  const docs = await callTool(app, "search_documents", { query: "kubrnetse" });
  assert.match(
    docs.content[0].text,
    /No document mentions 'kubrnetse' \(did you mean 'kubernetes'\?\)\.$/,
  );
  const techdoc = await callTool(app, "search_documentation", { query: "kubrnetse" });
  assert.match(techdoc.content[0].text, /^No results found for 'kubrnetse'\. No document mentions/);
});

Deno.test("did you mean: a suggestion is the base word, not an inflected or irregular form", async () => {
  // On asdlc the best page for "write" says only "written" (the analyzer's irregular forms).
  const asdlc = appFor((await buildFolder(`${CORPORA}/asdlc`)).manifest).app;
  const r = await callTool(asdlc, "search", { query: "wrtye" });
  assert.deepEqual(r.structuredContent.unmatched, [{ word: "wrtye", suggestions: ["write"] }]);
});
