/**
 * A dictionary's neighbour tables, for a dictionary in ranges (`dictionary_ranges.ts`): where to
 * find whether a word one edit from a query word is a term without reading the range it falls in.
 *
 * A misspelled word's one-edit candidates (`edit_variants.ts`) that change its first letter fall
 * under every first letter of the sorted dictionary, and those that change its second letter
 * under every second one: on the reference shelf (186,893 terms in 2,085 ranges, 2026-11-28) a
 * cold search for "zqxwv" read 74 dictionary ranges to learn that none of its 300-odd candidates
 * is a term, "serach engine tokenizer" 118. The tables hold every term again, keyed so that
 * candidates differing from the word in the same place share a key: table 0 by the term without
 * its first letter, table 1 by the term without its second, each key with the letters that
 * complete it (`"0earch"`: `"s"`, `"r"` for "search" and "rearch"). A candidate whose own range
 * is not read is looked up there instead ({@link neighbourKey}): a word's candidates take about 8
 * keys, in as many ranges at most, whatever the size of the dictionary; those sharing its first
 * two letters are in the few ranges around its own. The tables' ranges are written after the
 * dictionary's, numbered on from them, and read the same way.
 *
 * @module
 */
import { firstAtOrAfter } from "../first_at_or_after.ts";
import { FUZZY_MAX_LENGTH } from "./expansion_rules.ts";

/** Characters of JSON a neighbour range holds, about. */
export const NEIGHBOUR_RANGE_CHARS = 4 * 1024;

/**
 * The shortest term the tables hold; the longest is {@link NEIGHBOUR_MAX_LENGTH}. Typo candidates
 * are one edit from a word of 3 to `FUZZY_MAX_LENGTH` letters (`query_planner.ts`), or from its
 * stem; one outside these lengths is looked up in its own range.
 */
export const NEIGHBOUR_MIN_LENGTH = 2;

/** The longest term the tables hold. */
export const NEIGHBOUR_MAX_LENGTH = FUZZY_MAX_LENGTH + 1;

/**
 * How many tables: table `p` keys each term by the term without its letter at `p`. A word's
 * candidates that keep its first two letters fall in the ranges around its own: 1 to 18 of
 * openjdk-17-doc's 1,210 for eleven misspelled words ("recieve": "re…"), 1 to 7 with a third
 * table, which costs 1 or 2 more neighbour ranges a word and half as many ranges again in all: 11
 * ranges a word at the median either way, 13.5 against 11.3 on average (2026-11-28), not worth
 * its share of the edge index.
 */
export const NEIGHBOUR_TABLES = 2;

/** A run of consecutive keys of the tables, with the letters that complete each into a term. */
export interface NeighbourRange {
  /** Sorted keys: `"0"` and a term without its first letter, or `"1"` and one without its second. */
  keys: readonly string[];
  /** For each key, the letters (UTF-16 units) that put back make a term, each once. */
  letters: readonly string[];
}

/**
 * Where `candidate` (one edit from the query's `term`) is looked up in the tables: its key and
 * letter when it differs from `term` in its first or second letter and its length is one the
 * tables hold; otherwise `undefined` (it is near `term`'s own range: looked up in its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { neighbourKey } from "./neighbour_ranges.ts";
 * assert.deepEqual(neighbourKey("search", "xearch"), ["0earch", "s"]);
 * assert.deepEqual(neighbourKey("search", "sxarch"), ["1sarch", "e"]);
 * assert.equal(neighbourKey("search", "sexrch"), undefined); // shares "se": in its own range
 * assert.equal(neighbourKey("a", "b"), undefined); // too short for the tables
 * ```
 */
export function neighbourKey(candidate: string, term: string): [string, string] | undefined {
  const n = candidate.length;
  if (n < NEIGHBOUR_MIN_LENGTH || n > NEIGHBOUR_MAX_LENGTH) return undefined;
  for (let p = 0; p < NEIGHBOUR_TABLES && p < n; p++) {
    if (candidate[p] !== term[p]) return [keyOf(candidate, p), candidate[p]!];
  }
  return undefined;
}

/** Table `p`'s key of `term`: `p`, then the term without its letter at `p`. */
const keyOf = (term: string, p: number) => `${p}${term.slice(0, p)}${term.slice(p + 1)}`;

