import assert from "node:assert/strict";
import { memoStats } from "../../src/remembered.ts";
import { createNameRule } from "../../src/search/ranking_rules.ts";

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
