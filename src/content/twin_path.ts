/**
 * Where a document's markdown twin is on the site (`/_shelf/md/<source>/<path>.md`).
 *
 * @module
 */
import type { ManifestDocument } from "./manifest.ts";

/** A path segment percent-encoded, parentheses too (a `)` would end a markdown link). */
export const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
const encodePath = (path: string) => path.split("/").map(encodeSegment).join("/");

/**
 * The site path of a document's markdown twin: `/_shelf/md/<source>/<path>.md`, segments
 * percent-encoded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { twinPath } from "./twin_path.ts";
 * assert.equal(twinPath({ source: "docs", path: "guides/a b" }), "/_shelf/md/docs/guides/a%20b.md");
 * assert.equal(twinPath({ source: "man", path: "open(2)" }), "/_shelf/md/man/open%282%29.md");
 * ```
 */
export function twinPath(doc: Pick<ManifestDocument, "source" | "path">): string {
  return `/_shelf/md/${encodeSegment(doc.source)}/${encodePath(doc.path)}.md`;
}
