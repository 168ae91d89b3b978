/**
 * Document ids by number, as an index reads them: a list (`string[]` is one), or ids made when
 * read (`packed_index.ts`). A sharded edge index reads none: its pages are its store's documents,
 * whose ids are in id ranges (`id_ranges.ts`).
 *
 * @module
 */

/** Document ids by number: `at(n)` is document `n`'s (`undefined` past `length`). */
export interface DocumentIds {
  readonly length: number;
  at(n: number): string | undefined;
}

/**
 * Whether `value` is {@link DocumentIds}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDocumentIds } from "./document_ids.ts";
 * assert.equal(isDocumentIds(["a", "b"]), true);
 * assert.equal(isDocumentIds({ length: 2, at: (n: number) => `${n}` }), true);
 * assert.equal(isDocumentIds({ length: 2 }), false);
 * ```
 */
export function isDocumentIds(value: unknown): value is DocumentIds {
  if (Array.isArray(value)) return true;
  const ids = value as Partial<DocumentIds> | null;
  return typeof ids === "object" && ids !== null && Number.isSafeInteger(ids.length) &&
    typeof ids.at === "function";
}
