/**
 * Category spans: where each category's documents are in a sharded build's edge manifest, so that
 * a category filter reads no id (`id_ranges.ts`: a category is in every document's path, and
 * finding its documents read every id range: 60 on the reference shelf, 2026-11-28). The
 * documents are sorted by id (`<source>/<category>/…`), so a source's category holds a run of
 * consecutive documents: the build writes, per source of the manifest's outline and per category
 * of it, the number of its first document and how many (`Manifest.categorySpans`).
 *
 * @module
 */
import type { ManifestOutline } from "./manifest_outline.ts";

/**
 * Per source of `outline`, its categories' runs in `documents` (sorted by id) as
 * `[first, count, first, count, …]` in the outline's order of categories; `undefined` when a
 * category's documents are not one run (a source whose name holds a `/` may interleave them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { categorySpans } from "./category_spans.ts";
 * const doc = (source: string, category: string) => ({ source, category });
 * const documents = [doc("d", "a"), doc("d", "a"), doc("d", ""), doc("d", "b"), doc("e", "a")];
 * const outline = {
 *   sources: [{ name: "d", categories: ["a", "b"] }, { name: "e", categories: ["a"] }],
 *   prompts: [],
 * };
 * assert.deepEqual(categorySpans(outline, documents), [[0, 2, 3, 1], [4, 1]]);
 * assert.equal(categorySpans(outline, [...documents, doc("d", "a")]), undefined);
 * ```
 */
export function categorySpans(
  outline: ManifestOutline,
  documents: readonly { source: string; category: string }[],
): number[][] | undefined {
  const runs = new Map<string, [number, number]>();
  let previous = "";
  for (let n = 0; n < documents.length; n++) {
    const { source, category } = documents[n]!;
    if (category === "") continue;
    const key = `${source}\n${category}`;
    const run = runs.get(key);
    if (!run) runs.set(key, [n, 1]);
    else if (previous === key && run[0] + run[1] === n) run[1]++;
    else return undefined;
    previous = key;
  }
  return outline.sources.map(({ name, categories }) =>
    categories.flatMap((category) => runs.get(`${name}\n${category}`) ?? [0, 0])
  );
}

/**
 * The numbers of the documents of category `wanted` (lowercase, as filters compare it) by the
 * spans of `outline` ({@link categorySpans}), in order; `undefined` for `""` (a source's top-level
 * documents are no run).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { categoryNumbers } from "./category_spans.ts";
 * const outline = {
 *   sources: [{ name: "d", categories: ["A", "b"] }, { name: "e", categories: ["a"] }],
 *   prompts: [],
 * };
 * const spans = [[0, 2, 3, 1], [4, 1]];
 * assert.deepEqual(categoryNumbers(outline, spans, "a"), [0, 1, 4]);
 * assert.deepEqual(categoryNumbers(outline, spans, "c"), []);
 * assert.equal(categoryNumbers(outline, spans, ""), undefined);
 * ```
 */
export function categoryNumbers(
  outline: ManifestOutline,
  spans: readonly (readonly number[])[],
  wanted: string,
): number[] | undefined {
  if (wanted === "") return undefined;
  const numbers: number[] = [];
  outline.sources.forEach(({ categories }, s) => {
    categories.forEach((category, c) => {
      if (category.toLowerCase() !== wanted) return;
      const first = spans[s]?.[2 * c] ?? 0;
      const count = spans[s]?.[2 * c + 1] ?? 0;
      for (let n = first; n < first + count; n++) numbers.push(n);
    });
  });
  return numbers.sort((a, b) => a - b);
}
