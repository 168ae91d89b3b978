/**
 * The fields an index holds and the weights a search gives them.
 *
 * @module
 */

/**
 * Indexed fields. Each term's postings (`postings.ts`) list, per field, the documents that have
 * it and how often; with each field's length per document they are what BM25F needs
 * (`bm25f.ts`).
 */
export const FIELDS = ["name", "keywords", "description", "content", "links", "headings"] as const;
/** One indexed field. */
export type Field = typeof FIELDS[number];

/** The content field's place in {@link FIELDS} (postings segments come in that order). */
export const CONTENT = FIELDS.indexOf("content");
/**
 * Weight of a match in each field. The `links` field (what other pages call a document, see
 * `link_graph.ts`) weighs {@link LINKS_SHARE} of the name's unless given, the `headings` field
 * {@link HEADINGS_SHARE}.
 */
export type FieldWeights = Readonly<
  Record<Exclude<Field, "links" | "headings">, number> & { links?: number; headings?: number }
>;

/**
 * Weight of the `links` field (inbound anchor text) as a share of the name's: what other pages
 * call a page is nearly a title, but it is many voices, some loose ("see here", "this guide").
 * Chosen on the evaluation (`deno task eval`): see docs/search.md.
 */
export const LINKS_SHARE = 0.5;

/**
 * Weight of the `headings` field (a page's headings but the title) as a share of the name's:
 * a heading names a part of the page, so a match there says more than one in the body and less
 * than one in the title. Headings stay in the body too; this is what they add. Chosen on the
 * evaluation (`deno task eval`): see docs/search.md.
 */
export const HEADINGS_SHARE = 0.5;

/**
 * A field's weight under `weights`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldWeight } from "./index_fields.ts";
 * const w = { name: 2, keywords: 3, description: 1, content: 1 };
 * assert.equal(fieldWeight(w, "keywords"), 3);
 * assert.equal(fieldWeight(w, "links"), 1);
 * assert.equal(fieldWeight({ ...w, links: 0 }, "links"), 0);
 * assert.equal(fieldWeight(w, "headings"), 1);
 * ```
 */
export function fieldWeight(weights: FieldWeights, field: Field): number {
  if (field === "headings") return weights.headings ?? weights.name * HEADINGS_SHARE;
  return field === "links" ? weights.links ?? weights.name * LINKS_SHARE : weights[field];
}

/**
 * A record with one value per field, each made by `make`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldRecord } from "./index_fields.ts";
 * assert.deepEqual(fieldRecord(() => 0), {
 *   name: 0,
 *   keywords: 0,
 *   description: 0,
 *   content: 0,
 *   links: 0,
 *   headings: 0,
 * });
 * ```
 */
export function fieldRecord<T>(make: () => T): Record<Field, T> {
  return Object.fromEntries(FIELDS.map((f) => [f, make()])) as Record<Field, T>;
}

/**
 * The key a term's scores under `weights` are kept by (`term_scores.ts`): every field's weight,
 * so that weights given alike share their scores.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { weightsKeyOf } from "./index_fields.ts";
 * const w = { name: 2, keywords: 3, description: 1, content: 1 };
 * assert.equal(weightsKeyOf(w), "2,3,1,1,1,1");
 * assert.equal(weightsKeyOf({ ...w, links: 1, headings: 1 }), weightsKeyOf(w));
 * // Frozen weights (the search tool's: `acdcWeights`) are keyed once.
 * const frozen = Object.freeze({ ...w, description: 1.5 });
 * assert.equal(weightsKeyOf(frozen), "2,3,1.5,1,1,1");
 * assert.equal(weightsKeyOf(frozen), "2,3,1.5,1,1,1");
 * ```
 */
export const weightsKeyOf = (weights: FieldWeights): string => {
  // Each search asks it (a page search and a part search, each), and writing fractional
  // weights as text costs a small site's search more than a few of its lookups: kept per
  // object for weights that cannot change.
  const frozen = Object.isFrozen(weights);
  let key = frozen ? FROZEN_KEYS.get(weights) : undefined;
  if (key === undefined) {
    key = FIELDS.map((f) => fieldWeight(weights, f)).join(",");
    if (frozen) FROZEN_KEYS.set(weights, key);
  }
  return key;
};

/** The keys of frozen weights (see {@link weightsKeyOf}). */
const FROZEN_KEYS = new WeakMap<FieldWeights, string>();
