/**
 * What a search result says of the query's words it holds: every result lists them
 * (`matched`), and one that holds fewer than half of a longer query's words — a filler after
 * the results that hold enough (see `SearchEngine.query`) — says so in the text.
 *
 * @module
 */

/** A search result's words, as the engine gives them (`EngineHit`). */
export interface MatchedWords {
  matched: readonly string[];
  partial: boolean;
}

/** JSON schema of a result's `matched` list. */
export const MATCHED_SCHEMA = {
  type: "array",
  items: { type: "string" },
  description: "The query's words this result holds.",
} as const;

/** JSON schema of a result's `partial` flag. */
export const PARTIAL_SCHEMA = {
  type: "boolean",
  description: "It holds only some of the query's words (listed after the results holding most).",
} as const;

/**
 * The fields a structured result gets: `matched` always, `partial: true` for a filler.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchedFields } from "./matched_words.ts";
 * assert.deepEqual(matchedFields({ matched: ["a"], partial: false }), { matched: ["a"] });
 * assert.deepEqual(matchedFields({ matched: ["a"], partial: true }), { matched: ["a"], partial: true });
 * ```
 */
export function matchedFields(hit: MatchedWords): { matched: string[]; partial?: true } {
  return hit.partial ? { matched: [...hit.matched], partial: true } : { matched: [...hit.matched] };
}

/**
 * The note a filler's line carries ("" for a result that holds enough of the words).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partialNote } from "./matched_words.ts";
 * assert.equal(partialNote({ matched: ["tree", "shaking"], partial: true }), "(matches only: tree, shaking) ");
 * assert.equal(partialNote({ matched: ["a", "b"], partial: false }), "");
 * ```
 */
export function partialNote(hit: MatchedWords): string {
  return hit.partial ? `(matches only: ${hit.matched.join(", ")}) ` : "";
}
