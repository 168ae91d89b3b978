import assert from "node:assert/strict";
import { buildSearchIndex, type FieldWeights } from "../../src/search/search_index.ts";
import { buildIndexFor, createSearchEngine } from "../../src/search/search_engine.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { manifestOf } from "../helpers.ts";

const W: FieldWeights = { name: 2, keywords: 3, description: 1, content: 1 };
const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i % 50}`).join(" ");

Deno.test("bm25f: more mentions at equal length rank higher (term frequency is stored)", () => {
  const index = buildSearchIndex([
    { id: "once", name: "A", keywords: [], description: "", content: `cache ${filler(40)}` },
    {
      id: "often",
      name: "B",
      keywords: [],
      description: "",
      content: `cache cache cache cache ${filler(37)}`,
    },
  ], "h");
  const hits = index.search(index.plan("cache"), { weights: W });
  assert.deepEqual(hits.map((h) => index.ids.at(h.doc)), ["often", "once"]);
  assert.ok(hits[0]!.score > hits[1]!.score);
});

Deno.test("bm25f: the same mention counts more in a short body than in a long one", () => {
  const index = buildSearchIndex([
    { id: "long", name: "A", keywords: [], description: "", content: `cache ${filler(400)}` },
    { id: "short", name: "B", keywords: [], description: "", content: `cache ${filler(10)}` },
  ], "h");
  assert.deepEqual(
    index.search(index.plan("cache"), { weights: W }).map((h) => index.ids.at(h.doc)),
    [
      "short",
      "long",
    ],
  );
});

Deno.test("bm25f: frequencies and lengths survive export and import", async () => {
  const { importSearchIndex } = await import("../../src/search/search_index.ts");
  const built = buildSearchIndex([
    { id: "once", name: "A", keywords: [], description: "", content: `cache ${filler(40)}` },
    { id: "often", name: "B", keywords: [], description: "", content: `cache cache ${filler(39)}` },
  ], "h");
  const data = JSON.parse(JSON.stringify(await built.export()));
  // "cach": in no name, tag, description, link text or heading; in the body of document 0
  // once, of 1 twice.
  assert.equal(data.postings[data.terms.indexOf("cach")], "|||0,1:2||");
  const loaded = importSearchIndex(data);
  const plan = loaded.plan("cache");
  assert.deepEqual(
    loaded.search(plan, { weights: W }).map((h) => [loaded.ids.at(h.doc), h.score]),
    built.search(built.plan("cache"), { weights: W }).map((h) => [built.ids.at(h.doc), h.score]),
  );
});

/** A document titled "Cache" and one whose file name is "cache". */
const NAMED = [
  { id: "t", name: "Cache", keywords: [], description: "", content: "cache" },
  { id: "f", name: "Another", keywords: [], description: "", content: "cache", fileName: "cache" },
];

Deno.test("exact-name rule: a title or file name that is the query comes first, title ahead", () => {
  const index = buildSearchIndex([
    ...NAMED,
    { id: "n", name: "Another", keywords: [], description: "", content: "cache" },
    // A title of stop words only ("Other") keeps the file name a file name.
    { id: "s", name: "Other", keywords: [], description: "", content: "cache", fileName: "cache" },
    // Much more about caches than any of them, but its name is not the query.
    {
      id: "big",
      name: "Caching layers",
      keywords: ["cache"],
      description: "Cache, cache and cache.",
      content: "cache cache cache cache cache",
    },
  ], "h");
  const hits = index.search(index.plan("cache"), { weights: W });
  const order = hits.map((h) => index.ids.at(h.doc));
  assert.equal(order[0], "t", "the title first");
  assert.deepEqual(new Set(order.slice(1, 3)), new Set(["f", "s"]), "then the file names");
  assert.equal(order[3], "big", "then the best of the rest");
  assert.deepEqual(order.slice(4), ["n"]);
});

Deno.test("exact-name rule: the bonus is ×2 for a title, ×1.5 for a file name when all are names", () => {
  const index = buildSearchIndex([
    ...NAMED,
  ], "h");
  const byId = new Map(
    index.search(index.plan("cache"), { weights: { ...W, name: 0 } }).map((
      h,
    ) => [index.ids.at(h.doc), h.score]),
  );
  assert.ok(Math.abs(byId.get("t")! / byId.get("f")! - 2 / 1.5) < 1e-9);
});

Deno.test("phrase bonus: the query's words together in a title outrank the same words apart", async () => {
  const store = createContentStore(
    await manifestOf([{
      name: "docs",
      description: "",
      files: [
        { path: "apart.md", text: "# Review of the build\n\nWrite code. Then review it." },
        { path: "phrase.md", text: "# Code review\n\nWrite it. Then read it." },
      ],
    }]),
  );
  const engine = createSearchEngine(store, buildIndexFor(store));
  const hits = (await engine.query("code review", { weights: W, limit: 10 })).hits;
  assert.deepEqual(hits.map((h) => h.doc.path), ["phrase", "apart"]);
});
