/**
 * A page's parts' ids (`part_rule.ts`): the page's id, `#` and the section's place in its
 * `sections`. Apart from the part rule so that the index (`search_index.ts`) reads a part's
 * section without importing the rule.
 *
 * @module
 */

/**
 * The id of a page's part; and back, the place from the id ({@link sectionOfPart}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partId, sectionOfPart } from "./part_ids.ts";
 * assert.equal(partId("docs/a#b", 3), "docs/a#b#3");
 * assert.equal(sectionOfPart(partId("docs/a#b", 3)), 3);
 * ```
 */
export const partId = (pageId: string, index: number) => `${pageId}#${index}`;

/** The section place a part's id ({@link partId}) names. */
export const sectionOfPart = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
