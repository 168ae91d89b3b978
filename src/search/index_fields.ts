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
export const FIELDS = ["name", "keywords", "description", "content"] as const;
/** One indexed field. */
export type Field = typeof FIELDS[number];

/** The content field's place in {@link FIELDS} (postings segments come in that order). */
export const CONTENT = FIELDS.indexOf("content");
/** Weight of a match in each field. */
export type FieldWeights = Readonly<Record<Field, number>>;

/**
 * A record with one value per field, each made by `make`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldRecord } from "./index_fields.ts";
 * assert.deepEqual(fieldRecord(() => 0), { name: 0, keywords: 0, description: 0, content: 0 });
 * ```
 */
export function fieldRecord<T>(make: () => T): Record<Field, T> {
  return Object.fromEntries(FIELDS.map((f) => [f, make()])) as Record<Field, T>;
}
