/**
 * Links to other documents as the build writes them into bodies (`build/rewrite_links.ts`):
 * `[text](acdc://<source>/<path>#fragment)` and reference definitions
 * `[label]: acdc://<source>/<path>#fragment` (either may be in `<…>`). Readers that need them in
 * another form — the index (path words only), the web twins (twin URLs) — map them here.
 *
 * @module
 */

const INLINE = /\]\((<?)acdc:\/\/([^/\s)>]+)\/([^\s)#>]+)(#[^\s)>]*)?/g;
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*<?)acdc:\/\/([^/\s>]+)\/([^\s#>]+)(#[^\s>]*)?/gm;

/**
 * `body` with each link to a document replaced by `to(source, path, fragment)` (the path as in
 * the URI, percent-encoded; the fragment with its `#`, or `""`). Other text is left as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mapDocumentLinks } from "./document_links.ts";
 * const to = (source: string, path: string, fragment: string) => `/${source}:${path}${fragment}`;
 * assert.equal(
 *   mapDocumentLinks("[a](acdc://docs/x/y#z \"T\")\n[b]: <acdc://docs/w>", to),
 *   "[a](/docs:x/y#z \"T\")\n[b]: </docs:w>",
 * );
 * assert.equal(mapDocumentLinks("no links", to), "no links");
 * ```
 */
export function mapDocumentLinks(
  body: string,
  to: (source: string, path: string, fragment: string) => string,
): string {
  if (!body.includes("acdc://")) return body;
  return body
    .replace(
      INLINE,
      (_, angle: string, source: string, path: string, fragment?: string) =>
        `](${angle}${to(source, path, fragment ?? "")}`,
    )
    .replace(
      DEFINITION,
      (_, head: string, source: string, path: string, fragment?: string) =>
        head + to(source, path, fragment ?? ""),
    );
}
