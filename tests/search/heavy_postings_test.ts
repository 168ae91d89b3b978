/**
 * The heavy terms a search reads ahead: its words, and the heavy terms they complete to when the
 * planner would keep them all — checked against a plain reading of that rule.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { PREFIX_MAX } from "../../src/search/expansion_rules.ts";
import { heavyPositionsOf, validHeavyPostings } from "../../src/search/heavy_postings.ts";

/** The rule, read plainly: every heavy term, filtered. */
function expected(terms: readonly string[], positions: readonly number[], term: string) {
  const exact = terms.indexOf(term);
  const own = exact >= 0 ? [positions[exact]!] : [];
  if (term.length < 3) return own;
  const run = terms.flatMap((t, k) => t.startsWith(term) ? [positions[k]!] : []);
  return run.length - own.length > PREFIX_MAX ? own : run;
}

Deno.test("heavy postings: a word reads its own heavy term and the few it completes to", () => {
  const letters = fc.stringMatching(/^[ab]{1,6}$/);
  fc.assert(
    fc.property(fc.uniqueArray(letters, { maxLength: 80 }), letters, (words, term) => {
      const terms = [...words].sort();
      const positions = terms.map((_, k) => 3 * k + 1);
      const heavy = { terms, positions };
      assert.ok(validHeavyPostings(heavy, 3 * terms.length + 1));
      assert.deepEqual(heavyPositionsOf(heavy, term), expected(terms, positions, term));
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("heavy postings: the bound on completions counts the completions, not the word", () => {
  const completions = (n: number) => Array.from({ length: n }, (_, k) => `aab${"abcdefghijk"[k]}`);
  for (const n of [PREFIX_MAX - 1, PREFIX_MAX, PREFIX_MAX + 1]) {
    for (const own of [true, false]) {
      const terms = [...(own ? ["aab"] : []), ...completions(n), "b"];
      const positions = terms.map((_, k) => k);
      const heavy = { terms, positions };
      assert.deepEqual(heavyPositionsOf(heavy, "aab"), expected(terms, positions, "aab"), `${n}`);
      assert.equal(heavyPositionsOf(heavy, "aab").length, n > PREFIX_MAX ? +own : n + +own);
    }
  }
});
