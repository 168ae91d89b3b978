import assert from "node:assert/strict";
import fc from "fast-check";
import {
  cpuText,
  cpuTimeUs,
  FRESH_CHECKED,
  FRESH_QUESTIONS,
  luaScript,
  nextStart,
  parseWrk,
} from "../../../scripts/bench/http_bench.ts";
import { createResultCache, SEARCH_CACHE_BOUNDS } from "../../../src/tools/result_cache.ts";

const REPORT = `Running 2s test @ http://127.0.0.1:9000/mcp
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   612.00us  1.20ms  30.00ms   95.00%
  Latency Distribution
     50%  450.00us
     75%  600.00us
     90%    1.10ms
     99%    4.20ms
  58123 requests in 2.00s, 540.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  29061.50
Transfer/sec:    270.00MB
`;

Deno.test("parseWrk reads rate, percentiles in ms, requests and every kind of error", () => {
  assert.deepEqual(parseWrk(REPORT), {
    rps: 29061.5,
    p50: 0.45,
    p99: 4.2,
    requests: 58123,
    errors: 7,
  });
  assert.equal(parseWrk(`${REPORT}bodies sent: 58140\n`).sent, 58140);
});

Deno.test("luaScript starts after the body given as its argument and reports what it sent", () => {
  const script = luaScript(["{}"]);
  assert.match(script, /i = \(tonumber\(args\[1\]\) or 0\) % #reqs/);
  assert.match(script, /sent = sent \+ 1/);
  assert.match(script, /io\.write\("bodies sent: " \.\. thread:get\("sent"\) \.\. "\\n"\)/);
});

/**
 * Shelf's answer cache for searches over the fresh row of `http_bench.ts` as the benchmark sends
 * it: the cycle recorded once for the ceiling, then the row's checks, then for each concurrency
 * its check set and its runs (warm-up and rounds) of `sent[k]` bodies each, starting where
 * `startOf` says. Returns how many of the runs' questions the cache answered.
 */
function cachedInFreshRow(sent: number[], startOf: (cursor: number) => number): number {
  const cache = createResultCache<object>(SEARCH_CACHE_BOUNDS);
  const owner = {};
  const answer = { content: [{ type: "text" as const, text: "x".repeat(4000) }] };
  const ask = (key: string): boolean => {
    if (cache.get(owner, key)) return true;
    cache.keep(owner, key, { ...answer });
    return false;
  };
  const levels = 3;
  for (let q = 0; q < FRESH_QUESTIONS; q++) ask(`cycle ${q}`);
  for (let q = 0; q < levels * FRESH_CHECKED; q++) ask(`check ${q}`);
  let cursor = 0;
  let cached = 0;
  const runsPerLevel = Math.ceil(sent.length / levels);
  sent.forEach((count, k) => {
    if (k % runsPerLevel === 0) {
      const level = k / runsPerLevel;
      for (let q = 0; q < FRESH_CHECKED; q++) ask(`check ${level * FRESH_CHECKED + q}`);
    }
    const start = startOf(cursor);
    for (let j = 0; j < count; j++) if (ask(`cycle ${(start + j) % FRESH_QUESTIONS}`)) cached++;
    cursor = nextStart(start, count, FRESH_QUESTIONS);
  });
  return cached;
}

Deno.test("the fresh row's questions are never answered from Shelf's cache, however long its runs", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 3, maxLength: 12 }),
      (sent) => {
        assert.equal(cachedInFreshRow(sent, (cursor) => cursor), 0);
      },
    ),
    { numRuns: 40 },
  );
  // Each run starting the cycle again, as until 2026-11-25 (asdlc, c = 16: a one-second warm-up
  // and three rounds of two seconds): more than a third came from the cache.
  const runs = [6_565, 13_130, 13_130, 13_130];
  const cached = cachedInFreshRow([...runs, ...runs, ...runs], () => 0);
  assert.ok(cached > runs.length * 3 * 13_130 * 0.3, `${cached}`);
});

Deno.test("cpuTimeUs counts this process's CPU time and grows while it computes", async () => {
  const before = await cpuTimeUs(Deno.pid);
  assert.ok(Number.isFinite(before) && before > 0);
  // A fixed amount of work (about 60 ms of CPU here), not a wall-clock span: a loaded machine
  // stretches the time, not the CPU it takes. The clock ticks are 10 ms.
  let x = 0;
  for (let i = 0; i < 60_000_000; i++) x += Math.sqrt(i);
  const after = await cpuTimeUs(Deno.pid);
  assert.ok(x > 0 && after - before >= 20_000, `${after - before} µs for the work`);
});

Deno.test("cpuTimeUs is NaN for a process that does not exist", async () => {
  assert.ok(Number.isNaN(await cpuTimeUs(2 ** 30)));
});

Deno.test("cpuText shows whole µs, and n/a for a run that answered nothing", () => {
  assert.equal(cpuText(52.6), "53");
  assert.equal(cpuText(undefined), "n/a");
  assert.equal(cpuText(NaN), "n/a");
});