/**
 * The tables of sorted dictionary `terms`, in ranges of about `rangeChars` characters (a key's
 * letters never split): the ranges, and where each starts (its first key, or the shortest head of
 * it that comes after the previous range's last key).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { neighbourHas, splitNeighbours } from "./neighbour_ranges.ts";
 * const { firsts, ranges } = splitNeighbours(["rearch", "search", "sort"], 12);
 * assert.deepEqual(ranges.flatMap((r) => r.keys), ["0earch", "0ort", "1rarch", "1sarch", "1srt"]);
 * assert.deepEqual(ranges.flatMap((r) => r.letters), ["rs", "s", "e", "e", "o"]);
 * assert.deepEqual(firsts, ["0earch", "0o", "1s", "1sr"]); // "1rarch" goes with "0ort"
 * assert.ok(neighbourHas(ranges[0]!, "0earch", "s") && !neighbourHas(ranges[0]!, "0earch", "t"));
 * ```
 */
export function splitNeighbours(
  terms: readonly string[],
  rangeChars = NEIGHBOUR_RANGE_CHARS,
): { firsts: string[]; ranges: NeighbourRange[] } {
  const letters = new Map<string, string>();
  // A key and a letter make one term: each letter is added once.
  const add = (key: string, letter: string) => letters.set(key, (letters.get(key) ?? "") + letter);
  for (const term of terms) {
    if (term.length < NEIGHBOUR_MIN_LENGTH || term.length > NEIGHBOUR_MAX_LENGTH) continue;
    for (let p = 0; p < NEIGHBOUR_TABLES && p < term.length; p++) add(keyOf(term, p), term[p]!);
  }
  // In UTF-16 order, as `<` compares them.
  const keys = [...letters.keys()].sort();
  const ranges: { keys: string[]; letters: string[] }[] = [];
  let size = Infinity;
  for (const key of keys) {
    if (size >= rangeChars) {
      ranges.push({ keys: [], letters: [] });
      size = 0;
    }
    const range = ranges.at(-1)!;
    const completing = letters.get(key)!;
    range.keys.push(key);
    range.letters.push(completing);
    size += key.length + completing.length + 6;
  }
  // Each range's first key cut to its shortest head past the previous range's last key: about
  // half as long, and still where every key of the range falls.
  const firsts = ranges.map((r, i) => {
    const first = r.keys[0]!;
    if (i === 0) return first;
    const last = ranges[i - 1]!.keys.at(-1)!;
    let length = 1;
    while (first.slice(0, length) <= last) length++;
    return first.slice(0, length);
  });
  return { firsts, ranges };
}

/** Whether `range` says `letter` completes `key` into a term. */
export function neighbourHas(range: NeighbourRange, key: string, letter: string): boolean {
  const j = firstAtOrAfter(range.keys, key);
  return range.keys[j] === key && range.letters[j]!.includes(letter);
}

/**
 * `value` as neighbour range `k` of tables whose ranges start where `firsts` says; throws a
 * `TypeError` when it is not that range (its keys out of order, or out of its place).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNeighbourRange } from "./neighbour_ranges.ts";
 * const range = { keys: ["0ab", "0ac"], letters: ["x", "yz"] };
 * assert.equal(checkNeighbourRange(range, 0, ["0ab", "1zz"]), range);
 * assert.equal(checkNeighbourRange(range, 1, ["0", "0a", "0b"]), range);
 * assert.throws(() => checkNeighbourRange(range, 1, ["0a", "0ac"]), /neighbour range 1/);
 * assert.throws(() => checkNeighbourRange(range, 0, ["0a", "0ac"]), /neighbour range 0/);
 * assert.throws(() => checkNeighbourRange({ ...range, letters: ["x"] }, 0, ["0ab"]), TypeError);
 * ```
 */
export function checkNeighbourRange(
  value: unknown,
  k: number,
  firsts: readonly string[],
): NeighbourRange {
  const range = value as Partial<NeighbourRange> | null;
  const keys = range?.keys;
  const letters = range?.letters;
  const next = firsts[k + 1];
  const valid = Array.isArray(keys) && Array.isArray(letters) && keys.length > 0 &&
    letters.length === keys.length && typeof keys[0] === "string" && keys[0] >= firsts[k]! &&
    keys.every((key, j) => typeof key === "string" && (j === 0 || key > keys[j - 1]!)) &&
    letters.every((l) => typeof l === "string" && l.length > 0) &&
    (next === undefined || keys.at(-1)! < next);
  if (!valid) throw new TypeError(`dictionary neighbour range ${k} is not the one the index names`);
  return range as NeighbourRange;
}
