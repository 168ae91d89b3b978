/**
 * What a sharded search reads of the postings while its dictionary ranges are read, before its
 * plan says which terms it needs: the chunks its words most likely need, so that they arrive in the
 * dictionary's round of fetches rather than in one after it. A guess, never a wrong answer: what
 * the plan needs and was not read ahead is read after it (`SearchIndex.loadPostings`), and a failed
 * read is that load's to tell.
 *
 * @module
 */
import { type DictionaryRanges, runOf, spanOf } from "./dictionary.ts";
import { abbreviationHeads } from "./expansion_rules.ts";
import { heavyPositionOf, heavyPositionsOf, type HeavyPostings } from "./heavy_postings.ts";

/**
 * Reads the postings chunks holding dictionary positions `from` up to `to` when at most `most`
 * chunks do; `undefined` (nothing read) when more do.
 */
export type ReadPositions = (
  from: number,
  to: number,
  most: number,
) => Promise<void> | undefined;

/** Most chunks read ahead for a word's own range (one, as a rule). */
export const RANGE_CHUNKS = 2;
/**
 * Most chunks read ahead for a word and the terms it completes to together (its run of ranges:
 * `runOf`). "vec" on the reference shelf: its completions' postings are in the two chunks after
 * its own range's, which a cold search read in a round of their own (2026-11-29).
 */
export const RUN_CHUNKS = 3;
/**
 * Most heavy terms' chunks (`heavy_postings.ts`, each up to several hundred KB) read ahead for one
 * search: a question of many common words has most of them left out by its budget
 * (`query_budget.ts`), and what it keeps past these is read after its plan.
 */
export const HEAVY_CHUNKS = 4;
/**
 * Most spans of positions (a run, a range) read ahead for one search: a question of 32 long words
 * looks up several abbreviations of each, and its own ranges and runs, at most three chunks each,
 * would be hundreds of chunks. A question of a few words starts a few spans.
 */
export const AHEAD_SPANS = 32;

/**
 * Starts reading the postings chunks a query most likely needs, `query` its analyzed terms before
 * expansion (its `words` first, then identifiers typed whole, which are matched as typed):
 * - for each word of three letters or more (those the planner completes), the chunks of its run of
 *   ranges, when at most {@link RUN_CHUNKS} hold it; else, and for a shorter word or an
 *   identifier, those of the range it falls in, when at most {@link RANGE_CHUNKS} hold it;
 * - likewise the range each word's abbreviations fall in (`abbreviationHeads`: "hash" for
 *   "hashmap");
 * - the chunks of the heavy terms a word names or completes to, or an identifier names
 *   (`heavyPositionsOf`), at most {@link HEAVY_CHUNKS} a search;
 * each span once, at most {@link AHEAD_SPANS} a search.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPostingsAhead } from "./postings_ahead.ts";
 * // Five terms in three ranges; a chunk of one term each.
 * const ranges = {
 *   size: 5,
 *   starts: [0, 2, 4],
 *   firsts: ["alpha", "vec", "vector"],
 *   range: () => undefined,
 * };
 * const reads: string[] = [];
 * const read = (from: number, to: number, most: number) => {
 *   if (to - from > most) return undefined;
 *   reads.push(`${from}-${to}`);
 *   return Promise.resolve();
 * };
 * const heavy = { terms: ["vector"], positions: [4] };
 * readPostingsAhead(ranges, read, { terms: ["vec"], words: 1 }, heavy);
 * assert.deepEqual(reads, ["2-5", "4-5"]); // the run of "vec", then the heavy "vector"
 * reads.length = 0;
 * readPostingsAhead(ranges, read, { terms: ["be"], words: 1 }, undefined);
 * assert.deepEqual(reads, ["0-2"]); // too short to complete: its range
 * ```
 */
export function readPostingsAhead(
  ranges: DictionaryRanges,
  read: ReadPositions,
  query: { readonly terms: readonly string[]; readonly words: number },
  heavy: HeavyPostings | undefined,
): void {
  // Each span once (a word's abbreviations mostly fall in one range, often the word's).
  const started = new Set<string>();
  const start = (from: number, to: number, most: number): boolean => {
    const key = `${from}:${to}`;
    if (started.has(key)) return true;
    if (started.size >= AHEAD_SPANS) return true;
    const reading = read(from, to, most);
    if (!reading) return false;
    started.add(key);
    reading.catch(() => {});
    return true;
  };
  const ownRange = (word: string) => {
    const span = spanOf(ranges, word);
    if (span) start(span[0], span[1], RANGE_CHUNKS);
  };
  const run = (word: string): boolean => {
    const [first, end] = runOf(ranges.firsts, word);
    if (end - first < 2) return false;
    return start(ranges.starts[first]!, ranges.starts[end] ?? ranges.size, RUN_CHUNKS);
  };
  const heavyRead = new Set<number>();
  query.terms.forEach((term, k) => {
    const word = k < query.words;
    if (!word || term.length < 3 || !run(term)) ownRange(term);
    for (const head of word ? abbreviationHeads(term) : []) ownRange(head);
    const named = !heavy
      ? []
      : word
      ? heavyPositionsOf(heavy, term)
      : [heavyPositionOf(heavy, term)].filter((at) => at >= 0);
    for (const at of named) {
      if (heavyRead.size >= HEAVY_CHUNKS) break;
      if (heavyRead.has(at)) continue;
      heavyRead.add(at);
      start(at, at + 1, 1);
    }
  });
}
