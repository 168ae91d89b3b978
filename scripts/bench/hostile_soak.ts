/**
 * `deno task soak:hostile`: 8 concurrent clients against a listening Shelf over asdlc for 60
 * seconds (`--seconds N`), every other request one of the worst known (`hostile_bench.ts`
 * CASES: 1,000-character unknown-word searches, 100-message batches, whole-corpus
 * `include_content`, 3,000-deep ids, 50,000 file types) and the rest ordinary tool calls. Prints the process's RSS
 * and its heap after garbage collection every 10 seconds, to show whether memory settles.
 * Fails if any answer is not HTTP 200 or if the heap after the run is over twice its level
 * after the first 10 seconds.
 *
 * @module
 */
import { createApp } from "../../src/app.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { CASES, withCaseTools } from "./hostile_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const seconds = Number(Deno.args[Deno.args.indexOf("--seconds") + 1] || 60) || 60;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc (deno task soak:hostile does)");

const { manifest } = await buildFromFolders({
  server: { name: "soak", version: "1" },
  sources: [{ name: "docs", description: "asdlc", path: `${ROOT}../shared/corpora/asdlc` }],
  settings: {},
  warnings: [],
});
const served = withCaseTools(manifest);
const app = createApp({ stores: createStoreCache({ load: () => served }) });
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
const url = `http://127.0.0.1:${server.addr.port}/mcp`;
const docs = manifest.documents;
let n = 0;
const ordinary = () => {
  const doc = docs[n % docs.length]!;
  const calls: [string, Record<string, unknown>][] = [
    ["get_article", { slug: `${doc.category}/${doc.slug}` }],
    ["search", { query: "context engineering" }],
    ["list_articles", { limit: 20 }],
    ["read", { uri: doc.uri }],
  ];
  const [name, args] = calls[n % calls.length]!;
  return {
    body: { jsonrpc: "2.0", id: n, method: "tools/call", params: { name, arguments: args } },
  };
};
const next = () => {
  n++;
  return n % 2 === 0 ? ordinary() : CASES[n % CASES.length]!;
};

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const readings: { s: number; rssMB: number; heapMB: number; requests: number }[] = [];
let requests = 0;
let bad = 0;
const end = performance.now() + seconds * 1000;
const sampler = (async () => {
  for (let s = 10; s <= seconds; s += 10) {
    await new Promise((r) => setTimeout(r, 10_000));
    gc!();
    const m = Deno.memoryUsage();
    readings.push({ s, rssMB: mb(m.rss), heapMB: mb(m.heapUsed), requests });
    console.log(JSON.stringify(readings.at(-1)));
  }
})();
await Promise.all(Array.from({ length: 8 }, async () => {
  while (performance.now() < end) {
    const c = next();
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "mcp-protocol-version": "version" in c && c.version ? c.version : "2025-11-25",
      },
      body: JSON.stringify(c.body),
    });
    await res.arrayBuffer();
    requests++;
    if (res.status !== 200) bad++;
  }
}));
await sampler;
await server.shutdown();
app.shutdown();
const first = readings[0]!.heapMB;
const last = readings.at(-1)!.heapMB;
console.log(
  JSON.stringify({ seconds, requests, non200: bad, heapFirstMB: first, heapLastMB: last }),
);
if (bad > 0 || last > first * 2) {
  console.error("hostile soak failed: non-200 answers or the heap more than doubled");
  Deno.exit(1);
}
