import { lazyPattern } from "../lazy_pattern.ts";
import { createMemo, type Memo, remembered } from "../remembered.ts";
import {
  LATIN_MARKS,
  marks,
  RULE_CLASSES,
  ruleOf,
  termOf,
  type WordForms,
  wordFormsOf,
  wordsOf,
} from "./analyzer.ts";
import { IRREGULAR_FORMS } from "./irregular_forms.ts";
import { britishHeads } from "./american_spelling.ts";

/**
 * One text prepared for finding the words of a query term: the text, its lowercase form (made
 * once per document and isolate, natively — no tokenizing), and the terms already looked up.
 * A term's words are found by searching the lowercase text for the beginnings they may have
 * (`headsOf`: Porter stems keep a word's beginning but for a final `y` written `i`, irregular
 * forms have their own) and analyzing only the words that start there, so a cold
 * isolate's first search pays a few substring searches per hit, not a scan of every word.
 */
export interface WordPositions {
  readonly text: string;
  /**
   * `text` as the analyzer compares it: lowercase, accented letters without their marks (`é` →
   * `e`, as `normalizeWord` folds them), character for character but for marks written apart
   * inside words, which it leaves out (see `at`); `undefined` when its lowercase would not line
   * up with it (a safeguard: since `İ` is read as `I`, no text is known to).
   */
  readonly lower: string | undefined;
  /**
   * Where each character of `lower` stands in `text`, when `lower` leaves out marks written
   * apart inside words (`re\u0301sume\u0301`, the vowel signs of `हिन्दी`), as the analyzer
   * leaves them out of its words; `undefined` when `lower` lines up with `text`.
   */
  readonly at?: Int32Array;
  /** The forms of the analyzer's rules the text takes (`wordFormsOf`). */
  readonly forms: WordForms;
  /** Characters held (for the cache bound). */
  readonly size: number;
  /** {@link occurrences} already looked up in this text, by term. */
  readonly byTerm: Memo<string, number[]>;
  /**
   * The words starting with a term's first letters, grouped by their terms (one scan serves a
   * query word and all its variants with the same beginning).
   */
  readonly byHead: Memo<string, Map<string, number[]>>;
}

/**
 * Most characters of text kept across all documents (with their lowercase and memos, about 5 MB of
 * heap): each new question mostly quotes documents no question quoted before, so a larger cache
 * mostly held texts never asked again (16 million characters: 45 MB more heap after 1,000 different
 * questions on a 30,502-page shelf, 2026-11-28, for no measured gain; 4 million: 8.5 MB).
 */
export const WORD_POSITIONS_MAX = 2_000_000;

/** Terms remembered per text; past it the memo starts over. */
const TERMS_PER_TEXT = 256;
/**
 * Bytes each of a text's two term memos may hold: 1 KiB plus two bytes per character of the
 * text, so the memos of every text in the cache hold at most about as much as the texts.
 */
const memoBytesFor = (text: string) => 1024 + 2 * text.length;
const textMemo = <V>(name: string, text: string) =>
  createMemo<string, V>({ name, maxEntries: TERMS_PER_TEXT, maxBytes: memoBytesFor(text) });

/**
 * A text prepared for {@link occurrences}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { occurrences, positionsOf } from "./word_positions.ts";
 * const p = positionsOf("Deploy, then deploying again.");
 * assert.deepEqual(occurrences(p, "deploi"), [0, 6, 13, 22]);
 * assert.deepEqual(occurrences(p, "then"), []); // a stop word is no term
 * ```
 */
export function positionsOf(text: string): WordPositions {
  // `İ` is the one letter whose lowercase is longer (`i` and a combining dot, which the analyzer
  // drops from its words): written `I` first, its lowercase lines up.
  const lower = (text.includes("\u0130") ? text.replaceAll("\u0130", "I") : text).toLowerCase();
  const forms = wordFormsOf(text);
  const prepared = {
    text,
    forms,
    size: text.length,
    byTerm: textMemo<number[]>("text: term positions", text),
    byHead: textMemo<Map<string, number[]>>("text: words by beginning", text),
  };
  // Its words are ASCII: nothing to fold, no mark, and the rules' ASCII forms apply.
  if (forms === "ascii") return { ...prepared, lower };
  if (lower.length !== text.length) return { ...prepared, lower: undefined };
  // Latin letters fold by marks of one block and leave none (a mark in the lowercase text would
  // have changed its length); any other text is checked for marks written apart inside words,
  // which stay in the folded text where the analyzer drops them from the word: such a text is
  // scanned word by word instead. A mark after anything but a letter, digit or mark is in no word
  // (the word rule starts at a letter or digit): an emoji's variation selector (`❤️`, U+FE0F)
  // made a 102 KB page of Rust's API scanned whole for each term quoted from it (30 ms a term on
  // the 2-core VM, 2026-11-28).
  if (forms === "latin") return { ...prepared, lower: foldMarks(lower, LATIN_MARKS) };
  const folded = foldMarks(lower);
  // (Most texts have no mark at all: that test is the quicker one.)
  if (!hasMark().test(folded) || !markInWord().test(folded)) return { ...prepared, lower: folded };
  // Marks written apart inside words left out, and where each character left stands: a word's
  // beginning is found as the analyzer reads it (`résumé` with its accents apart starts "resu").
  const stripped = withoutMarksInWords(folded);
  return { ...prepared, ...stripped };
}

