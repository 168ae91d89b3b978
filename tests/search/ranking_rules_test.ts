import assert from "node:assert/strict";
import { memoStats } from "../../src/remembered.ts";
import fc from "fast-check";
import { createNameRule, FILE_NAME_SHARE } from "../../src/search/ranking_rules.ts";

Deno.test("name rule: it keeps no document's names however many it checks (it reads them in place), and a document checked again gets the same bonus", () => {
  const total = 30_000;
  // Three-term titles, every tenth one "alpha beta gamma"; file names of three terms too.
  const names = Array.from(
    { length: total },
    (_, n) => n % 10 === 0 ? `alpha beta gamma\nfile ${n} md` : `title number ${n}\nfile ${n} md`,
  );
  const rule = createNameRule({ names, titleLengths: new Array(total).fill(3) });
  const expand = (term: string) => new Map([[term, 1]]);
  const plan = {
    terms: ["alpha", "beta", "gamma"],
    words: 3,
    expansions: new Map(["alpha", "beta", "gamma"].map((t) => [t, expand(t)])),
    unmatched: [],
  };
  // A memo of split names, bounded, is started over by a shelf's worth of names every search
  // (on 100,000 alike pages, most of a warm search's CPU): none is kept.
  const held = () => memoStats().reduce((sum, m) => sum + m.bytes, 0);
  const before = held();
  const first: boolean[] = [];
  for (let round = 0; round < 2; round++) {
    for (let n = 0; n < total; n++) {
      const { exact } = rule(n, plan);
      if (round === 0) first.push(exact);
      else assert.equal(exact, first[n]);
    }
    assert.equal(held(), before);
  }
  assert.equal(first.filter(Boolean).length, total / 10);
});

/**
 * The rule as it was written before it read names in place: each name split into its terms, a
 * document considered when its name field's length or its file name's term count is the query's,
 * each of its names of the query's length scored by its terms' expansion factors.
 */
function splitNameRule(names: readonly string[], titleLengths: readonly number[]) {
  return (doc: number, plan: { terms: string[]; expansions: Map<string, Map<string, number>> }) => {
    const wanted = plan.terms.length;
    const [title = "", file] = names[doc]!.split("\n");
    const fileTerms = file === undefined ? -1 : file.split(" ").length;
    let bonus = 1;
    let exact = false;
    if (titleLengths[doc] !== wanted && fileTerms !== wanted) return { bonus, exact };
    for (const [which, name] of [title, file].entries()) {
      if (name === undefined) continue;
      const terms = name === "" ? [] : name.split(" ");
      if (terms.length !== wanted) continue;
      let factor = 1;
      for (let i = 0; i < wanted; i++) {
        factor *= plan.expansions.get(plan.terms[i]!)?.get(terms[i]!) ?? 0;
      }
      if (factor === 1) exact = true;
      if (factor > 0) bonus = Math.max(bonus, 1 + (which === 0 ? 1 : FILE_NAME_SHARE) * factor);
    }
    return { bonus, exact };
  };
}

Deno.test("name rule: the same bonus as when names were split, whichever of a document's names has the query's length or first term (a name field's length may differ from its title's terms)", () => {
  const term = fc.constantFrom("page", "pages", "bundl", "config", "hugo", "x");
  const name = fc.array(term, { maxLength: 3 }).map((ts) => ts.join(" "));
  const doc = fc.record({
    title: name,
    file: fc.option(fc.array(term, { minLength: 1, maxLength: 3 }).map((ts) => ts.join(" "))),
    // The name field's length: usually the title's, sometimes not (other analysis).
    skew: fc.constantFrom(0, 0, 0, 1, -1),
  });
  const query = fc.array(
    fc.tuple(term, fc.array(fc.tuple(term, fc.constantFrom(1, 0.5)), { maxLength: 3 })),
    { minLength: 1, maxLength: 3 },
  );
  fc.assert(
    fc.property(
      fc.array(doc, { minLength: 1, maxLength: 12 }),
      fc.array(query, { minLength: 1, maxLength: 3 }),
      (docs, queries) => {
        const names = docs.map((d) => d.file === null ? d.title : `${d.title}\n${d.file}`);
        const titleLengths = docs.map((d) =>
          Math.max(0, (d.title === "" ? 0 : d.title.split(" ").length) + d.skew)
        );
        const rule = createNameRule({ names, titleLengths });
        const expected = splitNameRule(names, titleLengths);
        // One rule for every query in turn, each document checked twice (its counts kept).
        for (const q of [...queries, ...queries]) {
          const plan = {
            terms: q.map(([t]) => t),
            words: q.length,
            expansions: new Map(q.map(([t, more]) => [t, new Map([...more, [t, 1] as const])])),
            unmatched: [],
          };
          for (let n = 0; n < docs.length; n++) {
            assert.deepEqual({ ...rule(n, plan) }, expected(n, plan), `doc ${n}: ${names[n]}`);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});
