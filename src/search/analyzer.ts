import { remembered } from "../remembered.ts";
import { stemmer } from "stemmer";
import { STOP_WORDS } from "./stop_words.ts";
import { IRREGULAR_FORMS } from "./irregular_forms.ts";

/**
 * Identifies the analyzer. A prebuilt index records it; the runtime rebuilds instead of
 * loading an index made by a different analyzer. Change it whenever tokens change.
 */
export const ANALYZER_ID = "shelf-en-porter-v6";

/**
 * The analyzer's word rule: a letter or digit, then letters, digits and combining marks, with one
 * apostrophe suffix (`don't`, `it’s`). Marks belong to the word they follow: an accent written
 * apart (`re\u0301sume\u0301`) and the vowel signs of Indic scripts (`हिन्दी`) do not split it.
 * Defined once: the analyzer scans with it, snippets apply it where a word starts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WORD_RULE } from "./analyzer.ts";
 * const words = (t: string) => t.match(new RegExp(WORD_RULE, "gu"));
 * assert.deepEqual(words("re\u0301sume\u0301 don't हिन्दी"), ["re\u0301sume\u0301", "don't", "हिन्दी"]);
 * ```
 */
export const WORD_RULE = String.raw`[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’]\p{L}[\p{L}\p{M}]*)?`;
/** `a_b`, `a.b`, `a-b` (any number of parts), `name(3)`, and `--flag`/`-f`-style options. */
const IDENTIFIER =
  /(?<![\p{L}\p{N}_.-])(?:[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*\(\d[\p{L}]?\)|[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+|--?[\p{L}][\p{L}\p{N}-]*[\p{L}\p{N}])/gu;
// ASCII forms of the rules above: on a text whose letters, digits and marks are all ASCII (see
// `asciiWordsOnly`) they match exactly what the Unicode forms match, and they compile in a
// fraction of the time — V8 compiles a Unicode property class when the expression is made and
// again on first use, in every cold isolate: about 3 ms for the word rule and 8 ms for the
// identifier rule on this machine, most of an edge isolate's first search on a small corpus.
// The Unicode word rule is made on first need (a literal costs nothing until it is used).
const WORD_ASCII = /[A-Za-z0-9]+(?:'[A-Za-z]+)?/g;
const IDENTIFIER_ASCII =
  /(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*\(\d[A-Za-z]?\)|[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)+|--?[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])/g;
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
const PAST_WORDLESS = new RegExp(
  `[^\\u0000-\\u007f${WORDLESS_RANGES.map(([a, b]) => `${hex(a)}-${hex(b)}`).join("")}]`,
);

/**
 * Whether every letter, digit and mark of `text` is ASCII (and it has no `’`): past ASCII it
 * holds only {@link WORDLESS_RANGES}. The analyzer's rules then take their ASCII forms, which
 * find the same words there; a text with `é`, `’` or an emoji takes the Unicode forms.
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

let wordUnicode: RegExp | undefined;
const wordRule = (text: string) =>
  asciiWordsOnly(text) ? WORD_ASCII : (wordUnicode ??= new RegExp(WORD_RULE, "gu"));
const stems = new Map<string, string>();
const terms = new Map<string, string>();
const CACHE_MAX = 100_000;

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
  return word.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "").replace(/['’]s$/, "")
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
  return remembered(stems, CACHE_MAX, word, stemOnce);
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
  return remembered(terms, CACHE_MAX, raw, termOfWord);
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
  const rule = asciiWordsOnly(text) ? IDENTIFIER_ASCII : IDENTIFIER;
  for (const m of text.matchAll(rule)) out.push(m[0].toLowerCase());
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

/** Porter stem without memoization, for throwaway candidates (typo variants). */
export function stemOnce(word: string): string {
  const base = IRREGULAR_FORMS.get(word);
  if (base !== undefined) return stemmer(base);
  const number = NON_ASCII.test(word) ? /^\p{N}+$/u.test(word) : /^[0-9]+$/.test(word);
  return number || word.length <= 2 ? word : stemmer(word);
}
