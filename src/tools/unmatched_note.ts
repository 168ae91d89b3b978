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

/**
 * One sentence telling an agent which query words matched nothing and what it may have meant,
 * so it can tell a gap in the documentation from a badly phrased query; `""` when every word
 * matched.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unmatchedNote } from "./unmatched_note.ts";
 * assert.equal(
 *   unmatchedNote([{ word: "kubernets", suggestions: ["kubernetes"] }, { word: "zzz", suggestions: [] }]),
 *   "No document mentions 'kubernets' (did you mean 'kubernetes'?) or 'zzz'.",
 * );
 * assert.equal(unmatchedNote([]), "");
 * ```
 */
export function unmatchedNote(unmatched: Unmatched): string {
  if (unmatched.length === 0) return "";
  const parts = unmatched.map(({ word, suggestions }) =>
    `'${word}'` +
    (suggestions.length > 0
      ? ` (did you mean ${suggestions.map((s) => `'${s}'`).join(" or ")}?)`
      : "")
  );
  const list = parts.length === 1
    ? parts[0]
    : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`;
  return `No document mentions ${list}.`;
}
