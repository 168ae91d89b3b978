/**
 * The document sets a search filter selects (a source, a category, a tag), made on the first
 * query that filters by that kind — not at cold start — and kept with the engine.
 *
 * @module
 */
import type { ManifestDocument } from "../content/manifest.ts";

/** Filters a search can apply, each answered from precomputed document sets. */
export interface SearchFilters {
  source?: string;
  category?: string;
  tag?: string;
}

/**
 * The filter sets of an engine's documents (by document number; `undefined` for a number the
 * store does not hold): `setsOf(kind)` maps each lowercased value to its documents. With
 * `sourceAt` (every number a document's: `ContentStore.sourceAt`), the sources are read with it,
 * not from the documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFilterSets } from "./filter_sets.ts";
 * const docs = [{ source: "docs", category: "Guides", keywords: ["a"] }, undefined] as never;
 * const setsOf = createFilterSets(docs);
 * assert.deepEqual([...setsOf("category").get("guides")!], [0]);
 * assert.equal(setsOf("tag").get("b"), undefined);
 * const told = createFilterSets([{}, {}] as never, (n) => n === 0 ? "Docs" : "api");
 * assert.deepEqual([...told("source").get("docs")!], [0]);
 * ```
 */
export function createFilterSets(
  docs: readonly (ManifestDocument | undefined)[],
  sourceAt?: (n: number) => string,
) {
  const sets = new Map<keyof SearchFilters, Map<string, Set<number>>>();
  const setsOf = (kind: keyof SearchFilters) => {
    let byKey = sets.get(kind);
    if (!byKey) {
      byKey = new Map();
      const add = (key: string, n: number) => {
        const k = key.toLowerCase();
        let set = byKey!.get(k);
        if (!set) byKey!.set(k, set = new Set());
        set.add(n);
      };
      if (kind === "source" && sourceAt) {
        // Every document's source without making the document (`ContentStore.sourceAt`).
        for (let n = 0; n < docs.length; n++) add(sourceAt(n), n);
      } else {
        docs.forEach((doc, n) => {
          if (!doc) return;
          if (kind === "source") add(doc.source, n);
          else if (kind === "category") add(doc.category, n);
          else for (const tag of doc.keywords) add(tag, n);
        });
      }
      sets.set(kind, byKey);
    }
    return byKey;
  };
  return setsOf;
}

/**
 * The document sets of the categories `numbersOf` tells (`ContentStore.categoryNumbers`: by
 * number, without reading every document's path), by category (any case): an unknown one's is
 * empty; `undefined` when `numbersOf` cannot tell (then every document's category is read:
 * {@link createFilterSets}). Each known category's set is kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toldCategorySets } from "./filter_sets.ts";
 * const inCategory = toldCategorySets((wanted) => wanted === "" ? undefined : wanted === "a" ? [0, 2] : []);
 * assert.deepEqual([...inCategory("A")!], [0, 2]);
 * assert.equal(inCategory("a"), inCategory("A"));
 * assert.equal(inCategory("b")!.size, 0);
 * assert.equal(inCategory(""), undefined);
 * assert.equal(toldCategorySets(undefined)("a"), undefined);
 * ```
 */
export function toldCategorySets(
  numbersOf: ((wanted: string) => readonly number[] | undefined) | undefined,
): (category: string) => ReadonlySet<number> | undefined {
  const sets = new Map<string, Set<number>>();
  return (category) => {
    const key = category.toLowerCase();
    const known = sets.get(key);
    if (known || !numbersOf) return known;
    const numbers = numbersOf(key);
    if (!numbers || numbers.length === 0) return numbers && new Set();
    const set = new Set(numbers);
    sets.set(key, set);
    return set;
  };
}
