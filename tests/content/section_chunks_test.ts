import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { splitBodies } from "../../src/content/body_chunks.ts";
import { createChunkCache } from "../../src/content/chunk_cache.ts";
import { compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { splitSections } from "../../src/content/section_chunks.ts";

const files = [
  { path: "a.md", text: "# A\n\nalpha\n\n## One\n\nfirst\n\n## Two\n\nsecond" },
  { path: "b.md", text: "# B\n\nbeta" },
  { path: "c.md", text: "# C\n\ngamma\n\n## Three\n\nthird" },
];

/** The files' manifest, its bodies in 3 chunks, and its sections in 3 more. */
async function chunked() {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const bodies = splitBodies(manifest, 3);
  return { manifest, bodies, ...splitSections(compactManifest(bodies.edge), 3, new Set()) };
}

Deno.test("section chunks: a document's sections are read with its body, and are the build's", async () => {
  const { manifest, bodies, edge, chunks } = await chunked();
  assert.ok(edge.compactDocuments!.every((c) => c.c === undefined));
  const imported: number[] = [];
  const store = createContentStore(edge, {
    bodyChunk: (k) => Promise.resolve(bodies.chunks[k]),
    sectionsChunk: (k) => (imported.push(k), Promise.resolve(chunks[k])),
  });
  const a = store.byId("docs/a")!;
  assert.throws(() => a.sections, /sections of docs\/a read before loadBodies/);
  await store.loadBodies([a]);
  assert.equal(imported.length, 1);
  assert.deepEqual(a.sections.map((s) => s.title), ["A", "One", "Two"]);
  await store.loadBodies();
  assert.equal(JSON.stringify(store.manifest.documents), JSON.stringify(manifest.documents));
  assert.throws(
    () => createContentStore(edge, { bodyChunk: (k) => Promise.resolve(bodies.chunks[k]) }),
    /sections are in 3 chunks and nothing loads them/,
  );
});

Deno.test("section chunks: a document keeps no sections read from a chunk (the chunk cache bounds them)", async () => {
  const { bodies, edge, chunks } = await chunked();
  // A bound of one byte and no pin: each chunk is evicted when the next one is admitted.
  let clock = 0;
  const cache = createChunkCache(1, () => 1, { now: () => clock, pinMs: 0 });
  const store = createContentStore(edge, {
    bodyChunk: (k) => Promise.resolve(bodies.chunks[k]),
    sectionsChunk: (k) => Promise.resolve(structuredClone(chunks[k])),
    chunkCache: cache,
  });
  const [a, c] = [store.byId("docs/a")!, store.byId("docs/c")!];
  await store.loadBodies([a]);
  const first = a.sections;
  clock += 10;
  await store.loadBodies([c]);
  clock += 10;
  // a's chunk was evicted: its sections are read again from the chunk, not kept by the document.
  assert.throws(() => a.sections, /read before loadBodies/);
  await store.loadBodies([a]);
  assert.notEqual(a.sections, first);
  assert.deepEqual(a.sections, first);
});
