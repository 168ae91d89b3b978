/**
 * The dictionary in ranges (`dictionary.ts`): a lookup run until no range it needs is missing
 * answers as the whole dictionary does, asks only the ranges it falls in, and no memo keeps an
 * answer made while a range was missing.
 */
import assert from "node:assert/strict";
import {
  createDictionary,
  createRangedDictionary,
  type Dictionary,
  type TermRange,
} from "../../src/search/dictionary.ts";
import { splitDictionary } from "../../src/search/dictionary_ranges.ts";
import { buildSearchIndex } from "../../src/search/search_index.ts";

const WORDS = [
  "build",
  "builder",
  "building",
  "buildx",
  "cache",
  "cached",
  "config",
  "configur",
  "deploi",
  "deploy",
  "deployment",
  "edg",
  "edge",
  "search",
  "searcher",
  "starch",
  "reach",
  "zebra",
];

/** The whole dictionary and one in ranges of `per` terms, none read until `read` says. */
function ranged(per: number) {
  const terms = [...new Set(WORDS)].sort();
  const counts = terms.map((t) => t.length % 4 + 1);
  const whole = createDictionary(terms, counts);
  const all: TermRange[] = [];
  const starts: number[] = [];
  for (let i = 0; i < terms.length; i += per) {
    starts.push(i);
    all.push({ terms: terms.slice(i, i + per), counts: counts.slice(i, i + per) });
  }
  const loaded = new Set<number>();
  const asked: number[] = [];
  const dictionary = createRangedDictionary({
    size: terms.length,
    starts,
    firsts: starts.map((s) => terms[s]!),
    range: (r) => loaded.has(r) ? all[r] : undefined,
  });
  /** Runs `lookups` until nothing is missing, reading what they asked for (recorded in `asked`). */
  const settle = <T>(lookups: (d: Dictionary) => T): T => {
    for (;;) {
      const { value, missing } = dictionary.attempt(() => lookups(dictionary));
      if (missing.length === 0) return value;
      for (const r of missing) {
        assert.ok(!loaded.has(r), `range ${r} asked again once read`);
        asked.push(r);
        loaded.add(r);
      }
    }
  };
  return { terms, whole, dictionary, settle, asked, loaded, starts };
}

Deno.test("dictionary ranges: every lookup, settled, answers as the whole dictionary", () => {
  const probes = [
    "build",
    "biuld",
    "buil",
    "bu",
    "cach",
    "confg",
    "deploi",
    "deplyo",
    "edge",
    "serach",
    "sarch",
    "aaa",
    "zzz",
    "zebr",
  ];
  for (const per of [1, 2, 3, 5, 100]) {
    for (const probe of probes) {
      // A fresh, cold dictionary for each probe: each answer made from nothing read.
      const { whole, settle } = ranged(per);
      const lookups = (d: Dictionary) => ({
        has: d.has(probe),
        find: d.find(probe),
        dfOf: d.dfOf(probe),
        completions: d.completions(probe),
        typos: d.typoVariants(probe, probe),
        suggest: d.suggest(probe, 3),
      });
      assert.deepEqual(settle(lookups), lookups(whole), `${probe}, ${per} a range`);
    }
  }
});

Deno.test("dictionary ranges: a memo never keeps an answer made while a range was missing", () => {
  const { dictionary, whole, loaded } = ranged(2);
  // Nothing read: every answer is empty, and none of them may be kept.
  const cold = dictionary.attempt(() => [
    dictionary.find("deploy"),
    dictionary.completions("deplo"),
    dictionary.typoVariants("deplyo", "deplyo"),
    dictionary.suggest("deplyo", 3),
  ]);
  assert.deepEqual(cold.value, [-1, [], [], []]);
  assert.ok(cold.missing.length > 0);
  for (let r = 0; r < 20; r++) loaded.add(r);
  // Everything read: the same questions get the whole dictionary's answers, not the kept ones.
  assert.equal(dictionary.find("deploy"), whole.find("deploy"));
  assert.deepEqual(dictionary.completions("deplo"), whole.completions("deplo"));
  assert.deepEqual(
    dictionary.typoVariants("deplyo", "deplyo"),
    whole.typoVariants("deplyo", "deplyo"),
  );
  assert.deepEqual(dictionary.suggest("deplyo", 3), whole.suggest("deplyo", 3));
});

Deno.test("dictionary ranges: a lookup asks only the ranges it falls in, and throws outside attempt", () => {
  const { dictionary, settle, asked, terms, starts } = ranged(2);
  const rangeOf = (term: string) => starts.findLastIndex((s) => terms[s]! <= term);
  assert.throws(() => dictionary.find("edge"), /dictionary range \d+ is not read/);
  assert.equal(settle((d) => d.dfOf("edge")), 1);
  assert.deepEqual(asked, [rangeOf("edge")]);
  // A prefix's completions read the ranges its terms may be in: the one where it would be and
  // those starting with it, not the next ("cached" ends a range: the next range's first term,
  // "config", says the run is over).
  asked.length = 0;
  assert.notEqual(rangeOf("config"), rangeOf("cached"));
  assert.deepEqual(settle((d) => d.completions("cach")), ["cached", "cache"]);
  assert.deepEqual(asked, [rangeOf("cach"), rangeOf("cache")]);
  // A word's typos are asked only once its own range says it is rare or unknown: the first
  // attempt asks its range alone.
  asked.length = 0;
  const first = dictionary.attempt(() => dictionary.typoVariants("serach", "serach"));
  assert.deepEqual(first.missing, [rangeOf("serach")]);
  // The suggestions of a word read its first letter's ranges, all at once.
  const b = ranged(1);
  b.settle((d) => d.suggest("biuld", 3));
  assert.deepEqual(b.asked, [0, 1, 2, 3]);
});

Deno.test("dictionary ranges: split from an index, every term and count in one range, in order", async () => {
  const data = await buildSearchIndex(
    WORDS.map((w, i) => ({ id: `d${i}`, name: w, keywords: [], description: "", content: w })),
    "h",
  ).export();
  const { edge, ranges } = splitDictionary(data, 30);
  assert.ok(ranges.length > 3, `${ranges.length} ranges`);
  assert.deepEqual(ranges.flatMap((r) => r.terms), data.terms);
  assert.deepEqual(ranges.flatMap((r) => r.counts), data.counts);
  assert.deepEqual(edge.dictionaryRanges!.firsts, ranges.map((r) => r.terms[0]));
  let at = 0;
  for (const [k, r] of ranges.entries()) {
    assert.equal(edge.dictionaryRanges!.starts[k], at);
    at += r.terms.length;
  }
  assert.equal(edge.dictionaryRanges!.size, data.terms.length);
});
