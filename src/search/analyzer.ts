import { lazyPattern } from "../lazy_pattern.ts";
import { createMemo, remembered } from "../remembered.ts";
import { stemmer } from "stemmer";
import { STOP_WORDS } from "./stop_words.ts";
import { IRREGULAR_FORMS } from "./irregular_forms.ts";
import { adverbBase } from "./adverb_base.ts";
import { americanSpelling } from "./american_spelling.ts";

/**
 * Identifies the analyzer. A prebuilt index records it; the runtime rebuilds instead of
 * loading an index made by a different analyzer. Change it whenever tokens change.
 */
export const ANALYZER_ID = "shelf-en-porter-v8";

/**
 * Which forms of the analyzer's rules a text takes: `ascii` when its letters, digits and marks
 * are all ASCII, `latin` when those past ASCII are all letters of {@link LATIN_LETTERS} (accented
 * names and words in English text: `Böckeler`, `café`, `Łódź`) or `’`, `unicode` otherwise. On
 * the texts they are taken for, the three find exactly the same words; the narrower forms
 * compile in a fraction of the time — V8 compiles a Unicode property class when the expression is
 * made and again on first use, in every cold isolate: about 3 ms for the word rule and 8 ms for
 * the identifier rule on this machine, most of an edge isolate's first search on a small corpus
 * when one hit has one accented name.
 */
export type WordForms = "ascii" | "latin" | "unicode";

/**
 * The letters of Latin-1 Supplement and Latin Extended-A and -B: U+00C0–U+024F but `×` and `÷`.
 * Every one is a letter (`\p{L}`), none a digit or mark, and each decomposes (NFD) into ASCII or
 * one of these and marks of U+0300–U+036F only (`tests/search/analyzer_test.ts` checks each).
 */
export const LATIN_LETTERS = "\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f";

/**
 * The classes each form's rules are written with: letters; digits; letters, digits; letters,
 * marks; all three; and the flag the form needs (`u` for property classes). Word positions test
 * single characters with the same classes.
 */
export const RULE_CLASSES: Readonly<
  Record<WordForms, { l: string; n: string; ln: string; lm: string; lmn: string; u: string }>
> = {
  ascii: { l: "A-Za-z", n: "0-9", ln: "A-Za-z0-9", lm: "A-Za-z", lmn: "A-Za-z0-9", u: "" },
  latin: {
    l: `A-Za-z${LATIN_LETTERS}`,
    n: "0-9",
    ln: `A-Za-z0-9${LATIN_LETTERS}`,
    lm: `A-Za-z${LATIN_LETTERS}`,
    lmn: `A-Za-z0-9${LATIN_LETTERS}`,
    u: "",
  },
  unicode: {
    l: "\\p{L}",
    n: "\\p{N}",
    ln: "\\p{L}\\p{N}",
    lm: "\\p{L}\\p{M}",
    lmn: "\\p{L}\\p{M}\\p{N}",
    u: "u",
  },
};

/**
 * The analyzer's word rule in one form: a letter or digit, then letters, digits and combining
 * marks, with one apostrophe suffix (`don't`, `it’s`). Marks belong to the word they follow: an
 * accent written apart (`re\u0301sume\u0301`) and the vowel signs of Indic scripts (`हिन्दी`) do
 * not split it. Defined once: the analyzer scans with it, snippets apply it where a word starts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordRuleSource } from "./analyzer.ts";
 * const words = (t: string) => t.match(new RegExp(wordRuleSource("unicode"), "gu"));
 * assert.deepEqual(words("re\u0301sume\u0301 don't हिन्दी"), ["re\u0301sume\u0301", "don't", "हिन्दी"]);
 * assert.deepEqual("Böckeler’s café".match(new RegExp(wordRuleSource("latin"), "g")), ["Böckeler’s", "café"]);
 * ```
 */
export function wordRuleSource(forms: WordForms): string {
  const { l, ln, lm, lmn } = RULE_CLASSES[forms];
  return `[${ln}][${lmn}]*(?:['’][${l}][${lm}]*)?`;
}

/** `a_b`, `a.b`, `a-b` (any number of parts), `name(3)`, and `--flag`/`-f`-style options. */
function identifierSource(forms: WordForms): string {
  const { l, ln } = RULE_CLASSES[forms];
  return `(?<![${ln}_.-])(?:[${ln}]+(?:[._-][${ln}]+)*\\(\\d[${l}]?\\)|[${ln}]+(?:[._-][${ln}]+)+|--?[${l}][${ln}-]*[${ln}])`;
}

const FORMS: readonly WordForms[] = ["ascii", "latin", "unicode"];
/** A rule in each form, global and sticky, each made on first use. */
const lazyRule = (source: (forms: WordForms) => string) =>
  Object.fromEntries(FORMS.map((forms) => [forms, {
    g: lazyPattern(source(forms), `g${RULE_CLASSES[forms].u}`),
    y: lazyPattern(source(forms), `y${RULE_CLASSES[forms].u}`),
  }])) as Record<WordForms, Record<"g" | "y", () => RegExp>>;
