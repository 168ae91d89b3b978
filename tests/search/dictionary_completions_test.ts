/**
 * Prefix completions found when a dictionary is split into ranges (`dictionary_ranges.ts`): a
 * ranged dictionary answers every prefix's completions as the whole dictionary's scan does, and
 * a prefix whose terms span many ranges is answered from the one range it falls in.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createDictionary,
  createRangedDictionary,
  type Dictionary,
  runOf,
  type TermRange,
} from "../../src/search/dictionary.ts";
import { createRangeReader, splitDictionary } from "../../src/search/dictionary_ranges.ts";
import type { SearchIndexData } from "../../src/search/search_index.ts";

/** An index's dictionary part, enough for `splitDictionary`. */
const dictionaryData = (terms: string[], counts: number[]) =>
  ({ terms, counts, ids: [], names: [] }) as unknown as SearchIndexData;

/** `lookups` run on `dictionary` until no range is missing, reading each through `ranges`. */
async function answer<T>(
  dictionary: Dictionary,
  ranges: { load(wanted: Iterable<number>): Promise<void> },
  lookups: () => T,
  read: number[] = [],
): Promise<T> {
  for (;;) {
    const { value, missing } = dictionary.attempt(lookups);
    if (missing.length === 0) return value;
    read.push(...missing);
    await ranges.load(missing);
  }
}

/** A ranged dictionary over `split`'s ranges, each read recorded in `read`. */
function ranged(split: ReturnType<typeof splitDictionary>, read: number[] = [], parts = false) {
  const reader = createRangeReader(
    split.edge.dictionaryRanges!,
    parts,
    (k) => (read.push(k), Promise.resolve(JSON.parse(JSON.stringify(split.ranges[k])))),
  );
  return { dictionary: createRangedDictionary(reader), reader };
}

// Terms over a small alphabet share long prefixes, as identifiers of one package do.
const term = fc.string({
  unit: fc.constantFrom("a", "b", "j", "v", "."),
  minLength: 1,
  maxLength: 9,
});

