/**
 * The manifest's content hash: SHA-256 of the JSON of `[server, settings, sources, documents,
 * bodies, prompts]`, hashed piece by piece as it is written (`json_pieces.ts`), so that a large
 * knowledge base's JSON (hundreds of megabytes) is never one string in memory.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { jsonPieces } from "./json_pieces.ts";

/** What the content hash covers, in its order. */
export interface HashedContent {
  server: unknown;
  settings: unknown;
  sources: unknown;
  documents: readonly unknown[];
  bodies: Record<string, string>;
  prompts: unknown;
}

/**
 * The hex SHA-256 of `JSON.stringify([server, settings, sources, documents, bodies, prompts])`,
 * written one document and one body at a time (the same bytes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contentHash } from "./content_hash.ts";
 * const content = { server: { name: "kb" }, settings: {}, sources: [], documents: [{ id: "a" }],
 *   bodies: { "d/a": "é\ud800" }, prompts: [] };
 * const json = JSON.stringify(Object.values(content));
 * const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json));
 * const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
 * assert.equal(contentHash(content), hex);
 * ```
 */
export function contentHash(content: HashedContent): string {
  const hash = createHash("sha256");
  const { server, settings, sources, documents, bodies, prompts } = content;
  for (const piece of jsonPieces([server, settings, sources, documents, bodies, prompts])) {
    hash.update(piece);
  }
  return hash.digest("hex");
}
