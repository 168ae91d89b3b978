/**
 * Retrieval quality gate: runs `deno task eval` in-process and fails on regression. Floors sit a
 * little under the measured values (see README, Search quality) so ranking changes that lose
 * relevant documents are caught; Shelf must stay ahead of the ASDLC substring baseline and not
 * fall behind MiniSearch by more than the measured gap.
 */
import assert from "node:assert/strict";
import { evaluate, formatScores } from "../../scripts/eval.ts";

const FLOORS: Record<
  string,
  { recall1: number; recall3: number; recall10: number; mrr: number; passed: number }
> = {
  asdlc: { recall1: 0.8, recall3: 0.95, recall10: 0.95, mrr: 0.87, passed: 25 },
  "hugo-docs": { recall1: 0.5, recall3: 0.8, recall10: 0.95, mrr: 0.67, passed: 17 },
  tldr: { recall1: 0.5, recall3: 0.75, recall10: 0.95, mrr: 0.64, passed: 19 },
};

Deno.test("retrieval evaluation: at least 60 cases, floors hold, baselines compared", async () => {
  const results = await evaluate();
  console.log(formatScores(results));
  let cases = 0;
  for (const [corpus, floor] of Object.entries(FLOORS)) {
    const r = results[corpus];
    assert.ok(r, `no fixture for ${corpus}`);
    const shelf = r.shelf!;
    cases += shelf.cases;
    assert.ok(shelf.recall1 >= floor.recall1, `${corpus} recall@1 ${shelf.recall1}`);
    assert.ok(shelf.mrr >= floor.mrr, `${corpus} MRR ${shelf.mrr}`);
    assert.ok(shelf.recall3 >= floor.recall3, `${corpus} recall@3 ${shelf.recall3}`);
    assert.ok(shelf.recall10 >= floor.recall10, `${corpus} recall@10 ${shelf.recall10}`);
    assert.ok(
      shelf.passed >= floor.passed,
      `${corpus} rules ${shelf.passed}: ${shelf.failures.join("; ")}`,
    );
    assert.ok(
      shelf.recall3 >= r["asdlc-substring"]!.recall3,
      `${corpus}: behind the substring baseline`,
    );
    assert.ok(shelf.recall3 >= r.minisearch!.recall3 - 0.05, `${corpus}: far behind MiniSearch`);
    assert.ok(shelf.mrr >= r.lunr!.mrr, `${corpus}: behind lunr on MRR`);
  }
  assert.ok(cases >= 60, `${cases} cases`);
});
