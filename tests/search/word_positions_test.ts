import assert from "node:assert/strict";
import fc from "fast-check";
import { termOf, wordsOf } from "../../src/search/analyzer.ts";
import {
  headsOf,
  occurrences,
  positionsOf,
  scanAllOccurrences,
  wordsStartingWith,
} from "../../src/search/word_positions.ts";
import { IRREGULAR_FORMS } from "../../src/search/irregular_forms.ts";
import { buildFolder, CORPORA } from "../helpers.ts";
import { bestWindow, snippet } from "../../src/search/snippet.ts";

/** Every term of a text's words, plus some that are not there. */
function termsOf(text: string): string[] {
  const terms = new Set(["", "zzzz", "--amend", "pg_hba.conf", "open(2)"]);
  for (const [word] of wordsOf(text)) {
    const term = termOf(word);
    if (term !== "") terms.add(term);
  }
  return [...terms];
}

/** A term's words by the definition: every word of the text, analyzed. */
function wordsWithTerm(text: string, term: string): number[] {
  return [...wordsOf(text)].filter(([w]) => termOf(w) === term)
    .flatMap(([w, start]) => [start, start + w.length]);
}

function assertSameAsScan(text: string, every = 1) {
  const words = positionsOf(text);
  for (const term of termsOf(text).filter((_, i) => i % every === 0)) {
    assert.deepEqual(occurrences(words, term), scanAllOccurrences(text, term), term);
  }
}

Deno.test("word positions: a mark outside any word (an emoji's variation selector) leaves the text searched by substrings", () => {
  const text = "Iterators \u2764\ufe0f folding: fold the iterator. \u0301 (no word) caf\u00e9";
  const words = positionsOf(text);
  assert.notEqual(words.lower, undefined);
  assert.deepEqual(occurrences(words, "fold"), scanAllOccurrences(text, "fold"));
  assert.equal(occurrences(words, "fold").length, 4);
});

Deno.test("word positions: a text with marks written apart inside words is searched by substrings too, without its marks", () => {
  const text = "Re\u0301sume\u0301s of hindi: \u0939\u093f\u0928\u094d\u0926\u0940, resume";
  const words = positionsOf(text);
  assert.equal(words.lower, "resumes of hindi: \u0939\u0928\u0926, resume");
  assert.deepEqual(occurrences(words, "resum"), scanAllOccurrences(text, "resum"));
  assert.deepEqual(occurrences(words, "resum"), [0, 9, 28, 34]);
  // `İ`, the one letter whose lowercase is longer, is read as `I`.
  const turkish = positionsOf("İstanbul, istanbul; DİSK");
  assert.equal(turkish.lower, "istanbul, istanbul; disk");
  assert.deepEqual(occurrences(turkish, "istanbul"), [0, 8, 10, 18]);
  assert.deepEqual(
    occurrences(turkish, "disk"),
    scanAllOccurrences("İstanbul, istanbul; DİSK", "disk"),
  );
});

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
    "\u0301e",
    "हिन्दी",
    "भाषा",
    "ran",
    "run",
    "bought",
    "buy",
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
    "—",
    "→",
    "“",
    "×",
    "\u00a0",
    "─",
    "✅",
    "❤\ufe0f",
    "1\ufe0f\u20e3",
    "a\u20dd",
    "re\u0301sume\u0301",
    "l'e\u0301te\u0301",
    "don't\u03012",
    "'\u0301x",
    "e\u0301\u0302x",
    "\u0915\u094d\u0937",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      assertSameAsScan(pieces.join(""));
      assertSameAsScan(pieces.join(" "));
    }),
    { numRuns: 500 },
  );
});

/**
 * `wordsStartingWith` by the definition: every word of the text (the analyzer's scan) whose
 * lowercase form begins with `head`, grouped by term in text order.
 */
