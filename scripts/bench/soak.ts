/**
 * `deno task soak`: 64 concurrent clients mixing every tool (all five profiles) against a
 * listening Shelf over asdlc for 60 seconds (`--seconds N`) after a 15-second warm-up. Passes
 * with zero errors and the heap, after garbage collection, back within 10% of its post-warm-up
 * level; it is also read every 10 seconds to show whether it plateaus or climbs. Runs in one
 * process with `--expose-gc` so the heap can be settled before each reading. The p50/p99 shown
 * are the worst of the 10-second chunks.
 *
 * @module
 */
import { createApp } from "../../src/app.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { load } from "./fetch_load.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const seconds = Number(Deno.args[Deno.args.indexOf("--seconds") + 1] || 60) || 60;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc (deno task soak does)");

const { manifest } = await buildFromFolders({
  server: { name: "soak", version: "1" },
  sources: [{ name: "docs", description: "asdlc", path: `${ROOT}../shared/corpora/asdlc` }],
  settings: { profiles: ["articles", "acdc", "sections", "mcp-serve", "techdoc"] },
  warnings: [],
});
const app = createApp({
  stores: createStoreCache({ load: () => manifest }),
  sse: { channel: null },
});
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
const url = `http://127.0.0.1:${server.addr.port}/mcp`;

const docs = manifest.documents;
const words = [
  "context",
  "agent",
  "spec",
  "review",
  "loop",
  "adversarail",
  "model",
  "pattern",
  "gates",
];
let n = 0;
const pick = <T>(xs: readonly T[]) => xs[n++ % xs.length]!;
const calls: (() => [string, Record<string, unknown>])[] = [
  () => ["list_articles", { limit: 20 }],
  () => {
    // One document's category and slug (two picks would pair different documents: not found).
    const doc = pick(docs);
    return ["get_article", { slug: `${doc.category}/${doc.slug}` }];
  },
  () => ["search_articles", { query: pick(words) }],
  () => ["search", { query: `${pick(words)} ${pick(words)}` }],
  () => ["read", { uri: pick(docs).uri }],
  () => ["list_documentation_files", {}],
  () => ["table_of_contents", { filename: pick(docs).filename }],
  () => ["search_documents", { query: pick(words), limit: 5 }],
  () => ["search_documentation", { query: pick(words), max_results: 5 }],
  () => ["get_document", { document_id: pick(docs).path }],
];
const body = () => {
  const [name, args] = pick(calls)();
  return JSON.stringify({
    jsonrpc: "2.0",
    id: n,
    method: "tools/call",
    params: { name, arguments: args },
  });
};

const heap = () => {
  gc!();
  gc!();
  return Deno.memoryUsage().heapUsed / 1e6;
};
// Warm-up long enough for every per-store cache (lists, term memo, JIT) to fill.
await load(url, body, 64, 15_000);
const warm = heap();
const series: number[] = [];
let requests = 0;
let errors = 0;
const latencies: { p50: number; p99: number }[] = [];
for (let left = seconds; left > 0; left -= 10) {
  const chunk = await load(url, body, 64, Math.min(10, left) * 1000);
  requests += chunk.requests;
  errors += chunk.errors;
  latencies.push({ p50: chunk.p50, p99: chunk.p99 });
  series.push(Math.round(heap() * 10) / 10);
}
const result = {
  requests,
  errors,
  rps: requests / seconds,
  p50: Math.max(...latencies.map((l) => l.p50)),
  p99: Math.max(...latencies.map((l) => l.p99)),
};
const after = series[series.length - 1]!;
const growth = (after - warm) / warm;
console.log(JSON.stringify({
  seconds,
  concurrency: 64,
  requests: result.requests,
  rps: Math.round(result.rps),
  p50: result.p50,
  p99: result.p99,
  errors: result.errors,
  heapAfterWarmupMB: Math.round(warm * 10) / 10,
  heapEvery10sMB: series,
  heapAfterSoakMB: Math.round(after * 10) / 10,
  growth: `${(growth * 100).toFixed(1)}%`,
}));
await server.shutdown();
app.shutdown();
if (result.errors > 0 || growth > 0.1) {
  console.error("soak failed: errors or heap growth over 10%");
  Deno.exit(1);
}
