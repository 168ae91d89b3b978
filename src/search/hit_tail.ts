/**
 * The tail of a ranking: the hits a search with a `limit` ranks below its best, which no answer
 * shows but which its `total` counts. A large shelf's common words match tens of thousands of
 * documents; making each a hit object (and collecting them) cost more than scoring them, so
 * the tail keeps them as numbers in typed arrays, in the order they were matched, and makes a
 * hit of one only when asked (`hitAt`).
 *
 * @module
 */
import type { SearchHit } from "./ranking_rules.ts";

/** The hits of a ranking below its best (see the module doc). */
export interface HitTail {
  /** How many. */
  readonly size: number;
  /**
   * Each one's score, by its place; a rule that raises every hit alike (`part_rule.ts`) raises
   * these in place.
   */
  readonly scores: Float64Array;
  /** The hit at a place, as the search would have given it. */
  hitAt(i: number): SearchHit;
}

/** What a hit is made of: its document's entries, kept side by side by place. */
export interface HitColumns {
  docs: Int32Array;
  scores: Float64Array;
  matched: Uint16Array;
  terms: Uint32Array;
  headWords: Uint8Array;
  /** 1 where the hit is `exactName`. */
  exact: Uint8Array;
}

/**
 * Empty {@link HitColumns} for `total` hits, all six views of one buffer: a search makes the
 * columns of its tail (`top_hits.ts`), and six buffers of their own cost it more than scoring a
 * small site's matches (each buffer is an allocation outside the heap, told to the collector).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hitColumns } from "./hit_tail.ts";
 * const columns = hitColumns(3);
 * columns.scores[2] = 1.5;
 * columns.docs[2] = -1;
 * columns.exact[0] = 1;
 * assert.deepEqual([...columns.scores], [0, 0, 1.5]);
 * assert.deepEqual([...columns.docs], [0, 0, -1]);
 * assert.deepEqual([...columns.matched, ...columns.terms, ...columns.headWords], new Array(9).fill(0));
 * assert.deepEqual([...columns.exact], [1, 0, 0]);
 * ```
 */
export function hitColumns(total: number): HitColumns {
  // Widest first, each view aligned: 8 + 4 + 4 + 2 + 1 + 1 bytes a hit.
  const buffer = new ArrayBuffer(20 * total);
  return {
    scores: new Float64Array(buffer, 0, total),
    docs: new Int32Array(buffer, 8 * total, total),
    terms: new Uint32Array(buffer, 12 * total, total),
    matched: new Uint16Array(buffer, 16 * total, total),
    headWords: new Uint8Array(buffer, 18 * total, total),
    exact: new Uint8Array(buffer, 19 * total, total),
  };
}

/**
 * The hit at place `i` of `columns` — the same fields, in the same order, as the scoring pass
 * has always made them (an answer's JSON does not change with where a hit was made).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hitOf } from "./hit_tail.ts";
 * const columns = {
 *   docs: Int32Array.of(1),
 *   scores: Float64Array.of(2.5),
 *   matched: Uint16Array.of(2),
 *   terms: Uint32Array.of(3),
 *   headWords: Uint8Array.of(1),
 *   exact: Uint8Array.of(1),
 * };
 * assert.equal(
 *   JSON.stringify(hitOf(columns, 0)),
 *   '{"doc":1,"score":2.5,"matched":2,"terms":3,"headWords":1,"exactName":true}',
 * );
 * ```
 */
export function hitOf(columns: HitColumns, i: number): SearchHit {
  const n = columns.docs[i]!;
  const hit: SearchHit = {
    doc: n,
    score: columns.scores[i]!,
    matched: columns.matched[i]!,
    terms: columns.terms[i]!,
    headWords: columns.headWords[i]!,
  };
  if (columns.exact[i] === 1) hit.exactName = true;
  return hit;
}

/**
 * A tail over its own columns (they must not change after; their `scores` may be raised by the
 * tail's user).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countAtLeast, tailOf } from "./hit_tail.ts";
 * const tail = tailOf({
 *   docs: Int32Array.of(2, 0),
 *   scores: Float64Array.of(1, 3),
 *   matched: Uint16Array.of(1, 1),
 *   terms: Uint32Array.of(1, 1),
 *   headWords: Uint8Array.of(0, 0),
 *   exact: Uint8Array.of(0, 0),
 * });
 * assert.equal(tail.size, 2);
 * assert.equal(tail.hitAt(1).doc, 0);
 * assert.equal(countAtLeast(tail, 2), 1);
 * ```
 */
export function tailOf(columns: HitColumns): HitTail {
  return {
    size: columns.docs.length,
    scores: columns.scores,
    hitAt: (i) => hitOf(columns, i),
  };
}

/** The tail of a ranking that has none. */
export const NO_TAIL: HitTail = {
  size: 0,
  scores: new Float64Array(0),
  hitAt: (i) => {
    throw new RangeError(`no hit ${i} in an empty tail`);
  },
};

/**
 * How many of a tail's hits score `floor` or more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countAtLeast, NO_TAIL } from "./hit_tail.ts";
 * assert.equal(countAtLeast(NO_TAIL, 0), 0);
 * ```
 */
export function countAtLeast(tail: HitTail, floor: number): number {
  let count = 0;
  const { scores, size } = tail;
  for (let i = 0; i < size; i++) if (scores[i]! >= floor) count++;
  return count;
}
