/**
 * The neighbour tables of a dictionary in ranges (`neighbour_ranges.ts`): a ranged dictionary
 * finds a word's one-edit variants as the whole dictionary does, and, for a word no term is near,
 * reads a few ranges whatever the size of the dictionary, where without the tables it read one
 * range under each first letter.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createDictionary,
  createRangedDictionary,
  type Dictionary,
} from "../../src/search/dictionary.ts";
import {
  createRangeReader,
  type RangedDictionaryData,
  splitDictionary,
} from "../../src/search/dictionary_ranges.ts";
import { splitNeighbours } from "../../src/search/neighbour_ranges.ts";
import type { SearchIndexData } from "../../src/search/search_index.ts";

/** An index's dictionary part, enough for `splitDictionary`. */
const dictionaryData = (terms: string[]) =>
  ({ terms, counts: terms.map(() => 1), ids: [], names: [] }) as unknown as SearchIndexData;

/**
 * A ranged dictionary over `terms` split in ranges of `chars`, with its neighbour tables unless
 * `tables` is false; every range read recorded in `read`.
 */
function ranged(terms: string[], chars: number, tables = true, nearChars?: number) {
  const split = splitDictionary(dictionaryData(terms), chars, 1 << 20);
  // Neighbour ranges of another size than the build's, when asked.
  const near = nearChars === undefined
    ? { firsts: split.edge.dictionaryRanges!.neighbours!, ranges: split.neighbours }
    : splitNeighbours(terms, nearChars);
  const shards = [...split.ranges, ...near.ranges];
  const { neighbours: _, ...without } = split.edge.dictionaryRanges!;
  const data: RangedDictionaryData = tables ? { ...without, neighbours: near.firsts } : without;
  const read: number[] = [];
  const reader = createRangeReader(
    data,
    false,
    (k) => (read.push(k), Promise.resolve(JSON.parse(JSON.stringify(shards[k])))),
  );
  return { dictionary: createRangedDictionary(reader), reader, read, split };
}

/** `lookups` run on `dictionary` until no range is missing, reading each through `reader`. */
async function settle<T>(
  dictionary: Dictionary,
  reader: { load(wanted: Iterable<number>): Promise<void> },
  lookups: () => T,
): Promise<T> {
  for (;;) {
    const { value, missing } = dictionary.attempt(lookups);
    if (missing.length === 0) return value;
    await reader.load(missing);
  }
}

const letter = fc.constantFrom("a", "b", "e", "r", "s", "z", "é", "\u{1F600}", "\ud83d", "-", "1");
const word = fc.oneof(
  fc.array(letter, { minLength: 1, maxLength: 8 }),
  // About the longest terms the tables hold (`NEIGHBOUR_MAX_LENGTH`), and past them.
  fc.array(letter, { minLength: 23, maxLength: 27 }),
).map((l) => l.join(""));

Deno.test("neighbour ranges: a word's one-edit variants are the whole dictionary's", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(word, { minLength: 1, maxLength: 200 }),
      fc.integer({ min: 8, max: 200 }),
      fc.integer({ min: 1, max: 300 }),
      fc.array(fc.tuple(word, fc.constantFrom("", "s", "ing", "e")), { maxLength: 10 }),
      async (list, chars, nearChars, asked) => {
        const terms = [...list].sort();
        const whole = createDictionary(terms, terms.map(() => 1));
        const { dictionary, reader } = ranged(terms, chars, true, nearChars);
        for (const [term, ending] of asked) {
          // A stemmed term and the word typed (`typoVariants(term, word)`): the same, or longer.
          const expected = whole.typoVariants(term, term + ending);
          const got = await settle(dictionary, reader, () => [
            ...dictionary.typoVariants(term, term + ending),
          ]);
          assert.deepEqual(got, [...expected], `${term} / ${term}${ending}`);
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("neighbour ranges: over a three-letter alphabet, where the tables' keys collide most", async () => {
  // "xab" without its first letter and "axb" without its second are both "ab": the tables keep
  // them apart ("0ab", "1ab"), or "yab" would find "xab" where only "axb" is a term.
  const tiny = fc.array(fc.constantFrom("a", "b", "x"), { minLength: 1, maxLength: 5 })
    .map((l) => l.join(""));
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(tiny, { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 8, max: 64 }),
      fc.integer({ min: 1, max: 64 }),
      fc.array(tiny, { minLength: 1, maxLength: 6 }),
      async (list, chars, nearChars, asked) => {
        const terms = [...list].sort();
        const whole = createDictionary(terms, terms.map(() => 1));
        const { dictionary, reader } = ranged(terms, chars, true, nearChars);
        for (const term of asked) {
          const got = await settle(
            dictionary,
            reader,
            () => [...dictionary.typoVariants(term, term)],
          );
          assert.deepEqual(got, [...whole.typoVariants(term, term)], term);
        }
      },
    ),
    { numRuns: 300, examples: [[["axb", "bbb"], 8, 1, ["yab", "bab"]]] },
  );
});

/** `n` distinct made-up words of 5 to 9 letters over the whole alphabet, sorted. */
function manyTerms(n: number): string[] {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  // A fixed xorshift sequence: the same words at every run.
  let seed = 0x9e3779b9;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const terms = new Set<string>();
  while (terms.size < n) {
    const length = 5 + Math.floor(next() * 5);
    let w = "";
    for (let i = 0; i < length; i++) w += letters[Math.floor(next() * 26)];
    terms.add(w);
  }
  return [...terms].sort();
}

Deno.test("neighbour ranges: an unknown word's variants read a few ranges, not one a letter", async () => {
  for (const size of [20_000, 80_000]) {
    const terms = manyTerms(size);
    const reads = async (tables: boolean, term: string) => {
      const { dictionary, reader, read } = ranged(terms, 2 * 1024, tables);
      const variants = await settle(dictionary, reader, () => dictionary.typoVariants(term, term));
      const whole = createDictionary(terms, terms.map(() => 1)).typoVariants(term, term);
      assert.deepEqual(variants, whole);
      return read.length;
    };
    for (const term of ["qqqxz", "zqxwvk", "serach"]) {
      const withTables = await reads(true, term);
      const without = await reads(false, term);
      // Its own range, the 8 or so keys of its candidates (and the ranges of those sharing its
      // first two letters, around its own): about 10, whatever the size.
      // (4–10 ranges with the tables, 31–71 without: 2026-11-28.)
      assert.ok(withTables <= 12, `${term} in ${size} terms: ${withTables} ranges read`);
      assert.ok(without >= 3 * withTables, `${term} in ${size} terms, without: ${without} ranges`);
    }
  }
});

Deno.test("neighbour ranges: a range that is not the one the index names is refused, then read again", async () => {
  const terms = manyTerms(2_000);
  const split = splitDictionary(dictionaryData(terms), 512, 1 << 20);
  const count = split.ranges.length;
  assert.ok(split.neighbours.length > 2, `${split.neighbours.length} neighbour ranges`);
  const shards = [...split.ranges, ...split.neighbours];
  let wrong = true;
  const reader = createRangeReader(
    split.edge.dictionaryRanges!,
    false,
    (k) => Promise.resolve(k === count && wrong ? split.neighbours[1] : shards[k]),
  );
  await assert.rejects(
    reader.load([count]),
    /dictionary neighbour range 0 is not the one the index names/,
  );
  assert.equal(reader.neighbours!.range(0), undefined);
  wrong = false;
  await reader.load([count]);
  assert.deepEqual(reader.neighbours!.range(0), split.neighbours[0]);
});
