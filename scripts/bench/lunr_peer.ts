/**
 * The lunr baseline of the evaluation: lunr 2.3.9 with its default English pipeline (trimmer,
 * stop words, Porter stemmer), title, keywords, description and body indexed with Shelf's
 * default boosts (keywords ×3, title ×2). Queries go through lunr's query builder with the
 * query's tokens, so user text with lunr's syntax characters (`:`, `~`, `^`, `+`, `-`, `*`)
 * cannot make it throw. Benchmark and evaluation only.
 *
 * @module
 */
import lunrUntyped from "lunr";
import type { ContentStore } from "../../src/content/content_store.ts";

/** The part of lunr's API used here (the package ships no types). */
interface LunrBuilder {
  ref(name: string): void;
  field(name: string, options?: { boost?: number }): void;
  add(doc: Record<string, string>): void;
}
interface LunrIndex {
  query(fn: (q: { term(tokens: unknown[], options: object): void }) => void): { ref: string }[];
}
const lunr = lunrUntyped as unknown as {
  (config: (this: LunrBuilder) => void): LunrIndex;
  tokenizer(text: string): unknown[];
};

/** A lunr index over a store; `search` gives document paths, best first. */
export function buildLunr(store: ContentStore): { search(query: string): string[] } {
  const docs = store.documents;
  const index = lunr(function () {
    this.ref("n");
    this.field("title", { boost: 2 });
    this.field("keywords", { boost: 3 });
    this.field("description");
    this.field("content");
    docs.forEach((d, n) =>
      this.add({
        n: String(n),
        title: d.title,
        keywords: d.keywords.join(" "),
        description: d.description,
        content: store.body(d),
      })
    );
  });
  return {
    search(query) {
      const tokens = lunr.tokenizer(query);
      if (tokens.length === 0) return [];
      return index.query((q) => q.term(tokens, {}))
        .map((r) => docs[Number(r.ref)]!.path);
    },
  };
}
