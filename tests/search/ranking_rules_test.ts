import assert from "node:assert/strict";
import { memoStats } from "../../src/remembered.ts";
import { createNameRule, NAME_TERMS_BYTES } from "../../src/search/ranking_rules.ts";

Deno.test("name rule: the names it splits stay within their byte bound however many documents it checks, and a document checked again after they start over gets the same bonus", () => {
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
  const held = () => {
    const memos = memoStats().filter((m) => m.name === "index: name terms");
    assert.ok(memos.length > 0, "the rule keeps its split names in a bounded memo");
    return Math.max(...memos.map((m) => m.bytes));
  };
  const first: boolean[] = [];
  for (let round = 0; round < 2; round++) {
    for (let n = 0; n < total; n++) {
      const { exact } = rule(n, plan);
      if (round === 0) first.push(exact);
      else assert.equal(exact, first[n]);
    }
    assert.ok(held() <= NAME_TERMS_BYTES, `${held()} > ${NAME_TERMS_BYTES}`);
  }
  assert.equal(first.filter(Boolean).length, total / 10);
});
