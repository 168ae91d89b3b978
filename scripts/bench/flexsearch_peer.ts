/**
 * The FlexSearch baseline of the evaluation: FlexSearch 0.8's `Document` index with its
 * documented relevance preset (`preset: "score"`: resolution 9 and a contextual index), forward
 * tokenization (a word's prefixes match, as FlexSearch's README recommends for search-as-you-type
 * and partial words) and the `LatinBalance` encoder (case, accents and common English sound
 * alikes folded). Title, keywords, description and body are fields; a document's score is the sum
 * over fields of the field's weight (Shelf's default boosts: keywords ×3, title ×2) over its
 * rank in that field's results. Benchmark and evaluation only.
 *
 * @module
 */
import FlexSearch from "flexsearch";
import type { ContentStore } from "../../src/content/content_store.ts";

/** The part of FlexSearch's `Document` API used here. */
interface FlexDocument {
  add(doc: Record<string, string | number>): void;
  search(query: string, options: { limit: number }): { field: string; result: number[] }[];
}
const { Document, Charset } = FlexSearch as unknown as {
  Document: new (options: object) => FlexDocument;
  Charset: Record<string, unknown>;
};

const WEIGHTS: Record<string, number> = { title: 2, keywords: 3, description: 1, content: 1 };
/** Results read per field before they are merged. */
const PER_FIELD = 50;

/** A FlexSearch index over a store; `search` gives document paths, best first. */
export function buildFlexSearch(store: ContentStore): { search(query: string): string[] } {
  const docs = store.documents;
  const index = new Document({
    preset: "score",
    tokenize: "forward",
    encoder: Charset.LatinBalance,
    document: { id: "n", index: Object.keys(WEIGHTS) },
  });
  docs.forEach((d, n) =>
    index.add({
      n,
      title: d.title,
      keywords: d.keywords.join(" "),
      description: d.description,
      content: store.body(d),
    })
  );
  return {
    search(query) {
      const scores = new Map<number, number>();
      for (const { field, result } of index.search(query, { limit: PER_FIELD })) {
        result.forEach((n, rank) =>
          scores.set(n, (scores.get(n) ?? 0) + (WEIGHTS[field] ?? 1) / (rank + 1))
        );
      }
      return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([n]) => docs[n]!.path);
    },
  };
}