Deno.test("dictionary completions: any prefix of a split dictionary completes as the whole one's", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(term, { minLength: 1, maxLength: 300 }),
      fc.integer({ min: 8, max: 120 }),
      fc.integer({ min: 1, max: 3 }),
      fc.array(fc.string({ unit: fc.constantFrom("a", "b", "j", "v", "."), maxLength: 5 }), {
        maxLength: 12,
      }),
      fc.infiniteStream(fc.integer({ min: 1, max: 40 })),
      async (unsorted, rangeChars, runs, asked, countStream) => {
        const terms = [...unsorted].sort();
        const counts = terms.map(() => countStream.next().value as number);
        const partCounts = terms.map(() => countStream.next().value as number);
        const whole = createDictionary(terms, counts, partCounts);
        const data = { ...dictionaryData(terms, counts), partCounts } as SearchIndexData;
        const split = splitDictionary(data, rangeChars, 1 << 20, runs);
        const { dictionary, reader } = ranged(split, [], true);
        // Every prefix of every term, and some strings that may be none.
        const prefixes = new Set(asked);
        for (const t of terms) for (let n = 1; n <= t.length; n++) prefixes.add(t.slice(0, n));
        // Each completion with its place and count, as the planner reads them.
        const planned = (d: Dictionary, prefix: string) =>
          d.completions(prefix).map((t) => [t, d.find(t), d.has(t), d.dfOf(t), d.partsOf(t)]);
        for (const prefix of prefixes) {
          assert.deepEqual(
            await answer(dictionary, reader, () => planned(dictionary, prefix)),
            planned(whole, prefix),
            prefix,
          );
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("dictionary completions: a prefix whose terms span many ranges reads only the range it falls in", async () => {
  // "java" then 400 identifiers of a package, most frequent at the end.
  const terms = [
    "ant",
    "java",
    ...Array.from({ length: 400 }, (_, k) => `java.awt.c${k}`),
    "kotlin",
  ]
    .sort();
  const counts = terms.map((t, k) => t.startsWith("java.awt.c39") ? 100 + k : 1);
  const split = splitDictionary(dictionaryData(terms, counts), 256);
  const firsts = split.edge.dictionaryRanges!.firsts;
  const [from, end] = runOf(firsts, "java");
  assert.ok(end - from > 10, `the terms of "java" span ${end - from} ranges`);
  const read: number[] = [];
  const { dictionary, reader } = ranged(split, read);
  const found = await answer(dictionary, reader, () => dictionary.completions("java"));
  assert.deepEqual(found, createDictionary(terms, counts).completions("java"));
  assert.deepEqual(read, [from], "one range read");
  // A dictionary split before the completions were kept (none kept) scans them all.
  const scanned: number[] = [];
  const old = splitDictionary(dictionaryData(terms, counts), 256, 1 << 20, Infinity);
  const scanning = ranged(old, scanned);
  assert.deepEqual(
    await answer(
      scanning.dictionary,
      scanning.reader,
      () => scanning.dictionary.completions("java"),
    ),
    found,
  );
  assert.equal(scanned.length, end - from);
});

Deno.test("dictionary completions: a range lacking a prefix's completions is an error, not a scan", async () => {
  const terms = Array.from({ length: 200 }, (_, k) => `java.c${String(k).padStart(3, "0")}`);
  const split = splitDictionary(dictionaryData(terms, terms.map(() => 1)), 128);
  const [from] = runOf(split.edge.dictionaryRanges!.firsts, "java");
  delete split.ranges[from]!.completions;
  const { dictionary, reader } = ranged(split);
  await assert.rejects(
    answer(dictionary, reader, () => dictionary.completions("java")),
    /lacks the completions of "java"/,
  );
});

Deno.test("dictionary completions: a long run's completions are planned without reading their own ranges", async () => {
  // "vec" then identifiers of a package spread over many ranges, with part counts.
  const terms = [
    "ant",
    "vec",
    ...Array.from({ length: 400 }, (_, k) => `vec.c${String(k).padStart(3, "0")}`),
    "zed",
  ].sort();
  const counts = terms.map((t, k) => t.endsWith("7") ? 100 + k : 1);
  const partCounts = terms.map((_, k) => k % 5);
  const data = { ...dictionaryData(terms, counts), partCounts } as SearchIndexData;
  const split = splitDictionary(data, 256);
  const [from, end] = runOf(split.edge.dictionaryRanges!.firsts, "vec");
  assert.ok(end - from > 10, `the terms of "vec" span ${end - from} ranges`);
  const read: number[] = [];
  const reader = createRangeReader(
    split.edge.dictionaryRanges!,
    true,
    (k) => (read.push(k), Promise.resolve(JSON.parse(JSON.stringify(split.ranges[k])))),
  );
  const dictionary = createRangedDictionary(reader);
  const whole = createDictionary(terms, counts, partCounts);
  const planned = (d: Dictionary) =>
    d.completions("vec").map((t) => [t, d.find(t), d.has(t), d.dfOf(t), d.partsOf(t)]);
  assert.deepEqual(await answer(dictionary, reader, () => planned(dictionary)), planned(whole));
  assert.deepEqual(read, [from], "only the range the prefix falls in");
  // A term of no table still waits for its own range.
  const other = terms[from + 200]!;
  assert.ok(!whole.completions("vec").includes(other));
  assert.deepEqual(dictionary.attempt(() => dictionary.dfOf(other)).missing.length, 1);
  // A table whose entries are not places and counts, or places outside the range the term falls
  // in, is refused when read.
  const [first] = Object.keys(split.ranges[from]!.completionTerms!);
  const own = whole.find(first!);
  for (const wrong of [[-1, 2, 3], [0, 2, 3], [own + 0.5, 2, 3], [own, 2], [own, 2, -1]]) {
    const bad = JSON.parse(JSON.stringify(split.ranges[from]));
    bad.completionTerms[first!] = wrong;
    const refusing = createRangeReader(
      split.edge.dictionaryRanges!,
      true,
      () => Promise.resolve(bad),
    );
    await assert.rejects(refusing.load([from]), /is not the one the index names/, `${wrong}`);
  }
});

Deno.test("dictionary completions: tables that disagree on a term's place give the counts of the entry it was found by", () => {
  // "bzz" falls in range 2 (places 4 and 5), never read; the tables of the ranges its prefixes
  // "" and "b" fall in disagree (shards not built together).
  const loaded: (TermRange | undefined)[] = [
    { terms: ["a", "ab"], counts: [1, 1], completionTerms: { bzz: [4, 1] } },
    undefined,
    undefined,
    undefined,
  ];
  const dictionary = createRangedDictionary({
    size: 8,
    starts: [0, 2, 4, 6],
    firsts: ["a", "b", "bz", "c"],
    completionRuns: 2,
    range: (r) => loaded[r],
  });
  assert.deepEqual(dictionary.attempt(() => [dictionary.find("bzz"), dictionary.dfOf("bzz")]), {
    value: [4, 1],
    missing: [],
  });
  // The table of the longer prefix, read now, is asked first: its place is not the one found.
  loaded[1] = { terms: ["b", "bb"], counts: [1, 1], completionTerms: { bzz: [5, 9] } };
  assert.equal(dictionary.dfOf("bzz"), 1);
});
