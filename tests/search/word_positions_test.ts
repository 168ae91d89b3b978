import assert from "node:assert/strict";
import fc from "fast-check";
import { termOf, wordsOf } from "../../src/search/analyzer.ts";
import { occurrences, positionsOf, scanAllOccurrences } from "../../src/search/word_positions.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

/** Every term of a text's words, plus some that are not there. */
function termsOf(text: string): string[] {
  const terms = new Set(["", "zzzz", "--amend", "pg_hba.conf", "open(2)"]);
  for (const [word] of wordsOf(text)) {
    const term = termOf(word);
    if (term !== "") terms.add(term);
  }
  return [...terms];
}

function assertSameAsScan(text: string, every = 1) {
  const words = positionsOf(text);
  for (const term of termsOf(text).filter((_, i) => i % every === 0)) {
    assert.deepEqual(occurrences(words, term), scanAllOccurrences(text, term), term);
  }
}

Deno.test("word positions: the substring search finds exactly the words a full scan finds", () => {
  // Pieces that stress word starts: apostrophes (suffixes and quotes), digits after letters,
  // combining marks, a letter outside the BMP, letters whose lowercase is longer.
  const piece = fc.constantFrom(
    "deploy",
    "Deploying",
    "deploys",
    "don't",
    "'quoted'",
    "rock'n'roll",
    "a'b2to3",
    "2to3",
    "x86",
    "e\u0301te\u0301",
    "café",
    "𝒜lpha",
    "İstanbul",
    "pg_hba.conf",
    "--amend",
    "open(2)",
    "’tis",
    "it’s",
    "ab12cd",
    " ",
    "\n",
    ".",
    "-",
    "’",
    "'",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      assertSameAsScan(pieces.join(""));
      assertSameAsScan(pieces.join(" "));
    }),
    { numRuns: 500 },
  );
});

Deno.test("word positions: the same as a full scan on every asdlc body (a seventh of its terms)", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  for (const body of Object.values(manifest.bodies)) assertSameAsScan(body, 7);
});

Deno.test("word positions: a long run of one letter costs one pass per term", () => {
  const text = "a".repeat(200_000);
  const words = positionsOf(text);
  assert.deepEqual(occurrences(words, "aaaa"), []);
  assert.deepEqual(occurrences(words, termOf(text)), [0, 200_000]);
});
