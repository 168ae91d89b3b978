/**
 * Bodies in chunks (the edge manifest): the store loads only the chunks a request needs, and
 * every answer — each tool of all five profiles, resources, the site files — is the same as
 * from the whole manifest, each asked of a fresh store that has loaded nothing yet.
 */
import assert from "node:assert/strict";
import { bodyChunkCount, bodyChunkOf, splitBodies } from "../../src/content/body_chunks.ts";
import { compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor, createSearchEngine } from "../../src/search/search_engine.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import { ARTICLE_SEARCH_WEIGHTS } from "../../src/search/search_settings.ts";
import { appFor, buildFolder, CORPORA, manifestOf, rpc } from "../helpers.ts";

const files = [
  { path: "a.md", text: "# A\n\nalpha" },
  { path: "b.md", text: "# B\n\nbravo" },
  { path: "c.md", text: "# C\n\ncharlie" },
  { path: "d.md", text: "# D\n\ndelta" },
];

/** A chunked store over `files`, recording which chunks it imports. */
async function chunkedStore(count = 3) {
  const full = await manifestOf([{ name: "docs", description: "", files }]);
  const { edge, chunks } = splitBodies(full, count);
  const loads: number[] = [];
  const store = createContentStore(edge, {
    bodyChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(chunks[k]))),
  });
  return { full, store, loads };
}

Deno.test("body chunks: every body in exactly one chunk, the one bodyChunkOf names", async () => {
  const full = await manifestOf([{ name: "docs", description: "", files }]);
  const { edge, chunks } = splitBodies(full, 3);
  assert.deepEqual(edge.bodies, {});
  assert.deepEqual(edge.documents, full.documents);
  assert.equal(edge.bodyChunks, 3);
  for (const [id, body] of Object.entries(full.bodies)) {
    const holders = chunks.flatMap((c, k) => (id in c ? [k] : []));
    assert.deepEqual(holders, [bodyChunkOf(id, 3)]);
    assert.equal(chunks[holders[0]!]![id], body);
  }
  assert.equal(splitBodies(full).edge.bodyChunks, bodyChunkCount(48, 4));
});

Deno.test("body chunks: a body is read only after its chunk is loaded, each chunk once", async () => {
  const { full, store, loads } = await chunkedStore();
  const [a, b] = full.documents;
  assert.throws(() => store.body(a!), /read before loadBodies/);
  await Promise.all([store.loadBodies([a!]), store.loadBodies([a!])]);
  assert.deepEqual(loads, [bodyChunkOf(a!.id, 3)], "concurrent callers share one import");
  assert.equal(store.body(a!), full.bodies[a!.id]);
  await store.loadBodies([a!]);
  assert.equal(loads.length, 1, "a loaded chunk is not imported again");
  if (bodyChunkOf(b!.id, 3) !== bodyChunkOf(a!.id, 3)) {
    assert.throws(() => store.body(b!), /read before loadBodies/);
  }
  await store.loadBodies();
  const holding = new Set(full.documents.map((d) => bodyChunkOf(d.id, 3)));
  assert.deepEqual([...loads].sort(), [...holding].sort(), "every chunk with a document");
  assert.equal(loads.length, new Set(loads).size, "each chunk once");
  for (const doc of full.documents) assert.equal(store.body(doc), full.bodies[doc.id]);
});

Deno.test("body chunks: a search reads no body ahead of its caller (a chunk is a local import)", async () => {
  const many = Array.from({ length: 12 }, (_, i) => ({
    path: `p${i}.md`,
    text: `# Alpha bravo ${i}\n\nalpha bravo charlie ${"delta ".repeat(i)}`,
  }));
  const full = await manifestOf([{ name: "docs", description: "", files: many }]);
  const { edge, chunks } = splitBodies(full, 12);
  const loads: number[] = [];
  const store = createContentStore(edge, {
    bodyChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(chunks[k]))),
  });
  assert.equal(store.readsAhead, false);
  assert.equal(createContentStore(full).readsAhead, false);
  const engine = createSearchEngine(store, buildIndexFor(createContentStore(full)));
  const weights = ARTICLE_SEARCH_WEIGHTS;
  const { hits, total } = await engine.query("alpha bravo", { weights, limit: 3, reads: "bodies" });
  assert.deepEqual([hits.length, total], [3, 12]);
  assert.deepEqual(loads, [], "the query itself imports no body chunk");
  await store.loadBodies(hits.map((h) => h.doc));
  assert.equal(loads.length, 3, "the caller imports the chunks of the hits it shows");
});

