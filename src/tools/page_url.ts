import type { ManifestDocument, ManifestSection } from "../content/manifest.ts";
import { slugify } from "../content/slugify.ts";

/**
 * `{ url }` for a document whose source has a public URL (the page on the live site), with a
 * section's anchor as its fragment when one is given — the author's anchor (`{#id}`, Sphinx's
 * ids), else the heading's slug; `{}` otherwise, so results spread it in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageUrl } from "./page_url.ts";
 * const doc = { url: "https://s.dev/guide/routing" } as never;
 * assert.deepEqual(pageUrl(doc), { url: "https://s.dev/guide/routing" });
 * assert.deepEqual(pageUrl(doc, { id: "a/b", title: "Clean URLs", level: 2, start: 0, end: 1 }), {
 *   url: "https://s.dev/guide/routing#clean-urls",
 * });
 * assert.deepEqual(pageUrl({} as never), {});
 * ```
 */
export function pageUrl(doc: ManifestDocument, section?: ManifestSection): { url?: string } {
  if (!doc.url) return {};
  if (!section || section.level === 1) return { url: doc.url };
  return { url: `${doc.url}#${section.anchor ?? slugify(section.title)}` };
}
