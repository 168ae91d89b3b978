/**
 * Fenced code blocks as the build's line walkers see them: a line opening with three or more
 * backticks or tildes (indented at most three spaces) starts a block, and the next such line of
 * the same character, at least as long, ends it (`~~~~` is not closed by `~~~` or by backticks). Headings, links, anchors and containers inside
 * are code, not markup. One rule for every walker (sections, links, metadata, dialect cleaning).
 *
 * @module
 */

/** A fence line: its marker (`` ``` ``, `~~~~`) in group 1. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * A tracker for one pass over a text's lines: called with each line in order, it says whether
 * the line is code — a fence or a line inside a fenced block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFenceTracker } from "./code_fences.ts";
 * const isCode = createFenceTracker();
 * const lines = ["# Title", "~~~~md", "# not a heading", "~~~", "still code", "~~~~", "text"];
 * assert.deepEqual(lines.map(isCode), [false, true, true, true, true, true, false]);
 * ```
 */
export function createFenceTracker(): (line: string) => boolean {
  let fence = "";
  return (line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = "";
      return true;
    }
    if (marker) {
      fence = marker;
      return true;
    }
    return false;
  };
}
