/**
 * Names in ranges of names (`name_ranges.ts`): the exact-name rule over the names a plan's ranges
 * give is the rule over every document's names, whatever the names, the plan and the ranges' size.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createNameRanges, splitNames } from "../../src/search/name_ranges.ts";
import type { QueryPlan } from "../../src/search/query_planner.ts";
import { createNameRule } from "../../src/search/ranking_rules.ts";

const TERMS = ["page", "pages", "bundl", "chmod", "chmo", "option", "x"];

/** A document's names: a title of analyzed words, maybe `\n` and a file name. */
const names = fc.tuple(
  fc.array(fc.constantFrom(...TERMS), { maxLength: 3 }),
  fc.option(fc.array(fc.constantFrom(...TERMS), { minLength: 1, maxLength: 3 })),
).map(([title, file]) => {
  const t = title.join(" ");
  const f = file?.join(" ");
  return f === undefined || f === t ? t : `${t}\n${f}`;
});

/** A plan of one to three terms, each with some of the terms as expansions (factors 1, 0.5, 0.8). */
const plans = fc.array(
  fc.tuple(
    fc.constantFrom(...TERMS),
    fc.subarray(TERMS),
    fc.constantFrom(1, 0.5, 0.8),
  ),
  { minLength: 1, maxLength: 3 },
).map((terms): QueryPlan => {
  const unique = [...new Map(terms.map((t) => [t[0], t])).values()];
  return {
    terms: unique.map(([t]) => t),
    words: unique.length,
    expansions: new Map(
      unique.map(([t, more, factor]) => [
        t,
        new Map([[t, 1], ...more.filter((m) => m !== t).map((m) => [m, factor] as const)]),
      ]),
    ),
    unmatched: [],
  };
});

Deno.test("name ranges: the exact-name rule over a plan's names found in ranges is the rule over every name", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(names, { minLength: 1, maxLength: 40 }),
      plans,
      fc.integer({ min: 1, max: 300 }),
      async (list, plan, chars) => {
        const { data, ranges } = splitNames(list, chars);
        const reads: number[] = [];
        const ranged = createNameRanges(data, (k) => (reads.push(k), Promise.resolve(ranges[k])));
        await ranged.load(plan);
        const titleLengths = list.map((n) => {
          const title = n.split("\n")[0]!;
          return title === "" ? 0 : title.split(" ").length;
        });
        const whole = createNameRule({ names: list, titleLengths });
        const found = createNameRule({ namesFor: ranged.namesFor });
        for (let n = 0; n < list.length; n++) {
          assert.deepEqual({ ...found(n, plan) }, { ...whole(n, plan) }, `${n}: ${list[n]}`);
        }
        assert.ok(reads.length <= ranges.length);
        assert.deepEqual(await ranged.all(list.length), list);
      },
    ),
    { numRuns: 300 },
  );
});
