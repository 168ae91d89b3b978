/**
 * "Did you mean" spellings: each term spelled as its best document writes it, and a term not
 * spelled yet only while what it costs (its postings) fits in the budget the query left.
 */
import assert from "node:assert/strict";
import { manifestOf } from "../helpers.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { createSpeller } from "../../src/search/spellings.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [
    { path: "deploy.md", text: "# Deploying\n\nDeploy the site, then check the deployment." },
    { path: "build.md", text: "# Builds\n\nThe build writes files; deploying comes after." },
    { path: "cache.md", text: "# Caching\n\nCached pages are served first." },
  ],
}]);

function speller() {
  const store = createContentStore(manifest);
  const index = buildIndexFor(store);
  return { index, ...createSpeller(store, index, store.manifest.documents) };
}

Deno.test("spellings: each term as its best document spells it, shortest form first", async () => {
  const { spellingsOf } = speller();
  const spelled = await spellingsOf(["deploi", "build", "cach"]);
  assert.deepEqual(Object.fromEntries(spelled), {
    deploi: "deploy",
    build: "build",
    cach: "cached", // its body's word before its title's "Caching"
  });
});

Deno.test("spellings: a term not spelled yet is spelled only while its cost fits the budget", async () => {
  const { index, spellingsOf } = speller();
  assert.equal(index.costOf("deploi"), 2);
  assert.equal(index.costOf("build"), 1);
  assert.equal(index.costOf("nowhere"), 0);
  // In order: "deploi" (2) fits a budget of 2, "build" (1) no longer does.
  assert.deepEqual([...(await spellingsOf(["deploi", "build"], 2)).keys()], ["deploi"]);
  assert.deepEqual([...(await spellingsOf(["build"], 0)).keys()], []);
  // A term spelled before costs nothing: the memo answers whatever the budget.
  assert.deepEqual(Object.fromEntries(await spellingsOf(["deploi", "build"], 0)), {
    deploi: "deploy",
  });
  assert.deepEqual(Object.fromEntries(await spellingsOf(["build"], 1)), { build: "build" });
});
