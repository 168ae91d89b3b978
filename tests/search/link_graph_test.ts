/**
 * What the site says about a page: inbound link text is a field of the target, and inbound
 * links a bounded static prior that never lowers a page's score.
 */
import assert from "node:assert/strict";
import { appFor, callTool, manifestOf } from "../helpers.ts";
import { buildSearchIndex } from "../../src/search/search_index.ts";
import { PRIOR_WEIGHT } from "../../src/search/bm25f.ts";

const W = { name: 2, keywords: 3, description: 1.5, content: 1 };

Deno.test("links: a page is found by what other pages call it", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      // The page never says "tree shaking"; the pages linking to it do.
      { path: "purge.md", text: "# Detecting classes\n\nClasses in source files are scanned." },
      { path: "a.md", text: "# A\n\nSee [tree shaking unused styles](purge.md)." },
      { path: "b.md", text: "# B\n\nAbout [tree shaking][ts].\n\n[ts]: ./purge.md" },
      { path: "c.md", text: "# C\n\nTree shaking is mentioned here without a link." },
    ],
  }]);
  const { app } = appFor(manifest);
  const r = await callTool(app, "search", { query: "tree shaking" });
  const uris = r.structuredContent.results.map((x: { uri: string }) => x.uri);
  assert.ok(uris.includes("acdc://docs/purge"), uris.join(", "));
});

Deno.test("prior: linked pages gain at most PRIOR_WEIGHT, unlinked ones lose nothing", () => {
  const doc = (id: string, inbound: number) => ({
    id,
    name: id,
    keywords: [],
    description: "",
    content: "deploy the widget",
    inbound,
  });
  const linked = buildSearchIndex([doc("a", 0), doc("b", 3), doc("c", 12)], "l");
  const plain = buildSearchIndex([doc("a", 0), doc("b", 0), doc("c", 0)], "p");
  const scores = (index: typeof plain) =>
    Object.fromEntries(
      index.search(index.plan("widget"), { weights: W }).map((h) => [index.ids.at(h.doc), h.score]),
    );
  const withLinks = scores(linked);
  const without = scores(plain);
  assert.equal(withLinks.a, without.a);
  assert.ok(withLinks.b! > without.b! && withLinks.b! < withLinks.c!);
  assert.ok(Math.abs(withLinks.c! - without.c! * (1 + PRIOR_WEIGHT)) < 1e-9);
});