/**
 * `folded` without its marks inside words (each run of marks after a letter or digit), and where
 * each character left stands in it.
 */
function withoutMarksInWords(folded: string): { lower: string; at: Int32Array } {
  const runs = marksInWords();
  const at = new Int32Array(folded.length + 1);
  const parts: string[] = [];
  let kept = 0;
  let from = 0;
  const keep = (end: number) => {
    parts.push(folded.slice(from, end));
    for (let i = from; i < end; i++) at[kept++] = i;
  };
  for (const run of folded.matchAll(runs)) {
    keep(run.index);
    from = run.index + run[0].length;
  }
  keep(folded.length);
  at[kept] = folded.length;
  return { lower: parts.join(""), at: at.subarray(0, kept + 1) };
}

// Letters that may carry marks: Latin, Greek, Cyrillic and the other alphabets up to U+1FFF, and
// kana (not punctuation such as dashes, arrows or box drawing, which bodies are full of).
const MARKABLE = /[\u00c0-\u1fff\u3040-\u30ff]/;
const MARKABLE_ALL = /[\u00c0-\u1fff\u3040-\u30ff]/g;
const hasMark = lazyPattern(String.raw`\p{M}`, "u");
const markInWord = lazyPattern(String.raw`[\p{L}\p{N}]\p{M}`, "u");
const marksInWords = lazyPattern(String.raw`(?<=[\p{L}\p{N}])\p{M}+`, "gu");
const isMark = lazyPattern(String.raw`^\p{M}`, "u");
const HAS_LATIN_MARK = /[\u0300-\u036f]/;

/**
 * Each precomposed accented letter replaced by its base letter (`é` → `e`), everything else as
 * is, so the result has the text's length and offsets; a text without such letters is returned
 * unchanged without a copy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldMarks } from "./word_positions.ts";
 * assert.equal(foldMarks("café résumé ßø"), "cafe resume ßø");
 * assert.equal(foldMarks("plain"), "plain");
 * ```
 */
export function foldMarks(text: string, marksOf?: RegExp): string {
  if (!MARKABLE.test(text)) return text;
  const dropped = marksOf ?? marks();
  return text.replace(MARKABLE_ALL, (c) => {
    const base = c.normalize("NFD").replace(dropped, "");
    return base.length === 1 ? base : c;
  });
}

/**
 * The offsets (`[start, end, …]`, in text order) of the words whose index term is `term` — the
 * words the analyzer's word rule finds, exactly as a scan of every word would.
 */
export function occurrences(words: WordPositions, term: string): number[] {
  return remembered(words.byTerm, term, (t) => findOccurrences(words, t));
}

const APOSTROPHE = /^['’]/;
/**
 * A letter or digit, a digit, and a letter, digit or apostrophe (what a word is made of in a text
 * without marks), in the classes of each form of the analyzer's rules: an ASCII or Latin text's
 * digits are ASCII and its letters are ASCII or Latin, so the narrower classes say what the
 * Unicode ones would there (and compile in a fraction of the time).
 */
const CLASSES = Object.fromEntries(
  (Object.keys(RULE_CLASSES) as WordForms[]).map((forms) => {
    const { ln, lmn, n, u } = RULE_CLASSES[forms];
    return [forms, {
      letterOrDigit: lazyPattern(`^[${ln}]`, u),
      digit: lazyPattern(`^[${n}]`, u),
      // Marks too (where the rules have them): they belong to the word they follow.
      inWord: lazyPattern(`^[${lmn}'\u2019]`, u),
    }];
  }),
) as Record<WordForms, { letterOrDigit: () => RegExp; digit: () => RegExp; inWord: () => RegExp }>;

/** The character (whole code point) that ends just before `at`. */
function charBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2
    ? text.slice(at - 2, at)
    : text.slice(at - 1, at);
}

/**
 * Where the analyzer's word scan of a text is known to stand between words, for
 * {@link startsWord}: the end of the last stretch it replayed, moving forward only.
 */
interface Replayed {
  at: number;
}