function startingWithByScan(text: string, lower: string, head: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const [word, start] of wordsOf(text)) {
    if (!lower.startsWith(head, start)) continue;
    const term = termOf(word.toLowerCase());
    found.set(term, [...found.get(term) ?? [], start, start + word.length]);
  }
  return found;
}

Deno.test("word positions: words after apostrophes and digits after letters are found without a full scan", () => {
  // Where the character before a word's first letters cannot tell whether a word starts there,
  // the scan is replayed from the run of letters, digits and apostrophes only: the grouping is
  // made by the substring search itself, never by the fallback scan of the whole text.
  const piece = fc.constantFrom(
    "deploy",
    "don't",
    "'deploy'",
    "rock'n'roll",
    "a'b2to3",
    "don't86",
    "x86",
    "2to3",
    "it’s",
    "’deploy",
    "deploy's",
    "a'",
    "''",
    "’",
    "'",
    " ",
    ".",
    "\n",
    "é'x",
    "Böckeler’s",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, spaced) => {
      const text = pieces.join(spaced ? " " : "");
      const words = positionsOf(text);
      if (words.lower === undefined) return;
      const heads = new Set([
        "depl",
        "don",
        "a",
        "b",
        "86",
        "2",
        "to",
        "roll",
        "n",
        "it",
        "s",
        "x",
      ]);
      for (const [word] of wordsOf(text)) heads.add(word.slice(0, 2).toLowerCase());
      for (const head of heads) {
        assert.deepEqual(
          wordsStartingWith(words, head),
          startingWithByScan(text, words.lower, head),
          `${JSON.stringify(text)} ${head}`,
        );
      }
    }),
    { numRuns: 500 },
  );
  // A text of nothing but such runs: one pass, the same words.
  const long = "ab'".repeat(20_000) + "ab86 x86'ab";
  const longWords = positionsOf(long);
  assert.deepEqual(wordsStartingWith(longWords, "ab"), startingWithByScan(long, long, "ab"));
  assert.deepEqual(wordsStartingWith(longWords, "86"), new Map());
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

Deno.test("accented words are found whichever way they are composed (snippets show them)", () => {
  const text =
    "Un café, des cafés; CAFÉ noir. Über über-fast naïve Naïveté résumé RÉSUMÉ re\u0301sume\u0301 — " +
    "がっこう ガイド → Ελλάδα हिन्दी";
  const words = [...wordsOf(text)];
  for (const [word] of words) {
    const term = termOf(word);
    if (term === "") continue;
    const expected = words.filter(([w]) => termOf(w) === term)
      .flatMap(([w, start]) => [start, start + w.length]);
    assert.deepEqual(occurrences(positionsOf(text), term), expected, word);
  }
  assert.ok(snippet(text, new Map([["cafe", "cafe"]]), { width: 20 }).includes("café"));
  assert.deepEqual(bestWindow(text, new Map([["resum", "resum"]])).matches, 3);
  assert.ok(
    snippet(text, new Map([["resum", "resum"]]), { width: 200 }).includes("re\u0301sume\u0301"),
  );
});

Deno.test("words whose first letters their term changes are found (snippets show them)", () => {
  // Irregular forms ("bought" → "buy"), and Porter's final y → i ("key" → "kei", "copy" → "copi").
  const text =
    "They ran fast. We run. Taught to teach; bought, buy. Ran again. A key, two keys, a copy.";
  const count = { run: 6, teach: 4, buy: 4, key: 4, copy: 2 };
  for (const [base, n] of Object.entries(count)) {
    const term = termOf(base);
    assert.equal(wordsWithTerm(text, term).length, n, base);
    assert.deepEqual(occurrences(positionsOf(text), term), wordsWithTerm(text, term), base);
    assert.deepEqual(scanAllOccurrences(text, term), wordsWithTerm(text, term), base);
  }
  assert.ok(snippet(text, new Map([[termOf("buy"), "buy"]]), { width: 30 }).includes("bought"));
});

