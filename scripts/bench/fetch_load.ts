/**
 * An in-process load loop (Deno `fetch`) for the soak runs, which watch the server's memory
 * rather than its throughput (throughput is measured with wrk in `http_bench.ts`).
 *
 * @module
 */
import { percentile } from "./search_bench.ts";

const HEADERS = {
  "content-type": "application/json",
  "accept": "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

/** Result of one load run. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/**
 * Keeps `concurrency` POSTs in flight against `url` for `ms` milliseconds and measures each.
 * A response counts as an error unless it is 200 and carries a JSON-RPC `result` that is not
 * an `isError` tool result.
 */
export async function load(
  url: string,
  body: () => string,
  concurrency: number,
  ms: number,
): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        const res = await fetch(url, { method: "POST", headers: HEADERS, body: body() });
        const text = await res.text();
        const failed = !text.includes('"result"') || text.includes('"isError":true');
        if (res.status !== 200 || failed) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: times.length,
    errors,
  };
}
