import assert from "node:assert/strict";
import { cpuText, cpuTimeUs, parseWrk } from "../../../scripts/bench/http_bench.ts";

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
