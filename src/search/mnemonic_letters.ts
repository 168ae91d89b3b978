/**
 * Words with a bracketed letter, as command references mark an option's mnemonic: tldr writes
 * "E[x]tract a (compressed) archive [f]ile" for `tar -xf`, "Give the [u]ser … the right to
 * e[x]ecute it" for `chmod u+x`. Read as they are, those are the terms "e", "x", "tract" and
 * "ecut": the standard tool's own examples no longer hold the question's words ("extract",
 * "execute"), and pages without the markup win. The index reads such a word whole, its
 * brackets dropped.
 *
 * Only in prose: inside a code span or a fenced block `items[j]` is code, not a mnemonic, and a
 * link's `[text](…)` or a bracket with no letter beside it is left alone.
 *
 * @module
 */
import { createFenceTracker } from "../code_fences.ts";
import { lazyPattern } from "../lazy_pattern.ts";

// One or two letters in brackets, with a letter on at least one side (not a link's text: a
// letter does not follow `]` there, and `[c](` has none before `[`). Made on first use: the
// search engine's module imports this one, and a cold isolate that only searches never joins
// letters (as a literal, its four `\p{L}` cost every cold start about 0.8 ms on this machine).
const MNEMONIC = lazyPattern(
  String.raw`(?<=\p{L})\[(\p{L}{1,2})\](?!\()|\[(\p{L}{1,2})\](?=\p{L})`,
  "gu",
);

/**
 * `text` with the brackets of mnemonic letters inside words dropped, outside code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { joinMnemonicLetters } from "./mnemonic_letters.ts";
 * assert.equal(joinMnemonicLetters("- E[x]tract a [f]ile, [c]reate a g[z]ipped one:"),
 *   "- Extract a file, create a gzipped one:");
 * assert.equal(joinMnemonicLetters("Run `items[j]` and [x](/x) or [x] or a [b] c"),
 *   "Run `items[j]` and [x](/x) or [x] or a [b] c");
 * assert.equal(joinMnemonicLetters("~~~\nitems[j] = 1\n~~~\nexecutio[N]"), "~~~\nitems[j] = 1\n~~~\nexecutioN");
 * ```
 */
export function joinMnemonicLetters(text: string): string {
  if (!text.includes("]")) return text;
  const isCode = createFenceTracker();
  return text.split("\n").map((line) =>
    isCode(line) || !line.includes("]")
      ? line
      // Odd pieces between backticks are code spans.
      : line.split("`").map((piece, i) => i % 2 === 1 ? piece : piece.replace(MNEMONIC(), "$1$2"))
        .join("`")
  ).join("\n");
}