Deno.test("body chunks: a failed import rejects, and a later call tries again", async () => {
  const full = await manifestOf([{ name: "docs", description: "", files }]);
  const { edge, chunks } = splitBodies(full, 1);
  let fail = true;
  const store = createContentStore(edge, {
    bodyChunk: () => fail ? Promise.reject(new Error("offline")) : Promise.resolve(chunks[0]),
  });
  await assert.rejects(store.loadBodies(), /offline/);
  fail = false;
  await store.loadBodies();
  assert.equal(store.body(full.documents[0]!), full.bodies[full.documents[0]!.id]);
  const bad = createContentStore(edge, { bodyChunk: () => Promise.resolve("not a chunk") });
  await assert.rejects(bad.loadBodies(), /not an object/);
});

Deno.test("body chunks: a chunked manifest without a loader, or with a bad count, is refused", async () => {
  const full = await manifestOf([{ name: "docs", description: "", files }]);
  assert.throws(() => createContentStore(splitBodies(full, 2).edge), /chunk modules/);
  assert.throws(
    () => createContentStore({ ...full, bodyChunks: 0 }, { bodyChunk: () => Promise.resolve({}) }),
    /bodyChunks 0/,
  );
});

Deno.test("body chunks: a store of a whole manifest has nothing to load", async () => {
  const full = await manifestOf([{ name: "docs", description: "", files }]);
  const store = createContentStore(full, { bodyChunk: () => Promise.reject(new Error("no")) });
  await store.loadBodies();
  assert.equal(store.body(full.documents[0]!), full.bodies[full.documents[0]!.id]);
});

// Every answer of a cold chunked app equals the whole manifest's answer (asdlc, 16 chunks).
const { manifest: built } = await buildFolder(`${CORPORA}/asdlc`);
const whole = {
  ...built,
  settings: { profiles: ["articles", "acdc", "sections", "mcp-serve", "techdoc"] },
};
const split = splitBodies(whole, 16);
// As on the edge, the cold app's manifest has its documents in compact form too.
const edge = compactManifest(split.edge);
const chunks = split.chunks;
const indexData = await buildIndexFor(createContentStore(whole)).export();
// As on the edge, the cold app's index keeps its postings in chunks too.
const postings = splitPostings(indexData, 8192);

/** A fresh app over the chunked manifest (nothing loaded) and the chunks it imports. */
function coldChunkedApp() {
  const loads: number[] = [];
  const { app, errors } = appFor(edge, {
    stores: createStoreCache({
      load: () => edge,
      bodyChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(chunks[k]))),
    }),
    engines: createEngineCache({
      loadPrebuilt: () => Promise.resolve(postings.edge),
      postingsChunk: (k) => Promise.resolve(structuredClone(postings.chunks[k])),
      onWarning: (m) => errors.push(m),
    }),
  });
  return { app, errors, loads };
}
const wholeApp = appFor(whole, {
  engines: createEngineCache({ loadPrebuilt: () => Promise.resolve(indexData) }),
});

const first = whole.documents.find((d) => d.sections.length > 2)!;
const CALLS: [string, Record<string, unknown>][] = [
  ["tools/call", { name: "search", arguments: { query: "context engineering" } }],
  // Two-edit typos: no hit, suggestions spelled as a document body spells them.
  ["tools/call", { name: "search", arguments: { query: "wrtye" } }],
  ["tools/call", { name: "search", arguments: { query: "xylophone agent" } }],
  ["tools/call", { name: "search_articles", arguments: { query: "spec", include_content: true } }],
  ["tools/call", { name: "search_articles", arguments: { query: "review" } }],
  ["tools/call", { name: "search_documents", arguments: { query: "agent skills", limit: 20 } }],
  ["tools/call", { name: "search_documentation", arguments: { query: "quality", max_results: 8 } }],
  ["tools/call", { name: "get_article", arguments: { slug: first.slug } }],
  ["tools/call", { name: "read", arguments: { uri: first.uri } }],
  ["tools/call", { name: "get_document", arguments: { document_id: first.uri } }],
  ["tools/call", { name: "table_of_contents", arguments: { filename: first.filename } }],
  [
    "tools/call",
    {
      name: "read_sections",
      arguments: { filename: first.filename, section_ids: first.sections.map((s) => s.id) },
    },
  ],
  ["tools/call", { name: "list_articles", arguments: { limit: 500 } }],
  ["tools/call", { name: "list_documentation_files", arguments: {} }],
  ["resources/read", { uri: first.uri }],
];

