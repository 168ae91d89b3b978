import assert from "node:assert/strict";
import fc from "fast-check";
import {
  analyze,
  analyzeWords,
  asciiWordsOnly,
  identifiersOf,
  LATIN_LETTERS,
  normalizeWord,
  stem,
  termOf,
  tokenize,
  wordFormsOf,
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

Deno.test("analyzer: an -ily adverb and its adjective are one term; family stays apart", () => {
  for (
    const group of [
      ["lazy", "lazily", "Lazily"],
      ["easy", "easily"],
      ["temporary", "temporarily"],
      ["necessary", "necessarily"],
    ]
  ) {
    assert.equal(new Set(group.map((w) => analyze(w)[0])).size, 1, group.join());
  }
  // Porter's own stem, as before: "family" is not made "famy".
  assert.equal(analyze("family")[0], "famili");
  // The memoized path snippets and queries use agrees.
  assert.equal(termOf("Lazily"), termOf("lazy"));
});

Deno.test("analyzer: British and American spellings are one term; look-alikes keep theirs", () => {
  for (
    const group of [
      ["color", "colour", "colours", "Coloured", "colorful", "colourful"],
      ["behavior", "behaviour", "behavioural"],
      ["organize", "organise", "organised", "organising", "organisation", "organization"],
      ["initialize", "initialise", "initialised", "initialization", "initialisation"],
      ["serialize", "serialising", "serialisation"],
      ["analyze", "analyse", "analysed", "analyser"],
      ["center", "centre", "centres", "centred", "centering"],
      ["meter", "metre", "metres"],
      ["catalog", "catalogue", "catalogued", "cataloguing", "cataloging"],
      ["dialog", "dialogue", "dialogues"],
      ["travel", "travelled", "traveled", "travelling"],
      ["dial", "dialled", "dialed", "dialling"],
      ["fuel", "fuelled", "fueled"],
      ["counselor", "counsellor"],
      ["rigor", "rigour", "rigorous"],
    ]
  ) {
    assert.equal(new Set(group.map((w) => analyze(w)[0])).size, 1, group.join());
  }
  // Look-alikes keep Porter's own stem, and their families stay together.
  for (
    const [word, term] of [
      ["hour", "hour"],
      ["four", "four"],
      ["tour", "tour"],
      ["pour", "pour"],
      ["promise", "promis"],
      ["promised", "promis"],
      ["exercise", "exercis"],
      ["otherwise", "otherwis"],
      ["precise", "precis"],
      ["advertisement", "advertis"],
      ["advertise", "advertis"],
      ["timbre", "timbr"],
      ["prologue", "prologu"],
      ["spelling", "spell"],
      ["uninstalled", "uninstal"],
      ["uninstall", "uninstal"],
      ["substring", "substr"],
      ["millions", "million"],
    ] as const
  ) {
    assert.equal(analyze(word)[0], term, word);
  }
  // "analyses" stays the plural of "analysis" (irregular forms come first).
  assert.equal(analyze("analyses")[0], analyze("analysis")[0]);
  // The memoized path snippets and queries use agrees.
  assert.equal(termOf("Colour"), termOf("color"));
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
 * The narrower forms of the word and identifier rules against the Unicode forms (taken once a
 * text has a letter past Latin): a text and the same text with " ж" after it must give the same
 * words, terms and identifiers — " ж" adds one word of its own at the end and changes no match
 * before it. ASCII forms for texts of ASCII words, Latin forms for texts with accented letters.
 */
function assertSameAsUnicode(texts: fc.Arbitrary<string>, forms: "ascii" | "latin") {
  const unicode = (t: string) => `${t} ж`;
  fc.assert(
    fc.property(texts, (t) => {
      assert.ok(wordFormsOf(t) === "ascii" || (forms === "latin" && wordFormsOf(t) === "latin"));
      assert.equal(wordFormsOf(unicode(t)), "unicode");
      const narrow = tokenize(t);
      assert.deepEqual(tokenize(unicode(t)).slice(0, narrow.length), narrow);
      assert.equal(tokenize(unicode(t)).length, narrow.length + 1);
      assert.deepEqual(identifiersOf(unicode(t)), identifiersOf(t));
      assert.deepEqual([...wordsOf(unicode(t))].slice(0, -1), [...wordsOf(t)]);
      assert.deepEqual(analyzeWords(unicode(t)).slice(0, -1), analyzeWords(t));
    }),
    { numRuns: 2000 },
  );
}
const WORDY_ASCII = "aZ09_.-()' \n\t,;:/\\\"!?#$%&*+<=>@[]^`{|}~sS3—–→“”‘×·©\u00a0\u200b─✅";
const textOf = (alphabet: string) =>
  fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 60 });

Deno.test("analyzer: texts with accented Latin letters get exactly the words and identifiers of the Unicode rules", () => {
  // Latin letters from each block, ones whose lowercase leaves the block (Ɓ → ɓ) or grows (İ),
  // and ones the analyzer folds to ASCII (é) or keeps (ø, ß, ł).
  assertSameAsUnicode(textOf(`${WORDY_ASCII}’éÖøßłŁİƁǅĳȸÀÿ`), "latin");
});

Deno.test("analyzer: ASCII texts get exactly the words and identifiers of the Unicode rules", () => {
  assertSameAsUnicode(
    fc.oneof(textOf(WORDY_ASCII), fc.string({ unit: "grapheme-ascii", maxLength: 60 })),
    "ascii",
  );
  // Words as the Unicode normalization gives them: lowercased, possessive and apostrophes gone.
  for (
    const word of ["Don't", "JOHN'S", "it's's", "'s", "ABC", "x'", "Böckeler’s", "İstanbul", "Łódź"]
  ) {
    const reference = word.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "")
      .replace(/['’]s$/, "").replace(/['’]/g, "");
    assert.equal(normalizeWord(word), reference, word);
  }
  // Each kind of identifier alone (the quick check for a mark must let each through).
  for (const id of ["open(2)", "pg_hba", "deno.json", "git-commit", "--amend", "-rf"]) {
    assert.deepEqual(identifiersOf(`see ${id} now`), [id]);
    assert.deepEqual(identifiersOf(`sée ${id} now`), [id]);
    assert.deepEqual(identifiersOf(`жé ${id} now`), [id]);
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
  // Just outside the ranges: letters, digits and `’` take wider rules.
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

Deno.test("analyzer: Latin letters are letters, and the marks they decompose into are of one block", () => {
  const latin = new RegExp(`^[${LATIN_LETTERS}]$`);
  let checked = 0;
  for (let c = 0xc0; c <= 0x24f; c++) {
    const ch = String.fromCharCode(c);
    const at = `U+${c.toString(16)}`;
    if (!latin.test(ch)) {
      assert.ok(c === 0xd7 || c === 0xf7, at);
      continue;
    }
    assert.ok(/^\p{L}$/u.test(ch), `${at} is no letter`);
    // As the analyzer folds them: the word lowercased, decomposed, its marks dropped.
    for (const form of [ch, ch.toLowerCase()]) {
      const nfd = form.normalize("NFD");
      assert.equal(nfd.replace(/[\u0300-\u036f]+/g, ""), nfd.replace(/\p{M}+/gu, ""), at);
    }
    assert.equal(wordFormsOf(`a${ch}b — c’d`), "latin", at);
    checked++;
  }
  assert.equal(checked, 0x24f - 0xc0 - 1);
  // Letters, digits and marks past them take the Unicode rules.
  for (const ch of ["\u0250", "\u00aa", "\u00b2", "\u00b5", "\u0301", "ж", "½", "🚀"]) {
    assert.equal(wordFormsOf(`a${ch}b`), "unicode", ch);
  }
});