const RULES = { word: lazyRule(wordRuleSource), identifier: lazyRule(identifierSource) };

/**
 * One of the analyzer's rules in one form with the given flag (`u` added for the Unicode form),
 * made on first need and kept: a rule nobody applies is never compiled.
 */
export function ruleOf(rule: keyof typeof RULES, forms: WordForms, flags: "g" | "y"): RegExp {
  return RULES[rule][forms][flags]();
}

/** Every identifier holds one of these (`.`, `_`, `-` between parts, `(` of `name(3)`). */
const IDENTIFIER_MARK = /[._(-]/;
const NON_ASCII = /[\u0080-\uffff]/;
/**
 * Characters past ASCII that are no letter, mark or digit and not `’`: the punctuation and
 * symbols documentation is full of (non-breaking space, `©`, `«»`, `×`, dashes, quotes but `’`,
 * bullets, arrows, mathematical and technical signs, box drawing, geometric shapes, dingbats but
 * their digits). `tests/search/analyzer_test.ts` checks every one of them against the Unicode
 * classes.
 */
export const WORDLESS_RANGES: readonly (readonly [number, number])[] = [
  [0xa0, 0xa9],
  [0xab, 0xb1],
  [0xb4, 0xb4],
  [0xb6, 0xb8],
  [0xbb, 0xbb],
  [0xbf, 0xbf],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x2000, 0x2018],
  [0x201a, 0x206f],
  [0x2190, 0x23ff],
  [0x2500, 0x2775],
  [0x2794, 0x27bf],
];
const hex = (n: number) => `\\u${n.toString(16).padStart(4, "0")}`;
const WORDLESS = WORDLESS_RANGES.map(([a, b]) => `${hex(a)}-${hex(b)}`).join("");
const PAST_WORDLESS = new RegExp(`[^\\u0000-\\u007f${WORDLESS}]`);
const PAST_LATIN = new RegExp(`[^\\u0000-\\u007f${WORDLESS}${LATIN_LETTERS}\\u2019]`);
/** A word (or text) of ASCII and Latin letters only: its marks, once decomposed, are U+0300–U+036F. */
const LATIN_ONLY = new RegExp(`^[\\u0000-\\u007f${LATIN_LETTERS}\\u2019]*$`);

/**
 * Whether every letter, digit and mark of `text` is ASCII (and it has no `’`): past ASCII it
 * holds only {@link WORDLESS_RANGES}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiWordsOnly } from "./analyzer.ts";
 * assert.ok(asciiWordsOnly("Plan → build — ship “now”"));
 * assert.ok(!asciiWordsOnly("café") && !asciiWordsOnly("it’s") && !asciiWordsOnly("½ 🚀"));
 * ```
 */
export function asciiWordsOnly(text: string): boolean {
  return !PAST_WORDLESS.test(text);
}

/**
 * The forms of the analyzer's rules `text` takes (see {@link WordForms}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordFormsOf } from "./analyzer.ts";
 * assert.equal(wordFormsOf("Plan → build — ship “now”"), "ascii");
 * assert.equal(wordFormsOf("Birgitta Böckeler’s café — Łódź"), "latin");
 * assert.equal(wordFormsOf("½"), "unicode");
 * assert.equal(wordFormsOf("re\u0301sume\u0301"), "unicode");
 * assert.equal(wordFormsOf("Привет"), "unicode");
 * ```
 */
export function wordFormsOf(text: string): WordForms {
  if (!PAST_WORDLESS.test(text)) return "ascii";
  return PAST_LATIN.test(text) ? "unicode" : "latin";
}

const wordRule = (text: string) => ruleOf("word", wordFormsOf(text), "g");
/**
 * Longest word the analyzer stems and remembers (characters). A longer word — a hash, a base64
 * run, or an attacker's 990-letter query word — is its own term, lowercased and folded but not
 * stemmed (the index holds such words the same way), and is analyzed each time it comes rather
 * than kept, so long words cannot fill the memos.
 */
export const WORD_MAX = 64;
/** Words remembered per memo, and the bytes each memo may hold (see `remembered.ts`). */
const MEMO_ENTRIES = 100_000;
/** Bytes of each of the analyzer's two memos (raw word → term, word → stem): 16 MiB. */
export const ANALYZER_MEMO_BYTES = 16 * 1024 * 1024;
const stems = createMemo<string, string>({
  name: "analyzer stems",
  maxEntries: MEMO_ENTRIES,
  maxBytes: ANALYZER_MEMO_BYTES,
});
const terms = createMemo<string, string>({
  name: "analyzer terms",
  maxEntries: MEMO_ENTRIES,
  maxBytes: ANALYZER_MEMO_BYTES,
});

/** Runs of combining marks of any script (`\p{M}+`, global), made on first use. */
export const marks = lazyPattern(String.raw`\p{M}+`, "gu");
/** The combining marks Latin letters decompose into (see {@link LATIN_LETTERS}). */
export const LATIN_MARKS = /[\u0300-\u036f]+/g;

/**
 * Lowercases, strips diacritics and possessive `'s`, and folds `’` to `'`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeWord } from "./analyzer.ts";
 * assert.ok(normalizeWord("Café’s") === "cafe");
 * ```
 */