Deno.test("body chunks: every answer of a cold chunked app is the whole manifest's", async () => {
  for (const [method, params] of CALLS) {
    const cold = coldChunkedApp();
    const expected = await rpc(wholeApp.app, method, params);
    assert.ok(expected.result, JSON.stringify(expected).slice(0, 200));
    assert.deepEqual(await rpc(cold.app, method, params), expected, JSON.stringify(params));
    assert.deepEqual(cold.errors, []);
    const name = (params.name as string | undefined) ?? method;
    if (["get_article", "read", "get_document", "read_sections", "resources/read"].includes(name)) {
      assert.deepEqual(cold.loads, [bodyChunkOf(first.id, 16)], `${name}: one chunk`);
    }
    if (name === "list_articles" || name === "list_documentation_files") {
      assert.deepEqual(cold.loads, [], `${name} reads no body`);
    }
    if (name === "search") assert.ok(cold.loads.length < 16, `${name}: ${cold.loads.length}`);
    if (name === "search" && (params.arguments as { query: string }).query === "wrtye") {
      assert.deepEqual(expected.result.structuredContent.unmatched, [
        { word: "wrtye", suggestions: ["write"] },
      ]);
      assert.ok(cold.loads.length > 0, "the suggestion's spelling read a body");
    }
  }
  for (const path of ["/llms-full.txt", `/_shelf/md/${first.id}.md`, "/llms.txt"]) {
    const cold = coldChunkedApp();
    const expected = await (await wholeApp.app.request(`https://kb.example${path}`)).text();
    const res = await cold.app.request(`https://kb.example${path}`);
    assert.equal(res.status, 200, path);
    assert.equal(await res.text(), expected, path);
  }
  assert.deepEqual(wholeApp.errors, []);
});

Deno.test("body chunks: with no prebuilt index, the index is built from every loaded body", async () => {
  const loads: number[] = [];
  const { app, errors } = appFor(edge, {
    stores: createStoreCache({
      load: () => edge,
      bodyChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(chunks[k]))),
    }),
  });
  const params = { name: "search", arguments: { query: "context engineering" } };
  assert.deepEqual(
    await rpc(app, "tools/call", params),
    await rpc(wholeApp.app, "tools/call", params),
  );
  assert.equal(new Set(loads).size, 16);
  assert.deepEqual(errors, []);
});

Deno.test("body chunks: the build's split has a chunk per document, so a first search parses little else", async () => {
  const { edge: own, chunks: ownChunks } = splitBodies(whole);
  assert.equal(own.bodyChunks, whole.documents.length, "asdlc: 64 documents, one chunk each");
  const compact = compactManifest(own);
  const loads: number[] = [];
  const { app } = appFor(compact, {
    stores: createStoreCache({
      load: () => compact,
      bodyChunk: (k) => (loads.push(k), Promise.resolve(structuredClone(ownChunks[k]))),
    }),
    engines: createEngineCache({ loadPrebuilt: () => Promise.resolve(indexData) }),
  });
  const params = { name: "search", arguments: { query: "context engineering" } };
  const answer = await rpc(app, "tools/call", params);
  assert.deepEqual(answer, await rpc(wholeApp.app, "tools/call", params));
  const size = (chunk: Record<string, string>) =>
    Object.values(chunk).reduce((n, body) => n + body.length, 0);
  const all = size(whole.bodies);
  const parsed = loads.reduce((n, k) => n + size(ownChunks[k]!), 0);
  // With 64 KB chunks (the rule before) the ten hits were in all 7 chunks: every body parsed.
  assert.ok(parsed < all / 2, `parsed ${parsed} of ${all} characters`);
});