/**
 * Whether the analyzer's word scan starts a word at `at` (where a letter or digit stands), in a
 * text without combining marks (see `WordPositions.lower`). Mostly the character before tells:
 * none, or one that is no letter, digit or apostrophe, starts a word; a letter or digit continues
 * one. Where it cannot — after an apostrophe (`don't`, `'quoted'`), or at a digit after a letter
 * (which ends a word only when the letter closes an apostrophe suffix: `don't2`) — the scan is
 * replayed over the letters, digits and apostrophes before `at`: no word reaches across anything
 * else, so the scan stands between words where they begin, and where an earlier replay of the
 * same text ended (`replayed`, for positions asked in increasing order, so each character is
 * replayed once and a text full of apostrophes costs one pass, not one per word).
 */
function startsWord(text: string, at: number, forms: WordForms, replayed: Replayed): boolean {
  if (at === 0) return true;
  const { letterOrDigit, digit, inWord } = CLASSES[forms];
  let before = charBefore(text, at);
  if (forms === "unicode" && isMark().test(before)) {
    // Marks belong to the word they follow, if any: what stands before them tells.
    let end = at - before.length;
    while (end > 0 && isMark().test(before = charBefore(text, end))) end -= before.length;
    if (end === 0 || !letterOrDigit().test(before)) return true;
  }
  if (!APOSTROPHE.test(before)) {
    if (!letterOrDigit().test(before)) return true;
    if (digit().test(before) || !digit().test(text.slice(at, at + 2))) return false;
  }
  // Inside the word the last replay ended with.
  if (at < replayed.at) return false;
  let from = at;
  for (
    let c = charBefore(text, at);
    from > replayed.at && inWord().test(c);
    c = charBefore(text, from)
  ) {
    from -= c.length;
    if (from === 0) break;
  }
  const rule = ruleOf("word", forms, "y");
  while (from < at) {
    rule.lastIndex = from;
    const word = rule.exec(text)?.[0];
    from += word === undefined ? 1 : word.length; // no word starts at an apostrophe
  }
  replayed.at = from;
  return from === at;
}

// First letters of irregular forms that are not their term's ("bought" for "buy" → "bui",
// "ran" for "run"), by term, grouped by the term's first letter: a group is made on the first
// term with that letter, so a cold isolate stems the base words of a few irregular forms, not of
// all 111 (0.8–1.0 ms in a fresh process; one letter's 0.15–0.23 ms). Porter stems keep a word's
// first letter (tested for every base word): a term's forms are among those of its letter.
// Base words start with a to z (tested too): a term starting otherwise has none, and makes no
// group (query words can start with any character: the groups stay at most 26).
const irregularHeads = new Map<string, Map<string, string[]>>();

function irregularHeadsOf(term: string): readonly string[] {
  const letter = term.charAt(0);
  if (letter < "a" || letter > "z") return [];
  let byTerm = irregularHeads.get(letter);
  if (byTerm === undefined) {
    byTerm = new Map();
    for (const [form, base] of IRREGULAR_FORMS) {
      if (base.charAt(0) !== letter) continue;
      const formTerm = termOf(base);
      if (formTerm === "" || form.startsWith(formTerm.slice(0, 4))) continue;
      byTerm.set(formTerm, [...byTerm.get(formTerm) ?? [], form.slice(0, 4)]);
    }
    irregularHeads.set(letter, byTerm);
  }
  return byTerm.get(term) ?? [];
}

/**
 * The beginnings (up to four letters) a word whose index term is `term` may start with: the
 * term's own; the same with its final `i` written `y` when that is within them (Porter: "key" and
 * "keys" stem to "kei", "copy" to "copi"); those of the irregular forms the analyzer maps to it;
 * and those of the British spellings that begin otherwise ("metre" for `meter`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headsOf } from "./word_positions.ts";
 * assert.deepEqual(headsOf("deploi"), ["depl"]);
 * assert.deepEqual(headsOf("kei"), ["kei", "key"]);
 * assert.deepEqual(headsOf("bui"), ["bui", "buy", "boug"]);
 * assert.deepEqual(headsOf("hide"), ["hid"]); // "hid" finds "hide" too
 * ```
 */
export function headsOf(term: string): string[] {
  const own = term.slice(0, 4);
  const heads = [own];
  // Porter writes a final `y` as `i`: within the first four letters only for short terms.
  if (term.length <= 4 && term.endsWith("i")) heads.push(`${term.slice(0, -1)}y`);
  heads.push(...irregularHeadsOf(term), ...britishHeads(term));
  // A head that starts with another ("hide" and "hid") is found by the other's search already.
  return heads.filter((h, i) =>
    !heads.some((o, j) => j !== i && h.startsWith(o) && (h !== o || j < i))
  );
}

function findOccurrences(words: WordPositions, term: string): number[] {
  const heads = headsOf(term);
  if (heads[0] === "" || words.lower === undefined) return scanAllOccurrences(words.text, term);
  let found: number[] = [];
  for (const head of heads) {
    const list = wordsStartingWith(words, head).get(term);
    if (list) found = found.length === 0 ? list : mergeOffsets(found, list);
  }
  return found;
}