export function normalizeWord(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase().replace(/'s$/, "").replace(/'/g, "");
  // Latin letters decompose into marks of one block: no Unicode class to compile for them.
  return word.toLowerCase().normalize("NFD").replace(
    LATIN_ONLY.test(word) ? LATIN_MARKS : marks(),
    "",
  ).replace(/['’]s$/, "")
    .replace(/['’]/g, "");
}

/**
 * Porter stem of a normalized word, memoized (bounded) because the same words recur across
 * documents and queries.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stem } from "./analyzer.ts";
 * assert.ok(stem("running") === "run" && stem("relational") === "relat");
 * ```
 */
export function stem(word: string): string {
  return word.length > WORD_MAX ? word : remembered(stems, word, stemOnce);
}

/** One analyzed token with its place in the original text. */
export interface Token {
  term: string;
  start: number;
  end: number;
}

/**
 * Splits text into words and gives each its stem and offsets; stop words are skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokenize } from "./analyzer.ts";
 * const t = tokenize("The Databases are running");
 * assert.ok(t.map((x) => x.term).join() === "databas,run" && t[0]?.start === 4);
 * ```
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(wordRule(text))) {
    const term = termOf(m[0]);
    if (term !== "") out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * The raw words of a text with their offsets, in order (one scan with the analyzer's word rule).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordsOf } from "./analyzer.ts";
 * assert.deepEqual([...wordsOf("pg_hba.conf isn't")], [["pg", 0], ["hba", 3], ["conf", 7], ["isn't", 12]]);
 * ```
 */
export function* wordsOf(text: string): Generator<[string, number]> {
  for (const m of text.matchAll(wordRule(text))) yield [m[0], m.index];
}

/**
 * The index term of one raw word, or `""` for a stop word; memoized by the raw spelling so the
 * hot path (snippets, queries) is one map lookup per word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { termOf } from "./analyzer.ts";
 * assert.ok(termOf("Running") === "run" && termOf("The") === "");
 * ```
 */
export function termOf(raw: string): string {
  return raw.length > WORD_MAX ? termOfWord(raw) : remembered(terms, raw, termOfWord);
}

function termOfWord(raw: string): string {
  const word = normalizeWord(raw);
  return word === "" || STOP_WORDS.has(word) ? "" : stem(word);
}

/**
 * The analyzed terms of a text, in order (duplicates kept).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyze } from "./analyzer.ts";
 * assert.ok(analyze("How do I give an agent the right information?").join(" ") === "give agent right inform");
 * ```
 */
export function analyze(text: string): string[] {
  const out = tokenize(text).map((t) => t.term);
  out.push(...identifiersOf(text));
  return out;
}

/**
 * Identifiers as developers type them — `snake_case`, `dotted.names`, `kebab-case`, `file.ext`,
 * `--flags`, `Name(3)` — as whole terms (lowercased, never stemmed), which the index holds beside
 * their parts, so an exact identifier outranks a document that only has its parts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { identifiersOf } from "./analyzer.ts";
 * assert.deepEqual(
 *   identifiersOf("Edit pg_hba.conf, run git-commit --amend and see open(2) in deno.json."),
 *   ["pg_hba.conf", "git-commit", "--amend", "open(2)", "deno.json"],
 * );
 * assert.deepEqual(identifiersOf("Plain words only."), []);
 * ```
 */
export function identifiersOf(text: string): string[] {
  const out: string[] = [];
  if (!IDENTIFIER_MARK.test(text)) return out;
  for (const m of text.matchAll(ruleOf("identifier", wordFormsOf(text), "g"))) {
    out.push(m[0].toLowerCase());
  }
  return out;
}

/**
 * The normalized words of a text with their terms (stop words skipped); queries use the word to
 * find typos the stemmer would otherwise hide (`adversarail` stems differently from
 * `adversarial`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeWords } from "./analyzer.ts";
 * assert.ok(analyzeWords("The Running")[0]?.word === "running");
 * ```
 */
export function analyzeWords(text: string): { word: string; term: string }[] {
  const out: { word: string; term: string }[] = [];
  for (const m of text.matchAll(wordRule(text))) {
    const term = termOf(m[0]);
    if (term !== "") out.push({ word: normalizeWord(m[0]), term });
  }
  return out;
}

/**
 * Porter stem without memoization, for throwaway candidates (typo variants). Irregular forms
 * (`irregular_forms.ts`) and "-ily" adverbs (`adverb_base.ts`) are stemmed as their base word,
 * British spellings (`american_spelling.ts`) as the American one.
 */
export function stemOnce(word: string): string {
  const base = IRREGULAR_FORMS.get(word) ?? adverbBase(word) ?? americanSpelling(word);
  if (base !== undefined) return stemmer(base);
  // Latin letters are no digits: only a word with other letters needs the Unicode class.
  const number = LATIN_ONLY.test(word) ? /^[0-9]+$/.test(word) : /^\p{N}+$/u.test(word);
  return number || word.length <= 2 || word.length > WORD_MAX ? word : stemmer(word);
}
