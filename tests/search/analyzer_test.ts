import assert from "node:assert/strict";
import fc from "fast-check";
import {
  analyze,
  analyzeWords,
  asciiWordsOnly,
  identifiersOf,
  normalizeWord,
  stem,
  termOf,
  tokenize,
  WORDLESS_RANGES,
  wordsOf,
} from "../../src/search/analyzer.ts";
import { editVariants } from "../../src/search/edit_variants.ts";

Deno.test("analyzer: stop words dropped, Porter stems, diacritics and possessives folded", () => {
  assert.deepEqual(analyze("How do I give an agent the right information?"), [
    "give",
    "agent",
    "right",
    "inform",
  ]);
  assert.deepEqual(analyze("Relational databases' indexing"), ["relat", "databas", "index"]);
  assert.deepEqual(analyze("Agent’s café résumé"), ["agent", "cafe", "resum"]);
  assert.equal(normalizeWord("NAÏVE"), "naive");
  assert.equal(stem("42"), "42");
  assert.equal(termOf("the"), "");
});

Deno.test("analyzer: inflections meet at the same stem", () => {
  for (
    const group of [["run", "running", "runs"], ["deploy", "deployed", "deploying", "deploys"], [
      "search",
      "searches",
      "searching",
    ]]
  ) {
    assert.equal(new Set(group.map((w) => analyze(w)[0])).size, 1, group.join());
  }
});

Deno.test("analyzer: irregular forms meet their base word; ambiguous ones stay apart", () => {
  for (
    const group of [
      ["write", "writes", "writing", "wrote", "written"],
      ["build", "building", "built"],
      ["run", "ran", "running"],
      ["override", "overrides", "overridden"],
      ["index", "indexes", "indices"],
    ]
  ) {
    assert.equal(new Set(group.map((w) => analyze(w)[0])).size, 1, group.join());
  }
  // "left" is a side, "bound" a limit, "given" a premise, "bit" a binary digit, "driven" mostly
  // "data-driven": not "leave", "bind", "give", "bite", "drive".
  const apart = [
    ["left", "leave"],
    ["bound", "bind"],
    ["given", "give"],
    ["bit", "bite"],
    ["driven", "drive"],
  ] as const;
  for (const [form, base] of apart) {
    assert.notEqual(analyze(form)[0], analyze(base)[0], form);
  }
  // The memoized path snippets and queries use agrees.
  assert.equal(termOf("Written"), termOf("write"));
});

Deno.test("analyzer: combining marks stay in their word (accents written apart, Indic vowel signs)", () => {
  assert.deepEqual(analyze("re\u0301sume\u0301"), analyze("résumé"));
  assert.deepEqual(analyze("हिन्दी भाषा").length, 2);
  // Whole words, not letters: "river" (नदी) shares letters with "Hindi" (हिन्दी) but no word.
  assert.ok(!analyze("नदी किनारे").some((t) => analyze("हिन्दी").includes(t)));
});

Deno.test("tokenize keeps offsets into the original text", () => {
  const text = "See: Deploying *fast*";
  assert.deepEqual(tokenize(text).map((t) => [t.term, text.slice(t.start, t.end)]), [
    ["see", "See"],
    ["deploi", "Deploying"],
    ["fast", "fast"],
  ]);
});

Deno.test("editVariants: deletions, insertions, substitutions and swaps, each one edit", () => {
  const dict = new Set(["search", "seach", "searchs", "sarch", "xearch", "esarch", "serch"]);
  assert.deepEqual(editVariants("search", (t) => dict.has(t)), [
    "esarch",
    "sarch",
    "seach",
    "searchs",
    "serch",
    "xearch",
  ]);
  assert.deepEqual(editVariants("ab", () => false), []);
  assert.ok(!editVariants("search", (t) => t === "search").includes("search"));
  assert.deepEqual(editVariants("sreach", (t) => t === "search"), [], "two edits away");
});

/**
 * The ASCII forms of the word and identifier rules (taken for texts whose letters, digits and
 * marks are all ASCII) against the Unicode forms (taken once a text has one past ASCII): a text
 * and the same text with " é" after it must give the same words, terms and identifiers — " é"
 * adds one word of its own at the end and changes no match before it.
 */
Deno.test("analyzer: ASCII texts get exactly the words and identifiers of the Unicode rules", () => {
  const alphabet = "aZ09_.-()' \n\t,;:/\\\"!?#$%&*+<=>@[]^`{|}~sS3—–→“”‘×·©\u00a0\u200b─✅";
  const text = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 60 });
  const unicode = (t: string) => `${t} é`;
  fc.assert(
    fc.property(fc.oneof(text, fc.string({ unit: "grapheme-ascii", maxLength: 60 })), (t) => {
      const ascii = tokenize(t);
      assert.deepEqual(tokenize(unicode(t)).slice(0, ascii.length), ascii);
      assert.equal(tokenize(unicode(t)).length, ascii.length + 1);
      assert.deepEqual(identifiersOf(unicode(t)), identifiersOf(t));
      assert.deepEqual([...wordsOf(unicode(t))].slice(0, -1), [...wordsOf(t)]);
      assert.deepEqual(analyzeWords(unicode(t)).slice(0, -1), analyzeWords(t));
    }),
    { numRuns: 2000 },
  );
  // Words as the Unicode normalization gives them: lowercased, possessive and apostrophes gone.
  for (const word of ["Don't", "JOHN'S", "it's's", "'s", "ABC", "x'"]) {
    const reference = word.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "")
      .replace(/['’]s$/, "").replace(/['’]/g, "");
    assert.equal(normalizeWord(word), reference, word);
  }
  // Each kind of identifier alone (the quick check for a mark must let each through).
  for (const id of ["open(2)", "pg_hba", "deno.json", "git-commit", "--amend", "-rf"]) {
    assert.deepEqual(identifiersOf(`see ${id} now`), [id]);
    assert.deepEqual(identifiersOf(`sée ${id} now`), [id]);
  }
  assert.deepEqual(identifiersOf("git-commit --amend open(2) pg_hba.conf"), [
    "git-commit",
    "--amend",
    "open(2)",
    "pg_hba.conf",
  ]);
});

Deno.test("analyzer: the characters a text may hold past ASCII and keep the ASCII rules are none of a word's", () => {
  const wordish = /[\p{L}\p{M}\p{N}'’]/u;
  let checked = 0;
  for (const [from, to] of WORDLESS_RANGES) {
    for (let c = from; c <= to; c++) {
      const ch = String.fromCodePoint(c);
      assert.ok(!wordish.test(ch), `U+${c.toString(16)} is a letter, mark, digit or apostrophe`);
      assert.ok(asciiWordsOnly(`a${ch}b`), `U+${c.toString(16)}`);
      checked++;
    }
  }
  assert.ok(checked > 1000);
  // Just outside the ranges: letters, digits and `’` take the Unicode rules.
  for (
    const ch of [
      "\u00aa",
      "\u00b2",
      "\u00b5",
      "\u00ba",
      "\u00bc",
      "\u00c0",
      "\u2019",
      "\u2776",
      "ß",
      "🚀",
    ]
  ) {
    assert.ok(!asciiWordsOnly(`a${ch}b`), ch);
  }
});
