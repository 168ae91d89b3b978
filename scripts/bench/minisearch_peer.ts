/**
 * The MiniSearch peer as the evaluation and the benchmarks configure it, in one place so both
 * measure the same thing: title, keywords, description and body indexed; queries fuzzy 0.2,
 * prefix, with Shelf's default boosts (keywords ×3, title ×2).
 *
 * @module
 */
import MiniSearch from "minisearch";
import type { ContentStore } from "../../src/content/content_store.ts";

/** Index options (also needed by `MiniSearch.loadJSON`). */
export const MINI_INDEX_OPTIONS = {
  fields: ["title", "keywords", "description", "content"],
  storeFields: ["path"],
};

/** Query options. */
export const MINI_QUERY_OPTIONS = { fuzzy: 0.2, prefix: true, boost: { keywords: 3, title: 2 } };

/** Indexes every document of a store; results carry the document `path`. */
export function buildMiniSearch(store: ContentStore): MiniSearch {
  const mini = new MiniSearch(MINI_INDEX_OPTIONS);
  mini.addAll(store.documents.map((d, i) => ({
    id: i,
    path: d.path,
    title: d.title,
    keywords: d.keywords.join(" "),
    description: d.description,
    content: store.body(d),
  })));
  return mini;
}