Deno.test("every irregular form is found by a beginning of its term, in the word's own text", () => {
  // headsOf groups irregular forms by their term's first letter, which must be the base word's.
  for (const [form, base] of IRREGULAR_FORMS) {
    const term = termOf(base);
    assert.equal(term.charAt(0), base.charAt(0), `${base} → ${term}`);
    assert.match(base, /^[a-z]/);
    const heads = headsOf(term);
    assert.ok(heads.some((h) => form.startsWith(h)), `${form}: ${heads.join(", ")}`);
    assert.deepEqual(occurrences(positionsOf(`a ${form} b`), term), [2, 2 + form.length], form);
  }
});

Deno.test("British spellings are found by a beginning of their American term", () => {
  // "metre" and "odour" start otherwise than `meter` and `odor`; "colour", "centre", "organise"
  // share their term's first four letters.
  for (
    const word of ["metre", "metres", "fibre", "litre", "odour", "colour", "centre", "organise"]
  ) {
    const term = termOf(word);
    const text = `a ${word} b`;
    assert.deepEqual(occurrences(positionsOf(text), term), [2, 2 + word.length], word);
    assert.deepEqual(occurrences(positionsOf(text), term), scanAllOccurrences(text, term), word);
  }
});

Deno.test("word positions: an ASCII word ends where the Unicode rule ends it, next to characters past ASCII", () => {
  for (
    const text of [
      "deploy'हिन्दी deploy",
      "deploy’s deploy",
      "deployé deploy deploy'x deploy'1",
      "don'tü don't",
      "rock'n'roll rock'n'rollé",
      "deploy'ü deploy",
      "x86ü x86",
    ]
  ) {
    assertSameAsScan(text);
  }
});

/**
 * A text in narrower forms finds what the Unicode forms find: " ж" at the end makes the text take
 * the Unicode rules and adds one word after the rest.
 */
function assertSameAsUnicode(pieces: string[], forms: "ascii" | "latin") {
  const piece = fc.constantFrom(...pieces);
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
      const text = parts.join("");
      const narrow = positionsOf(text);
      const unicode = positionsOf(`${text} ж`);
      assert.ok(narrow.forms === "ascii" || (forms === "latin" && narrow.forms === "latin"));
      assert.equal(unicode.forms, "unicode");
      for (const term of termsOf(text)) {
        assert.deepEqual(
          occurrences(narrow, term),
          // Offsets come in [start, end] pairs; " ж" adds at most the pair of its own word.
          occurrences(unicode, term).filter((_, i, all) => all[i - (i % 2)]! < text.length),
          term,
        );
        assert.deepEqual(scanAllOccurrences(text, term), occurrences(narrow, term), term);
      }
    }),
    { numRuns: 300 },
  );
}
const ASCII_PIECES = [
  "deploy",
  "Deploying",
  "don't",
  "'quoted'",
  "a'b2to3",
  "x86",
  "ran",
  "bought",
  "pg_hba.conf",
  "it's",
  " ",
  "\n",
  ".",
  "-",
  "'",
  "—",
  "→",
  "“quoted”",
  "×",
  "\u00a0",
  "─",
  "✅",
  "2to3",
];

Deno.test("word positions: a text whose words are ASCII finds what the Unicode rules find", () => {
  assertSameAsUnicode(ASCII_PIECES, "ascii");
});

Deno.test("word positions: a text with accented Latin letters finds what the Unicode rules find", () => {
  // Folded to ASCII (café, Böckeler), kept (ø, ß, ł), lowercase out of the block (Ɓ) or longer
  // (İ), `’` in words and as a quote, and Latin letters right before digits and apostrophes.
  assertSameAsUnicode([
    ...ASCII_PIECES,
    "café",
    "CAFÉ",
    "Böckeler’s",
    "it’s",
    "’tis",
    "søren",
    "straße",
    "Łódź",
    "İstanbul",
    "Ɓeta",
    "é2",
    "deployé",
    "ǅ",
    "é'x",
  ], "latin");
});
