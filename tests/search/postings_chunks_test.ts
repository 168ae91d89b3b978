/**
 * Postings in chunks (the edge index): an index loads only the chunks of the terms a query
 * expands to, and every search — hits, scores, "did you mean" — is the same as with the whole
 * index, each asked of a fresh engine that has loaded nothing yet.
 */
import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import {
  buildSearchIndex,
  importSearchIndex,
  type SearchIndexData,
} from "../../src/search/search_index.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { buildFolder, CORPORA, ROOT } from "../helpers.ts";

const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);

const small = await buildSearchIndex([
  { id: "a", name: "Deploying sites", keywords: ["ops"], description: "", content: "deploy now" },
  { id: "b", name: "Writing tests", keywords: [], description: "tests", content: "zebra yak" },
  { id: "c", name: "Alpha", keywords: [], description: "", content: "alpha beta gamma delta" },
], "h").export();

/** A chunked import of `data`, recording which chunks it imports. */
function chunked(data: SearchIndexData, chunkChars: number) {
  const { edge, chunks } = splitPostings(data, chunkChars);
  const loads: number[] = [];
  const index = importSearchIndex(edge, {
    postingsChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(chunks[k]))),
  });
  return { index, chunks, loads, edge };
}

Deno.test("postings chunks: consecutive terms, every postings string in exactly one chunk", () => {
  const { edge, chunks } = splitPostings(small, 20);
  assert.ok(chunks.length > 2, `${chunks.length} chunks`);
  assert.deepEqual(chunks.flat(), small.postings);
  assert.deepEqual(edge.postings, []);
  assert.deepEqual(
    edge.postingsChunks,
    chunks.map((_, k) => chunks.slice(0, k).reduce((n, c) => n + c.length, 0)),
  );
  assert.deepEqual(splitPostings(small).chunks.length, 1, "a small index is one chunk");
});

Deno.test("postings chunks: a term's postings are read only after they are loaded, each chunk once", async () => {
  const { index, loads } = chunked(small, 20);
  const plan = index.plan("zebra");
  assert.throws(() => index.search(plan, { weights }), /read before loadPostings/);
  await Promise.all([index.loadPostings(["zebra"]), index.loadPostings(["zebra"])]);
  assert.equal(loads.length, 1, "concurrent callers share one import");
  assert.equal(index.ids.at(index.search(plan, { weights })[0]!.doc), "b");
  await index.loadPostings(["zebra", "unknownterm"]);
  assert.equal(loads.length, 1, "a loaded chunk is not imported again; unknown terms load nothing");
  // export() gives the whole index back, every chunk loaded.
  assert.deepEqual(await index.export(), small);
});

Deno.test("postings chunks: a failed import rejects and a later call tries again; bad chunks and layouts are refused", async () => {
  const { edge, chunks } = splitPostings(small, 1e9);
  let fail = true;
  const index = importSearchIndex(edge, {
    postingsChunk: () => fail ? Promise.reject(new Error("offline")) : Promise.resolve(chunks[0]),
  });
  await assert.rejects(index.loadPostings(["alpha"]), /offline/);
  fail = false;
  await index.loadPostings(["alpha"]);
  assert.equal(index.ids.at(index.search(index.plan("alpha"), { weights })[0]!.doc), "c");
  const short = importSearchIndex(edge, { postingsChunk: () => Promise.resolve(["x"]) });
  await assert.rejects(short.loadPostings(["alpha"]), /is not \d+ postings/);
  assert.throws(() => importSearchIndex(edge), /nothing loads them/);
  const loader = { postingsChunk: () => Promise.resolve([]) };
  for (const postingsChunks of [[1], [0, 0], [0, 1e6], ["0"]]) {
    assert.throws(
      () => importSearchIndex({ ...edge, postingsChunks } as SearchIndexData, loader),
      /invalid postingsChunks/,
    );
  }
  assert.throws(
    () => importSearchIndex({ ...edge, postings: ["x"] }, loader),
    /incomplete/,
  );
  const size = small.terms.length;
  for (
    const heavyPostings of [
      { terms: ["b", "a"], positions: [0, 1] },
      { terms: ["a"], positions: [size] },
      { terms: ["a", "b"], positions: [1] },
      { terms: ["a"] },
      [],
    ]
  ) {
    assert.throws(
      () => importSearchIndex({ ...edge, heavyPostings } as SearchIndexData, loader),
      /invalid heavyPostings/,
      JSON.stringify(heavyPostings),
    );
  }
  // Only beside postings in chunks, which it tells a search to read ahead.
  const alone = { ...small, heavyPostings: { terms: [small.terms[0]!], positions: [0] } };
  assert.throws(() => importSearchIndex(alone), /invalid heavyPostings/);
});

Deno.test("postings chunks: the terms whose postings reach heavyChars are listed with their places", async () => {
  const longest = Math.max(...small.postings.map((p) => p.length));
  const { edge, chunks } = splitPostings(small, 20, longest);
  const heavy = edge.heavyPostings!;
  const longestAt = small.postings.flatMap((p, i) => p.length === longest ? [i] : []);
  assert.deepEqual(heavy.positions, longestAt);
  assert.deepEqual(heavy.terms, heavy.positions.map((i) => small.terms[i]));
  assert.equal(splitPostings(small, 20, longest + 1).edge.heavyPostings, undefined);
  assert.equal(splitPostings(small, 20).edge.heavyPostings, undefined, "only when asked");
  // Imported, and gone from the whole index an export gives back.
  const index = importSearchIndex(edge, { postingsChunk: (k) => Promise.resolve(chunks[k]) });
  assert.deepEqual(await index.export(), small);
});

// Every search of a cold chunked engine equals the whole index's (asdlc, chunks of 4 KB).
const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
const store = createContentStore(manifest);
const whole = await buildIndexFor(store).export();
const split = splitPostings(whole, 4096);
const fixture = JSON.parse(
  await Deno.readTextFile(`${ROOT}/tests/eval/fixtures/asdlc.json`),
) as { cases: { query: string }[] };
const QUERIES = [
  ...fixture.cases.map((c) => c.query),
  "wrtye",
  "contxt enginering",
  "xylophone agent",
  "spec-driven development",
  "",
];

Deno.test("postings chunks: every asdlc query of a cold chunked engine answers as the whole index", async () => {
  assert.ok(split.chunks.length > 20, `${split.chunks.length} chunks`);
  const wholeEngine = await createEngineCache({ loadPrebuilt: () => Promise.resolve(whole) })
    .get(store);
  let maxLoads = 0;
  for (const query of QUERIES) {
    const loads: number[] = [];
    const engine = await createEngineCache({
      loadPrebuilt: () => Promise.resolve(split.edge),
      postingsChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(split.chunks[k]))),
      onWarning: (m) => assert.fail(m),
    }).get(store);
    for (const limit of [10, 50]) {
      const a = await engine.query(query, { weights, limit });
      const b = await wholeEngine.query(query, { weights, limit });
      assert.deepEqual(
        { hits: a.hits.map((h) => [h.doc.id, h.score]), total: a.total, unmatched: a.unmatched },
        { hits: b.hits.map((h) => [h.doc.id, h.score]), total: b.total, unmatched: b.unmatched },
        query,
      );
    }
    maxLoads = Math.max(maxLoads, loads.length);
  }
  assert.ok(maxLoads < split.chunks.length, `a query loaded ${maxLoads} of ${split.chunks.length}`);
});
