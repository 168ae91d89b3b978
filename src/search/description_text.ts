/**
 * A description as the index reads it: its words, not the addresses it cites. Command
 * references end their one-line summary with "More information: <https://…>", and the address
 * of a GNU coreutils page (`www.gnu.org/software/coreutils/manual/html_node/du-invocation.html`)
 * is a dozen terms where a niche tool's (`manned.org/gdu`) is three: counted in the description's
 * length, they made the standard tools' summaries three times longer than their words, so length
 * normalization sank "Disk usage: estimate and summarize file and directory space usage" under
 * niche tools' shorter summaries. The body still holds the address, so it is still found.
 *
 * @module
 */

// An address with a scheme, in angle brackets (an autolink) or bare.
const ADDRESS = /<?\b[a-z][a-z0-9+.-]*:\/\/[^\s<>]*>?/gi;

/**
 * `description` without the addresses it cites.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { descriptionText } from "./description_text.ts";
 * assert.equal(
 *   descriptionText("List directory contents. More information: <https://www.gnu.org/x.html>."),
 *   "List directory contents. More information:  .",
 * );
 * assert.equal(descriptionText("See https://a.example/b for more"), "See   for more");
 * assert.equal(descriptionText("Record changes to the repository"), "Record changes to the repository");
 * ```
 */
export function descriptionText(description: string): string {
  return description.includes("://") ? description.replace(ADDRESS, " ") : description;
}
