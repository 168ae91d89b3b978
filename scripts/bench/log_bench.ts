/**
 * `deno task bench` (request log): what the request log costs one request, with every field
 * Shelf logs — the entry (`logEntry`: timestamp, duration, method, path, status, JSON-RPC method
 * and tool), its JSON line (`logLine`) and its share of the batched write (`createLogSink`, to a
 * writer that takes the bytes as stderr would). Measured in-process over 200,000 requests per
 * round (median of five rounds); docs/performance.md sets it against the CPU a whole
 * request costs under `wrk`.
 *
 * Usage: deno run -A scripts/bench/log_bench.ts (writes dist/bench/log.json)
 *
 * @module
 */
import { createLogSink } from "../../src/transport/log_sink.ts";
import { logEntry } from "../../src/transport/middleware.ts";
import { median } from "./median.ts";
import { machine } from "./search_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const REQUESTS = 200_000;
const ROUNDS = 5;

/** Microseconds the log adds to one request: median of {@link ROUNDS} rounds. */
export async function logCostMicros(requests = REQUESTS, rounds = ROUNDS): Promise<number> {
  let written = 0;
  const sink = createLogSink({
    write: (bytes) => Promise.resolve((written += bytes.length, bytes.length)),
    writeSync: (bytes) => bytes.length,
  });
  const results: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    for (let i = 0; i < requests; i++) {
      sink(logEntry("POST", "/mcp", 200, performance.now(), "tools/call", "get_article"));
      // The sink writes on a timer; letting it run now and then keeps its buffer realistic.
      if (i % 500 === 499) await sink.flushed();
    }
    await sink.flushed();
    results.push((performance.now() - t0) * 1000 / requests);
  }
  if (written === 0) throw new Error("the sink wrote nothing");
  return median(results);
}

if (import.meta.main) {
  const micros = await logCostMicros();
  const report = { date: new Date().toISOString(), machine: await machine(), micros };
  await Deno.mkdir(`${ROOT}dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}dist/bench/log.json`, JSON.stringify(report, null, 2));
  console.log(`request log: ${micros.toFixed(2)} µs per request (entry, line, batched write)`);
}
