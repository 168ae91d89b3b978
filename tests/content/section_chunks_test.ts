import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { splitBodies } from "../../src/content/body_chunks.ts";
import { compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { splitSections } from "../../src/content/section_chunks.ts";

const files = [
  { path: "a.md", text: "# A\n\nalpha\n\n## One\n\nfirst\n\n## Two\n\nsecond" },
  { path: "b.md", text: "# B\n\nbeta" },
  { path: "c.md", text: "# C\n\ngamma\n\n## Three\n\nthird" },
];

Deno.test("section chunks: a document's sections are read with its body, and are the build's", async () => {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const bodies = splitBodies(manifest, 3);
  const { edge, chunks } = splitSections(compactManifest(bodies.edge), 3, new Set());
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