/** Two sorted `[start, end, …]` lists of different words as one sorted list. */
function mergeOffsets(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!, a[i++]!);
    else out.push(b[j++]!, b[j++]!);
  }
  return out;
}

/**
 * Every word of a text prepared by {@link positionsOf} (with its lowercase form) whose folded
 * lowercase form starts with `head`, grouped by term; memoized per text. Only the words that
 * start where `head` stands are analyzed: no scan of the whole text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { positionsOf, wordsStartingWith } from "./word_positions.ts";
 * const words = positionsOf("Don't deploy 'deploys' or redeploy; deploy's x86 don't86");
 * assert.deepEqual(wordsStartingWith(words, "depl"), new Map([["deploi", [6, 12, 14, 21, 36, 44]]]));
 * assert.deepEqual(wordsStartingWith(words, "86"), new Map([["86", [54, 56]]])); // not in "x86"
 * ```
 */
export function wordsStartingWith(words: WordPositions, head: string): Map<string, number[]> {
  return remembered(words.byHead, head, (h) => findWordsStartingWith(words, h));
}

function findWordsStartingWith(words: WordPositions, head: string): Map<string, number[]> {
  const { text, lower, forms } = words;
  // The analyzer's word rule, anchored where it is applied.
  const rule = ruleOf("word", forms, "y");
  const found = new Map<string, number[]>();
  const replayed = { at: 0 };
  const mapped = words.at;
  for (let i = lower!.indexOf(head); i !== -1; i = lower!.indexOf(head, i + 1)) {
    const at = mapped ? mapped[i]! : i;
    if (!startsWord(text, at, forms, replayed)) continue;
    rule.lastIndex = at;
    const word = rule.exec(text)?.[0];
    if (word === undefined) continue;
    const term = termOf(word.toLowerCase());
    let list = found.get(term);
    if (!list) found.set(term, list = []);
    list.push(at, at + word.length);
  }
  return found;
}

/**
 * {@link occurrences} by scanning every word of the text: the reference the fast path is
 * tested against, and what it falls back to for a text without a lowercase form that lines up
 * with it (`WordPositions.lower`: letters whose lowercase is longer, marks written apart).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanAllOccurrences } from "./word_positions.ts";
 * assert.deepEqual(scanAllOccurrences("don't deploy; Deploying", "deploi"), [6, 12, 14, 23]);
 * ```
 */
export function scanAllOccurrences(text: string, term: string): number[] {
  const heads = headsOf(term);
  const startsHead = (w: string) => heads.some((head) => w.startsWith(head));
  const forms = wordFormsOf(text);
  // A Latin text's marks, in its lowercase words, are of one block (see `LATIN_LETTERS`).
  const [marksOf, hasMarkIn] = forms === "unicode"
    ? [marks(), hasMark()]
    : [LATIN_MARKS, HAS_LATIN_MARK];
  const out: number[] = [];
  for (const [word, start] of wordsOf(text)) {
    const key = word.toLowerCase();
    const folded = forms === "ascii" ? key : foldMarks(key, marksOf);
    // A word with marks written apart starts with the term's letters once they are dropped.
    const starts = startsHead(folded) ||
      (forms !== "ascii" && hasMarkIn.test(folded) && startsHead(folded.replace(marksOf, "")));
    if (starts && termOf(key) === term) {
      out.push(start, start + word.length);
    }
  }
  return out;
}

/**
 * A per-isolate cache of {@link positionsOf} keyed by document (any object that stands for one
 * text), bounded by {@link WORD_POSITIONS_MAX} characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPositionsCache } from "./word_positions.ts";
 * const cache = createPositionsCache(20);
 * const doc = {};
 * const p = cache.get(doc, "alpha beta alpha");
 * assert.equal(cache.get(doc, "alpha beta alpha"), p);
 * cache.get({}, "a b c d e f g h i j k l"); // past the bound: the first document is dropped
 * assert.notEqual(cache.get(doc, "alpha beta alpha"), p);
 * ```
 */
export function createPositionsCache(max = WORD_POSITIONS_MAX) {
  const entries = new Map<object, WordPositions>();
  let total = 0;
  return {
    get(doc: object, text: string): WordPositions {
      const hit = entries.get(doc);
      if (hit) return hit;
      const positions = positionsOf(text);
      for (const [key, old] of entries) {
        if (total + positions.size <= max) break;
        entries.delete(key);
        total -= old.size;
      }
      entries.set(doc, positions);
      total += positions.size;
      return positions;
    },
  };
}

/** The isolate's positions cache, shared by every store's documents. */
export const wordPositions = createPositionsCache();
