/**
 * Numbers by document (field lengths, inbound links, each part's page) as a loaded index reads
 * them: one {@link Uint32Array} whatever they were read from — a JSON list, or the typed array a
 * sharded build's packed index decodes (`packed_index.ts`) — so the loops that read them see one
 * kind of array (no list is made of a typed array: on a cold isolate of a 30,000-page shelf,
 * pushing its 90,000 documents' eight such arrays into lists cost about 100 ms of CPU); and back
 * as lists for JSON.
 *
 * @module
 */
import { type Field, FIELDS } from "./index_fields.ts";
import type { DocumentNumbers, SearchIndexData } from "./search_index.ts";

/**
 * `numbers` as a {@link Uint32Array}: itself when it is one, else copied by native code. A
 * built index's numbers are integers from 0 to 2³² − 1, which it holds unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentNumbers } from "./document_numbers.ts";
 * const typed = new Uint32Array([3, 1]);
 * assert.equal(documentNumbers(typed), typed);
 * assert.deepEqual(documentNumbers([3, 1]), typed);
 * assert.deepEqual(documentNumbers(new Uint8Array([3, 1])), typed);
 * ```
 */
export function documentNumbers(numbers: DocumentNumbers): Uint32Array {
  return numbers instanceof Uint32Array ? numbers : new Uint32Array(numbers);
}

/**
 * Whether `value` is a {@link DocumentNumbers}: a list, or a typed array of unsigned integers
 * (its values are not checked).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDocumentNumbers } from "./document_numbers.ts";
 * assert.ok(isDocumentNumbers([1]) && isDocumentNumbers(new Uint16Array(1)));
 * assert.ok(!isDocumentNumbers(new Float64Array(1)) && !isDocumentNumbers({ length: 0 }));
 * ```
 */
export function isDocumentNumbers(value: unknown): value is DocumentNumbers {
  return Array.isArray(value) || value instanceof Uint8Array || value instanceof Uint16Array ||
    value instanceof Uint32Array;
}

/**
 * `data` as the build writes it: its numbers by document and its ids as lists (JSON would write
 * a typed array as an object, ids made when read as nothing), without what only an index
 * unpacked at runtime says (`manifestOrder`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { plainIndexData } from "./document_numbers.ts";
 * import type { SearchIndexData } from "./search_index.ts";
 * const one = new Uint8Array([1]);
 * const data = {
 *   ids: ["a"],
 *   lengths: { name: one, keywords: one, description: one, content: one, links: one, headings: one },
 *   inbound: new Uint16Array([2]),
 * } as unknown as SearchIndexData;
 * const plain = plainIndexData(data);
 * assert.deepEqual(plain.inbound, [2]);
 * assert.deepEqual(plain.lengths.content, [1]);
 * assert.equal("parts" in plain, false);
 * assert.equal(JSON.stringify(plainIndexData({ ...data, parts: new Uint32Array([0]) }).parts), "[0]");
 * const unpacked = { ...data, ids: { length: 1, at: () => "a" }, manifestOrder: true as const };
 * assert.deepEqual(plainIndexData(unpacked), plain);
 * ```
 */
export function plainIndexData(data: SearchIndexData): SearchIndexData {
  const { ids, lengths, inbound, parts, manifestOrder: _order, partSections: _p, ...rest } = data;
  const plain: SearchIndexData = {
    ...rest,
    ids: Array.isArray(ids) ? ids : Array.from({ length: ids.length }, (_, n) => ids.at(n)!),
    lengths: Object.fromEntries(FIELDS.map((f) => [f, Array.from(lengths[f])])) as Record<
      Field,
      number[]
    >,
    inbound: Array.from(inbound),
  };
  if (parts !== undefined) plain.parts = Array.from(parts);
  return plain;
}
