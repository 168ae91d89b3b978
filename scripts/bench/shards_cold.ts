/**
 * One cold edge isolate, as `shards_bench.ts` runs it in a fresh process: the edge app made from
 * a build's edge module (`edge-manifest.json`, the shard root of a sharded build), its first
 * search timed (wall and CPU) while it reads what it needs from `site` (a local static server
 * standing in for the CDN), then warm searches of other questions, then its heap.
 *
 * Usage: deno run -A scripts/bench/shards_cold.ts EDGE_DIR SITE_URL sharded|today QUERIES_JSON
 *
 * `today` is the engine before shards for a build past the edge budget: the isolate fetches the
 * whole published `/_shelf/manifest.json` and `/_shelf/index.json`.
 *
 * @module
 */
import process from "node:process";
import { createEdgeApp } from "../../src/edge_app.ts";

const [edgeDir, site, mode, queriesFile] = Deno.args as [string, string, string, string];
const queries: string[] = JSON.parse(await Deno.readTextFile(queriesFile));

const ask = async (app: ReturnType<typeof createEdgeApp>, query: string, id: number) => {
  const res = await app.fetch(
    new Request(`${site}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "search", arguments: { query } },
      }),
    }),
  );
  const body = await res.json();
  if (!body.result || body.result.isError) throw new Error(JSON.stringify(body).slice(0, 300));
  return body.result.structuredContent?.results?.length ?? 0;
};

const cpu0 = process.cpuUsage();
const t0 = performance.now();
// What the bundle holds: the module's JSON, parsed as an import would.
const manifest = mode === "today"
  ? { external: "/_shelf/manifest.json" }
  : JSON.parse(await Deno.readTextFile(`${edgeDir}/edge-manifest.json`));
const app = createEdgeApp({
  env: (name) => (name === "URL" ? site : undefined),
  manifest,
  index: () => Promise.resolve({ external: "/_shelf/index.json" }),
});
const hits = await ask(app, queries[0]!, 1);
const coldWallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const coldCpuMs = (cpu.user + cpu.system) / 1000;
// Tells the static server that the cold search is over (it keeps what was fetched until now).
await (await fetch(`${site}/__mark`)).body?.cancel();
const warm: number[] = [];
for (const [i, query] of queries.slice(1).entries()) {
  const t = performance.now();
  await ask(app, query, i + 2);
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))] ?? NaN;
// The live heap: collected first when the bench gives `--expose-gc` (it does).
(globalThis as { gc?: () => void }).gc?.();
console.log(JSON.stringify({
  coldWallMs,
  coldCpuMs,
  hits,
  warmP50: at(0.5),
  warmP99: at(0.99),
  warmQuestions: warm.length,
  heapMB: Deno.memoryUsage().heapUsed / 1e6,
  rssMB: Deno.memoryUsage().rss / 1e6,
}));
app.shutdown();
Deno.exit(0);
