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
const WORD = new RegExp(WORD_RULE, "gu");
/** `a_b`, `a.b`, `a-b` (any number of parts), `name(3)`, and `--flag`/`-f`-style options. */
const IDENTIFIER =
  /(?<![\p{L}\p{N}_.-])(?:[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*\(\d[\p{L}]?\)|[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+|--?[\p{L}][\p{L}\p{N}-]*[\p{L}\p{N}])/gu;
// ASCII forms of the rules above: on a text without a character past ASCII they match exactly
// what the Unicode forms match (no ASCII character is a mark, `’` is not ASCII, and the letters
// and digits of ASCII are these), and they compile in a fraction of the time — V8 compiles a
// Unicode property class on first use, in every cold isolate: about 3 ms for WORD and 8 ms for
// IDENTIFIER on this machine, most of an edge isolate's first search on a small corpus.
const NON_ASCII = /[\u0080-\uffff]/;
const WORD_ASCII = /[A-Za-z0-9]+(?:'[A-Za-z]+)?/g;
const IDENTIFIER_ASCII =
  /(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*\(\d[A-Za-z]?\)|[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)+|--?[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])/g;
/** Every identifier holds one of these (`.`, `_`, `-` between parts, `(` of `name(3)`). */
const IDENTIFIER_MARK = /[._(-]/;
const wordRule = (text: string) => NON_ASCII.test(text) ? WORD : WORD_ASCII;
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
  const rule = NON_ASCII.test(text) ? IDENTIFIER : IDENTIFIER_ASCII;
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
