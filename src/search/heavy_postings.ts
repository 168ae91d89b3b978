/**
 * A sharded index's heavy terms: those whose postings alone fill a chunk (a common word's: on a
 * 100,000-page shelf, "agent" is 703 KB). Where a term's postings are is its position in the
 * dictionary, which a search learns when the dictionary range holding it arrives; a range with a
 * heavy term spans more chunks than the read-ahead takes on trust, so its postings were read in a
 * round of their own after the dictionary's. The edge index lists the heavy terms with their
 * positions, and a search reads their chunks with its dictionary ranges.
 *
 * @module
 */
import { lastAtOrBefore } from "../last_at_or_before.ts";
import { PREFIX_MAX } from "./expansion_rules.ts";

/** The heavy terms, in dictionary order, and their positions in the dictionary. */
export interface HeavyPostings {
  terms: string[];
  positions: number[];
}

/**
 * The terms of `terms` whose encoded postings (`postings`, by position) are at least `chars`
 * characters; `undefined` when none is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heavyPostingsOf } from "./heavy_postings.ts";
 * const heavy = heavyPostingsOf(["a", "agent", "b"], ["1", "1,1,1,1", "2"], 5);
 * assert.deepEqual(heavy, { terms: ["agent"], positions: [1] });
 * assert.equal(heavyPostingsOf(["a"], ["1"], 5), undefined);
 * ```
 */
export function heavyPostingsOf(
  terms: readonly string[],
  postings: readonly string[],
  chars: number,
): HeavyPostings | undefined {
  const heavy: HeavyPostings = { terms: [], positions: [] };
  postings.forEach((p, i) => {
    if (p.length < chars) return;
    heavy.terms.push(terms[i]!);
    heavy.positions.push(i);
  });
  return heavy.terms.length > 0 ? heavy : undefined;
}

/**
 * Whether `value` is a {@link HeavyPostings} of a dictionary of `size` terms: as many terms as
 * positions, terms sorted, positions increasing and in the dictionary.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validHeavyPostings } from "./heavy_postings.ts";
 * assert.equal(validHeavyPostings({ terms: ["a", "b"], positions: [0, 4] }, 5), true);
 * assert.equal(validHeavyPostings({ terms: ["b", "a"], positions: [0, 4] }, 5), false);
 * assert.equal(validHeavyPostings({ terms: ["a", "b"], positions: [0, 5] }, 5), false);
 * assert.equal(validHeavyPostings({ terms: ["a"], positions: [0, 1] }, 5), false);
 * ```
 */
export function validHeavyPostings(value: unknown, size: number): value is HeavyPostings {
  if (typeof value !== "object" || value === null) return false;
  const { terms, positions } = value as Partial<HeavyPostings>;
  return Array.isArray(terms) && Array.isArray(positions) && terms.length === positions.length &&
    terms.every((t, k) => typeof t === "string" && (k === 0 || t > terms[k - 1]!)) &&
    positions.every((p, k) =>
      Number.isInteger(p) && p >= 0 && p < size && (k === 0 || p > positions[k - 1]!)
    );
}

/**
 * The position of heavy term `term`, or -1 when it is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heavyPositionOf } from "./heavy_postings.ts";
 * const heavy = { terms: ["agent", "build"], positions: [9, 40] };
 * assert.equal(heavyPositionOf(heavy, "build"), 40);
 * assert.equal(heavyPositionOf(heavy, "age"), -1);
 * ```
 */
export function heavyPositionOf(heavy: HeavyPostings, term: string): number {
  const at = lastAtOrBefore(heavy.terms, term);
  return at >= 0 && heavy.terms[at] === term ? heavy.positions[at]! : -1;
}

/**
 * The positions of the heavy terms a search of query word `term` may read: the word itself, and
 * the heavy terms it completes to (three letters or more, as the planner completes), when at most
 * `PREFIX_MAX` do (the planner keeps that many of the most frequent completions, heavy or not, and
 * a query's budget may leave some out: past that, which it keeps is the dictionary's to say).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heavyPositionsOf } from "./heavy_postings.ts";
 * const heavy = { terms: ["ag", "agent", "agents", "build"], positions: [3, 9, 10, 40] };
 * assert.deepEqual(heavyPositionsOf(heavy, "agent"), [9, 10]);
 * assert.deepEqual(heavyPositionsOf(heavy, "age"), [9, 10]);
 * assert.deepEqual(heavyPositionsOf(heavy, "ag"), [3]); // too short to complete
 * assert.deepEqual(heavyPositionsOf(heavy, "deploy"), []);
 * ```
 */
export function heavyPositionsOf(heavy: HeavyPostings, term: string): number[] {
  const { terms, positions } = heavy;
  // The first heavy term at or after `term`, then the run of those starting with it (looked at
  // no further than a run too long to read ahead).
  const at = lastAtOrBefore(terms, term);
  const first = at >= 0 && terms[at] === term ? at : at + 1;
  const exact = terms[first] === term;
  if (term.length < 3) return exact ? [positions[first]!] : [];
  let end = first;
  const most = first + PREFIX_MAX + (exact ? 1 : 0);
  while (end < terms.length && end <= most && terms[end]!.startsWith(term)) end++;
  if (end > most) return exact ? [positions[first]!] : [];
  return positions.slice(first, end);
}
