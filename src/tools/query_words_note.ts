import type { JsonSchema } from "./tool.ts";

/** Query words no document mentions, with the closest known words (from the search engine). */
export type Unmatched = readonly { word: string; suggestions: readonly string[] }[];

/** Output schema of the `unmatched` field the search tools add. */
export const UNMATCHED_SCHEMA: JsonSchema = {
  type: "array",
  description: "Query words no document mentions, with the closest words that documents do use.",
  items: {
    type: "object",
    properties: {
      word: { type: "string" },
      suggestions: { type: "array", items: { type: "string" } },
    },
    required: ["word", "suggestions"],
  },
};

/** Output schema of the `ignored` field the search tools add. */
export const IGNORED_SCHEMA: JsonSchema = {
  type: "array",
  description: "Query words left out, as typed: too common to search for in a query this long.",
  items: { type: "string" },
};

/**
 * The structured fields of the same: `unmatched` and `ignored`, each only when it lists a word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryWordsFields } from "./query_words_note.ts";
 * assert.deepEqual(queryWordsFields([], ["use"]), { ignored: ["use"] });
 * assert.deepEqual(queryWordsFields([], undefined), {});
 * ```
 */
export function queryWordsFields(
  unmatched: Unmatched,
  ignored: readonly string[] = [],
): { unmatched?: Unmatched; ignored?: readonly string[] } {
  return {
    ...(unmatched.length > 0 ? { unmatched } : {}),
    ...(ignored.length > 0 ? { ignored } : {}),
  };
}

/**
 * What an agent should know about its query's words, so it can tell a gap in the documentation
 * from a badly phrased query: those that matched nothing, with what it may have meant, and those
 * left out of a long query as too common to tell pages apart (`ignored`, as typed: see
 * `query_budget.ts`); `""` when every word matched and counted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryWordsNote } from "./query_words_note.ts";
 * assert.equal(
 *   queryWordsNote([{ word: "kubernets", suggestions: ["kubernetes"] }, { word: "zzz", suggestions: [] }]),
 *   "No document mentions 'kubernets' (did you mean 'kubernetes'?) or 'zzz'.",
 * );
 * assert.equal(
 *   queryWordsNote([], ["use", "file"]),
 *   "Left out as too common to search for in a query this long: 'use' and 'file'.",
 * );
 * assert.equal(queryWordsNote([]), "");
 * ```
 */
export function queryWordsNote(unmatched: Unmatched, ignored: readonly string[] = []): string {
  const notes: string[] = [];
  if (unmatched.length > 0) {
    const parts = unmatched.map(({ word, suggestions }) =>
      `'${word}'` +
      (suggestions.length > 0
        ? ` (did you mean ${suggestions.map((s) => `'${s}'`).join(" or ")}?)`
        : "")
    );
    notes.push(`No document mentions ${listed(parts, "or")}.`);
  }
  if (ignored.length > 0) {
    notes.push(
      `Left out as too common to search for in a query this long: ${
        listed(ignored.map((w) => `'${w}'`), "and")
      }.`,
    );
  }
  return notes.join(" ");
}

/** `a`, `a or b`, `a, b or c`. */
function listed(parts: readonly string[], last: string): string {
  return parts.length === 1
    ? parts[0]!
    : `${parts.slice(0, -1).join(", ")} ${last} ${parts.at(-1)}`;
}
