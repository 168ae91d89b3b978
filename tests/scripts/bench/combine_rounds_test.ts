import assert from "node:assert/strict";
import { combineRounds, median, type RunResult } from "../../../scripts/bench/combine_rounds.ts";

const run = (rps: number, cpuUs?: number, errors = 0): RunResult => ({
  rps,
  p50: rps / 1000,
  p99: rps / 100,
  requests: rps * 2,
  errors,
  ...(cpuUs === undefined ? {} : { cpuUs }),
});

Deno.test("median takes the middle of finite values only", () => {
  assert.equal(median([5]), 5);
  assert.equal(median([9, 1, 5]), 5);
  assert.equal(median([1, 2, 3, 10]), 2.5);
  assert.equal(median([Infinity, 2, NaN]), 2);
  assert.ok(Number.isNaN(median([NaN])));
});

Deno.test("one slow run of one server does not move the row's ratio", () => {
  const row = combineRounds([
    { shelf: run(600, 30), peer: run(100, 300), ceiling: run(1000, 20) },
    { shelf: run(200, 90), peer: run(100, 300), ceiling: run(1000, 20) },
    { shelf: run(300, 35), peer: run(50, 300), ceiling: run(500, 20) },
  ]);
  assert.equal(row.rounds, 3);
  assert.equal(row.perCeiling, 0.6); // rounds 0.6, 0.2, 0.6
  assert.equal(row.perPeer, 6); // rounds 6, 2, 6
  assert.equal(row.cpuPerCeiling, 20 / 35); // rounds 0.67, 0.22, 0.57
  assert.equal(row.cpuPerPeer, 300 / 35);
  assert.equal(row.shelf.rps, 300);
  assert.equal(row.shelf.cpuUs, 35);
  assert.equal(row.ceiling.rps, 1000);
  assert.equal(row.shelf.requests, 2200);
});

Deno.test("errors add up over the rounds; one round is that round", () => {
  const one = combineRounds([{ shelf: run(10, 1, 2), peer: run(5, 2, 1), ceiling: run(20, 1) }]);
  assert.deepEqual(one.shelf, run(10, 1, 2));
  assert.equal(one.perCeiling, 0.5);
  const two = combineRounds([
    { shelf: run(10, 1, 2), peer: run(5, 2), ceiling: run(20, 1) },
    { shelf: run(10, 1, 3), peer: run(5, 2), ceiling: run(20, 1) },
  ]);
  assert.equal(two.shelf.errors, 5);
});

Deno.test("a peer that answers nothing has no factor, and runs without CPU times none", () => {
  const row = combineRounds([
    { shelf: run(10), peer: run(0), ceiling: run(20) },
    { shelf: run(12), peer: run(0.5), ceiling: run(20) },
  ]);
  assert.equal(row.perPeer, null);
  assert.equal(row.shelf.cpuUs, undefined);
  assert.ok(Number.isNaN(row.cpuPerCeiling));
  assert.throws(() => combineRounds([]), /no rounds/);
});
