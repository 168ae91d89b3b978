/**
 * The ASDLC knowledge base's original `search_articles` ranking (case-insensitive substrings in
 * title ×3, tags ×2, description ×1). Shelf's `search_articles` now runs on the search engine;
 * this is kept as the baseline `deno task eval` compares against.
 *
 * @module
 */
import type { ContentStore } from "../src/content/content_store.ts";
import { newestFirst } from "../src/content/list_order.ts";
import type { ManifestDocument } from "../src/content/manifest.ts";

/** One ranked document. */
export interface RankedDocument {
  doc: ManifestDocument;
  score: number;
}

/** Field weights of the ASDLC search contract. */
export const ARTICLE_WEIGHTS = { title: 3, tags: 2, description: 1 } as const;

interface Folded {
  doc: ManifestDocument;
  title: string;
  tags: string[];
  description: string;
}

const folded = new WeakMap<ContentStore, Folded[]>();

/** Lowercased fields per store, computed once per store rather than per query. */
function foldedFields(store: ContentStore): Folded[] {
  let list = folded.get(store);
  if (!list) {
    list = store.documents.map((doc) => ({
      doc,
      title: doc.title.toLowerCase(),
      tags: doc.keywords.map((k) => k.toLowerCase()),
      description: doc.description.toLowerCase(),
    }));
    folded.set(store, list);
  }
  return list;
}

/**
 * Splits a query into lowercase terms on white space; duplicates removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryTerms } from "./asdlc_substring.ts";
 * assert.ok(queryTerms("  Context  context GATES ").join() === "context,gates");
 * ```
 */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * The ASDLC article search: every query term is matched case-insensitively as a substring of
 * the title (weight 3), any tag (2) and the description (1); weights add up across terms and
 * fields. Documents with a score are returned best first, ties newest `lastUpdated` first.
 *
 * @example
 * ```ts ignore
 * import { rankArticles } from "./asdlc_substring.ts";
 * const hits = rankArticles(store, "context");
 * ```
 */
export function rankArticles(store: ContentStore, query: string): RankedDocument[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const hits: RankedDocument[] = [];
  for (const f of foldedFields(store)) {
    let score = 0;
    for (const term of terms) {
      if (f.title.includes(term)) score += ARTICLE_WEIGHTS.title;
      if (f.tags.some((t) => t.includes(term))) score += ARTICLE_WEIGHTS.tags;
      if (f.description.includes(term)) score += ARTICLE_WEIGHTS.description;
    }
    if (score > 0) hits.push({ doc: f.doc, score });
  }
  return hits.sort((a, b) =>
    b.score - a.score || newestFirst(a.doc.lastUpdated, b.doc.lastUpdated) ||
    (a.doc.id < b.doc.id ? -1 : 1)
  );
}
