import { termOf, wordsOf } from "./analyzer.ts";

/**
 * Where each index term occurs in one text: term → `[start, end, start, end, …]` offsets. Made
 * once per document and isolate, so a snippet scans integers instead of the text.
 */
export type WordPositions = ReadonlyMap<string, readonly number[]>;

/** Most word occurrences kept across all documents (about 40 MB); oldest documents out first. */
export const WORD_POSITIONS_MAX = 4_000_000;

/**
 * The positions of every analyzed word of `text` (stop words left out).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { positionsOf } from "./word_positions.ts";
 * const p = positionsOf("Deploy, then deploying again.");
 * assert.deepEqual(p.get("deploi"), [0, 6, 13, 22]);
 * assert.equal(p.get("then"), undefined); // a stop word
 * ```
 */
export function positionsOf(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [word, start] of wordsOf(text)) {
    const term = termOf(word);
    if (term === "") continue;
    const list = out.get(term);
    if (list) list.push(start, start + word.length);
    else out.set(term, [start, start + word.length]);
  }
  return out;
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
  const entries = new Map<object, { positions: WordPositions; size: number }>();
  let total = 0;
  return {
    get(doc: object, text: string): WordPositions {
      const hit = entries.get(doc);
      if (hit) return hit.positions;
      const positions = positionsOf(text);
      let size = 0;
      for (const list of positions.values()) size += list.length / 2;
      for (const [key, old] of entries) {
        if (total + size <= max) break;
        entries.delete(key);
        total -= old.size;
      }
      entries.set(doc, { positions, size });
      total += size;
      return positions;
    },
  };
}

/** The isolate's positions cache, shared by every store's documents. */
export const wordPositions = createPositionsCache();
