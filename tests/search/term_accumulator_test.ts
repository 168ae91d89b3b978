/**
 * The accumulation pass against a plain reference (maps, one term at a time), over random
 * postings and plans, searched one after another on the same accumulator: each search's tally
 * is that search's alone once the previous one was cleared as the scoring pass clears it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { QueryPlan } from "../../src/search/query_planner.ts";
import { createTermAccumulator, type Tally } from "../../src/search/term_accumulator.ts";
import type { TermScores } from "../../src/search/term_scores.ts";

const TOTAL = 12;
const DICTIONARY = ["a", "b", "c", "d", "e"];

/** A term's scores: some documents, each once, with a sum; some of them (or others) in the head. */
const termScores = fc.record({
  docs: fc.uniqueArray(fc.integer({ min: 0, max: TOTAL - 1 }), { maxLength: TOTAL }),
  head: fc.uniqueArray(fc.integer({ min: 0, max: TOTAL - 1 }), { maxLength: 4 }),
  sums: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: TOTAL, maxLength: TOTAL }),
}).map(({ docs, head, sums }): TermScores => ({
  docs: Int32Array.from(docs),
  sums: Float64Array.from(docs.map((_, i) => sums[i]! / 4)),
  head: Int32Array.from(head),
}));

/** A plan of query terms (some not in the dictionary), each reaching some dictionary terms. */
const plan = fc.record({
  terms: fc.uniqueArray(fc.constantFrom(...DICTIONARY, "x", "y"), { minLength: 1, maxLength: 5 }),
  reach: fc.array(
    fc.array(fc.tuple(fc.constantFrom(...DICTIONARY), fc.constantFrom(1, 0.5, 0.25)), {
      maxLength: 3,
    }),
    { minLength: 5, maxLength: 5 },
  ),
  words: fc.integer({ min: 0, max: 5 }),
}).map(({ terms, reach, words }): QueryPlan => ({
  terms,
  words: Math.min(words, terms.length),
  expansions: new Map(terms.map((t, i) => [t, new Map(reach[i]!)])),
  unmatched: [],
}));

/** What the tally should hold, computed term by term with maps. */
function reference(
  p: QueryPlan,
  scores: Map<string, TermScores>,
  idf: (t: string) => number,
  filter: (n: number) => boolean,
) {
  const docs = new Map<
    number,
    { score: number; matched: number; coverage: number; terms: number; exact: number }
  >();
  const heads = new Map<number, number>();
  p.terms.forEach((term, i) => {
    const best = new Map<number, { v: number; exact: boolean }>();
    const head = new Set<number>();
    const exactIdf = scores.has(term) ? idf(term) : Infinity;
    for (const [t, factor] of p.expansions.get(term) ?? []) {
      const s = scores.get(t);
      if (!s) continue;
      if (i < p.words) { for (const n of s.head) if (filter(n)) head.add(n); }
      s.docs.forEach((n, j) => {
        if (!filter(n)) return;
        const v = s.sums[j]! * Math.min(idf(t), exactIdf) * factor;
        const b = best.get(n) ?? { v: 0, exact: false };
        best.set(n, { v: Math.max(b.v, v), exact: b.exact || factor === 1 });
      });
    }
    for (const [n, { v, exact }] of best) {
      const d = docs.get(n) ?? { score: 0, matched: 0, coverage: 0, terms: 0, exact: 0 };
      d.score += v;
      d.matched++;
      if (i < p.words) d.coverage += exact ? 1 : 0.5;
      d.terms |= i < 32 ? 1 << i : 0;
      d.exact |= exact ? 1 : 0;
      docs.set(n, d);
    }
    for (const n of head) heads.set(n, (heads.get(n) ?? 0) + 1);
  });
  return { docs, heads };
}

/** The tally as the reference writes it, then cleared as the scoring pass clears it. */
function readAndClear(tally: Tally) {
  const docs = new Map<
    number,
    { score: number; matched: number; coverage: number; terms: number; exact: number }
  >();
  for (let i = 0; i < tally.count; i++) {
    const n = tally.docs[i]!;
    docs.set(n, {
      score: tally.score[n]!,
      matched: tally.matched[n]!,
      coverage: tally.coverage[n]!,
      terms: tally.terms[n]!,
      exact: tally.exactAny[n]!,
    });
    tally.clear(n);
  }
  const heads = new Map<number, number>();
  tally.headWords.forEach((count, n) => count > 0 && heads.set(n, count));
  tally.clearHeads();
  return { docs, heads };
}

Deno.test("term accumulator: each search's tally is the reference's, search after search", () => {
  fc.assert(
    fc.property(
      fc.array(termScores, { minLength: DICTIONARY.length, maxLength: DICTIONARY.length }),
      fc.array(fc.tuple(plan, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 4 }),
      (postings, searches) => {
        const scores = new Map(DICTIONARY.map((t, i) => [t, postings[i]!]));
        const idf = (t: string) => 1 + DICTIONARY.indexOf(t) / 2;
        const accumulate = createTermAccumulator(TOTAL);
        for (const [p, every] of searches) {
          const filter = (n: number) => n % every === 0;
          const tally = accumulate(p, {
            scoresOf: (t) => scores.get(t),
            idf,
            has: (t) => scores.has(t),
            filter: every === 1 ? undefined : filter,
          });
          assert.deepEqual(readAndClear(tally), reference(p, scores, idf, filter));
        }
        const empty = accumulate({ terms: [], words: 0, expansions: new Map(), unmatched: [] }, {
          scoresOf: () => undefined,
          idf,
          has: () => false,
          filter: undefined,
        });
        assert.ok(
          [empty.score, empty.matched, empty.coverage, empty.headWords].every((a) =>
            a.every((v) => v === 0)
          ),
        );
      },
    ),
  );
});
