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
 * store does not hold): `setsOf(kind)` maps each lowercased value to its documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFilterSets } from "./filter_sets.ts";
 * const docs = [{ source: "docs", category: "Guides", keywords: ["a"] }, undefined] as never;
 * const setsOf = createFilterSets(docs);
 * assert.deepEqual([...setsOf("category").get("guides")!], [0]);
 * assert.equal(setsOf("tag").get("b"), undefined);
 * ```
 */
export function createFilterSets(docs: readonly (ManifestDocument | undefined)[]) {
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
      docs.forEach((doc, n) => {
        if (!doc) return;
        if (kind === "source") add(doc.source, n);
        else if (kind === "category") add(doc.category, n);
        else for (const tag of doc.keywords) add(tag, n);
      });
      sets.set(kind, byKey);
    }
    return byKey;
  };
  return setsOf;
}
