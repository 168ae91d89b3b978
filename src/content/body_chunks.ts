/**
 * Bodies in chunks: the edge manifest (the JSON module an edge function imports at start) leaves
 * the bodies out, and the build writes them as {@link bodyChunkCount} JSON modules that the
 * content store imports when a request first needs one (`ContentStore.loadBodies`). A cold
 * isolate then parses the documents' metadata at start and, for its first search, the chunks of
 * the hits it quotes — not every body of the corpus (tldr: 4.6 MB of its 8.5 MB manifest).
 *
 * A document's chunk is a hash of its id ({@link bodyChunkOf}), so the build and the runtime
 * agree without a table, and a chunk holds documents from all over the corpus.
 *
 * Chunks are small — about one document each, up to {@link MAX_CHUNKS} — because a first search
 * imports the chunk of every hit it quotes: ten hits touch about ten chunks whatever their size,
 * so the smaller the chunks, the fewer other documents' bodies a cold isolate parses for nothing.
 * Measured on the eszip (2026-11-26, fresh processes taking turns): with 64 KB chunks, asdlc's
 * first search parsed all 7 chunks (424 KB) for 76 KB of hits; with a chunk per document, 8
 * chunks (128 KB), and import + first search took 4–7% less on asdlc and hugo-docs, 1–2% on tldr.
 *
 * @module
 */
import type { Manifest } from "./manifest.ts";
import { fnv1a } from "../fnv1a.ts";

/**
 * Characters of bodies a chunk holds at least, about: smaller documents share chunks, since each
 * chunk is one more import (about 0.1 ms) when a request needs many.
 */
export const CHUNK_CHARS = 4 * 1024;

/**
 * Most chunks a manifest is split into: each is a module of the bundle and a line of the list
 * the edge function imports at start (`edge-bodies.ts`).
 */
export const MAX_CHUNKS = 256;

/**
 * How many chunks `documents` bodies of `totalChars` characters in all go into: one per
 * document, but no more than one per {@link CHUNK_CHARS} and `maxChunks` ({@link MAX_CHUNKS}
 * for bundled chunks) in all; at least 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyChunkCount } from "./body_chunks.ts";
 * assert.equal(bodyChunkCount(0, 0), 1);
 * assert.equal(bodyChunkCount(441_000, 64), 64); // asdlc: one per document
 * assert.equal(bodyChunkCount(40 * 1024, 64), 10); // small documents share
 * assert.equal(bodyChunkCount(4.6e6, 7315), 256); // tldr
 * ```
 */
export function bodyChunkCount(
  totalChars: number,
  documents: number,
  maxChunks = MAX_CHUNKS,
): number {
  return Math.max(
    1,
    Math.min(maxChunks, documents, Math.ceil(totalChars / CHUNK_CHARS)),
  );
}

/**
 * The chunk (0 … `count` − 1) holding a document's body: FNV-1a of its id's UTF-16 code units.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyChunkOf } from "./body_chunks.ts";
 * assert.equal(bodyChunkOf("docs/a", 1), 0);
 * const k = bodyChunkOf("docs/guides/setup", 16);
 * assert.ok(k >= 0 && k < 16 && k === bodyChunkOf("docs/guides/setup", 16));
 * ```
 */
export function bodyChunkOf(id: string, count: number): number {
  return (fnv1a(id) >>> 0) % count;
}

/**
 * Splits a manifest into the edge manifest (no bodies, `bodyChunks` set) and its body chunks
 * (chunk `k` maps the ids of its documents to their bodies).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitBodies } from "./body_chunks.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "a.md", text: "# A" }, { path: "b.md", text: "# B" }] },
 * ] });
 * const { edge, chunks } = splitBodies(manifest, 3);
 * assert.deepEqual(edge.bodies, {});
 * assert.equal(edge.bodyChunks, 3);
 * assert.equal(chunks.length, 3);
 * assert.deepEqual(Object.assign({}, ...chunks), manifest.bodies);
 * ```
 */
export function splitBodies(
  manifest: Manifest,
  count = bodyChunkCount(
    Object.values(manifest.bodies).reduce((sum, body) => sum + body.length, 0),
    Object.keys(manifest.bodies).length,
  ),
): { edge: Manifest; chunks: Record<string, string>[] } {
  const chunks: Record<string, string>[] = Array.from({ length: count }, () => ({}));
  for (const [id, body] of Object.entries(manifest.bodies)) {
    chunks[bodyChunkOf(id, count)]![id] = body;
  }
  return { edge: { ...manifest, bodies: {}, bodyChunks: count }, chunks };
}
