/**
 * Whether a document has the query's words as a phrase: BM25 scores each word alone, so a title
 * "Spec-Driven Development" and a body that says "spec" and "development" three paragraphs
 * apart score alike. A pair of consecutive query words found next to each other in the same
 * order is a phrase; stop words between them do not count (they are not terms), so "defines
 * specifications before implementation" has the phrase "specifications implementation".
 *
 * Words near each other but not adjacent, or in the other order, earn nothing: crediting them
 * (half a phrase, within four terms) was measured and lost on the evaluation corpora.
 *
 * @module
 */

/**
 * The share (0–1) of the query's consecutive word pairs that one of `texts` (each a document
 * field as its sequence of terms) has as a phrase. `words[i]` holds the terms that stand for
 * the i-th query word (the word itself, its typo variants and completions).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { phraseShare } from "./proximity.ts";
 * const words = [new Set(["code"]), new Set(["review"])];
 * assert.equal(phraseShare([["adversari", "code", "review"]], words), 1);
 * assert.equal(phraseShare([["review", "code"]], words), 0); // other order
 * assert.equal(phraseShare([["code", "peer", "review"]], words), 0); // not adjacent
 * assert.equal(phraseShare([["x"], ["code", "review"]], words), 1); // any text counts
 * assert.equal(phraseShare([["code"]], [new Set(["code"])]), 0); // one word: no pairs
 * const three = [new Set(["a"]), new Set(["b"]), new Set(["c"])];
 * assert.equal(phraseShare([["a", "b", "x", "c"]], three), 0.5);
 * ```
 */
export function phraseShare(
  texts: readonly (readonly string[])[],
  words: readonly ReadonlySet<string>[],
): number {
  const pairs = words.length - 1;
  if (pairs <= 0) return 0;
  let found = 0;
  for (let i = 0; i < pairs; i++) {
    if (texts.some((terms) => hasPhrase(terms, words[i]!, words[i + 1]!))) found++;
  }
  return found / pairs;
}

function hasPhrase(
  terms: readonly string[],
  first: ReadonlySet<string>,
  second: ReadonlySet<string>,
): boolean {
  for (let at = 1; at < terms.length; at++) {
    if (second.has(terms[at]!) && first.has(terms[at - 1]!)) return true;
  }
  return false;
}
