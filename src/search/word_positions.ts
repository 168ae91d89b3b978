import { termOf, wordsOf } from "./analyzer.ts";

/**
 * Where each word of one text occurs, grouped so a query term finds its words without
 * analyzing the text again: lowercased word → `[start, end, start, end, …]`, and the words by
 * their first two letters. Made once per document and isolate by one scan, without stemming
 * (a cold isolate pays a scan, not a stem per word); a query term stems only the few words that
 * share its first letters, and those stems are memoized.
 */
export interface WordPositions {
  readonly at: ReadonlyMap<string, readonly number[]>;
  readonly byStart: ReadonlyMap<string, readonly string[]>;
  /** Word occurrences counted (for the cache bound). */
  readonly size: number;
  /** {@link occurrences} already looked up in this text, by term. */
  readonly byTerm: Map<string, number[]>;
}

/** Most word occurrences kept across all documents (about 40 MB); oldest documents out first. */
export const WORD_POSITIONS_MAX = 4_000_000;

/**
 * The positions of every word of `text`.
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
  const at = new Map<string, number[]>();
  const byStart = new Map<string, string[]>();
  let size = 0;
  for (const [word, start] of wordsOf(text)) {
    const key = word.toLowerCase();
    const list = at.get(key);
    if (list) list.push(start, start + word.length);
    else {
      at.set(key, [start, start + word.length]);
      const head = key.slice(0, 2);
      const words = byStart.get(head);
      if (words) words.push(key);
      else byStart.set(head, [key]);
    }
    size++;
  }
  return { at, byStart, size, byTerm: new Map() };
}

/**
 * The offsets (`[start, end, …]`, in text order) of the words whose index term is `term`. Only
 * words sharing the term's first letters (up to four, as Porter stems keep a word's beginning)
 * are analyzed.
 */
export function occurrences(words: WordPositions, term: string): number[] {
  let known = words.byTerm.get(term);
  if (known === undefined) {
    known = findOccurrences(words, term);
    // Remembered per text, up to one entry per distinct word (a query term outside the text
    // maps to an empty list and is remembered too, within that bound).
    if (words.byTerm.size < words.at.size + 64) words.byTerm.set(term, known);
  }
  return known;
}

function findOccurrences(words: WordPositions, term: string): number[] {
  const head = term.slice(0, 4);
  const out: number[] = [];
  for (const word of words.byStart.get(term.slice(0, 2)) ?? []) {
    if (word.startsWith(head) && termOf(word) === term) {
      // A loop, not a spread: a word can occur more times than a call takes arguments.
      for (const offset of words.at.get(word)!) out.push(offset);
    }
  }
  if (out.length <= 2) return out;
  // Several spellings ("deploy", "deploying"): merge them into text order.
  const pairs: [number, number][] = [];
  for (let i = 0; i < out.length; i += 2) pairs.push([out[i]!, out[i + 1]!]);
  return pairs.sort((a, b) => a[0] - b[0]).flat();
}

/**
 * A per-isolate cache of {@link positionsOf} keyed by document (any object that stands for one
 * text), bounded by {@link WORD_POSITIONS_MAX} occurrences.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPositionsCache } from "./word_positions.ts";
 * const cache = createPositionsCache(10);
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
