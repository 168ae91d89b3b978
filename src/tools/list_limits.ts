import { InvalidParamsError } from "../invalid_params.ts";
import type { JsonSchema } from "./tool.ts";

/** Bounds of one list argument: how many items, and how long each string item may be. */
export interface ListLimit {
  maxItems: number;
  maxItemLength: number;
}

/**
 * Every list argument of every tool, bounded: `search_documents`' `fileTypes` (Shelf serves
 * three formats under a handful of extensions) and `read_sections`' `section_ids` (ids are at
 * most 500 characters; 50 sections fill more than an answer's budget). A call past a bound is
 * refused before any work (`-32602`): 50,000 file types cost a search of the whole shelf.
 */
export const LIST_LIMITS = {
  fileTypes: { maxItems: 20, maxItemLength: 20 },
  section_ids: { maxItems: 50, maxItemLength: 500 },
} as const satisfies Record<string, ListLimit>;

/**
 * The JSON Schema of a list of strings, advertising its bounds (`maxItems`, items' `maxLength`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listSchema } from "./list_limits.ts";
 * assert.deepEqual(listSchema({ maxItems: 2, maxItemLength: 9 }, { description: "Ids." }), {
 *   type: "array",
 *   items: { type: "string", maxLength: 9 },
 *   maxItems: 2,
 *   description: "Ids.",
 * });
 * ```
 */
export function listSchema(limit: ListLimit, extra: JsonSchema = {}): JsonSchema {
  return {
    type: "array",
    items: { type: "string", maxLength: limit.maxItemLength },
    maxItems: limit.maxItems,
    ...extra,
  };
}

/**
 * Refuses a call whose list arguments pass their bounds, naming the field and the rule
 * ({@link InvalidParamsError}, answered as `-32602`). Only the bounds: a value that is not a
 * list, or a list item that is not a string, is the tool's to judge (it says what it expected).
 * Reads the list's length and, up to the bound, its items' lengths: nothing more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkLists } from "./list_limits.ts";
 * const lists = { tags: { maxItems: 2, maxItemLength: 5 } };
 * checkLists({ tags: ["a", "b"], other: [1, 2, 3] }, lists);
 * assert.throws(() => checkLists({ tags: ["a", "b", "c"] }, lists), /^InvalidParamsError: tags: at most 2 items/);
 * assert.throws(() => checkLists({ tags: ["abcdef"] }, lists), /tags\[0\]: at most 5 characters/);
 * ```
 */
export function checkLists(
  args: Record<string, unknown>,
  lists: Readonly<Record<string, ListLimit>>,
): void {
  for (const [name, limit] of Object.entries(lists)) {
    const value = args[name];
    if (!Array.isArray(value)) continue;
    if (value.length > limit.maxItems) {
      throw new InvalidParamsError(
        `${name}: at most ${limit.maxItems} items (${value.length} given)`,
      );
    }
    value.forEach((item, i) => {
      if (typeof item === "string" && item.length > limit.maxItemLength) {
        throw new InvalidParamsError(
          `${name}[${i}]: at most ${limit.maxItemLength} characters (${item.length} given)`,
        );
      }
    });
  }
}
