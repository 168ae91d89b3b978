/**
 * "Did you mean" names (`src/tools/closest.ts`): the pruned search gives exactly the `n` best of
 * the plain definition — every candidate scored (the last segment's edits × 100 plus the whole
 * string's, each capped), sorted by cost then code-unit order — over random names.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { closest, levenshtein } from "../../src/tools/closest.ts";

/** The definition, scored in full: every pair of letters of every name. */
function plainDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = up;
    }
  }
  return row[b.length]!;
}

function plainClosest(candidates: readonly string[], target: string, n: number): string[] {
  const t = target.toLowerCase();
  const tailOf = (s: string) => s.slice(s.lastIndexOf("/") + 1);
  return candidates.map((c) => {
    const lc = c.toLowerCase();
    const cost = Math.min(plainDistance(tailOf(t), tailOf(lc)), 12) * 100 +
      Math.min(plainDistance(t, lc), 40);
    return { c, cost };
  }).sort((a, b) => a.cost - b.cost || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .slice(0, n).map((x) => x.c);
}

// Short names over few letters (many ties, many shared last segments) and long ones (the caps).
const letter = fc.constantFrom("a", "b", "c", "/", ".", "A", "é");
const shortName = fc.array(letter, { maxLength: 9 }).map((l) => l.join(""));
const longName = fc.array(letter, { minLength: 30, maxLength: 70 }).map((l) => l.join(""));
const name = fc.oneof(shortName, shortName, longName);

Deno.test("closest: the n best of the plain definition, ties in code-unit order", () => {
  fc.assert(
    fc.property(
      fc.array(name, { maxLength: 40 }),
      name,
      fc.integer({ min: 1, max: 5 }),
      (c, t, n) => {
        assert.deepEqual(closest(c, t, n), plainClosest(c, t, n));
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("levenshtein: the distance below the cap, the cap at or above it", () => {
  fc.assert(
    fc.property(name, name, fc.integer({ min: 0, max: 50 }), (a, b, cap) => {
      assert.equal(levenshtein(a, b, cap), Math.min(plainDistance(a, b), cap));
    }),
    { numRuns: 2000 },
  );
});
