/**
 * `deno task bench` (search part): for asdlc, hugo-docs, tldr and a generated 50,000-document
 * corpus — build time, exported index size (raw and gzip), cold start in a fresh process
 * (module load + index import + first answered `search`), the same with a per-isolate build
 * instead of the import, warm `search` latency p50/p99 through the app (fresh questions, and
 * repeated ones whose answers are remembered), and heap — with
 * MiniSearch (`loadJSON`) measured in the same run as the peer.
 *
 * Writes `dist/bench/search.json` (`search-partial.json` when corpora are named).
 * Usage: deno run -A scripts/bench/search_bench.ts [--quick] [corpus …]
 *
 * @module
 */
import type MiniSearch from "minisearch";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { createApp } from "../../src/app.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { BENCH_OUT, loadCorpus, writeBenchFiles } from "./bench_corpus.ts";
import { buildMiniSearch, MINI_QUERY_OPTIONS } from "./minisearch_peer.ts";
import { median } from "./median.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const OUT = BENCH_OUT;
const quick = Deno.args.includes("--quick");

/** The p-th percentile (0–100) of numbers, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function queriesFor(name: string): Promise<string[]> {
  try {
    const fixture = JSON.parse(await Deno.readTextFile(`${ROOT}tests/eval/fixtures/${name}.json`));
    return fixture.cases.map((c: { query: string }) => c.query);
  } catch {
    return [
      "deploy manifest",
      "search index",
      "stream buffer",
      "kernel thread signal",
      "uplaod",
      "permission token",
      "workflow",
      "schema version",
      "edge cache",
      "parser lexer",
    ];
  }
}

async function coldStart(dir: string, mode: string, query: string, runs: number) {
  const samples: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${ROOT}scripts/bench/cold_search.ts`, dir, mode, query],
      stdout: "piped",
      stderr: "inherit",
      cwd: ROOT,
    }).output();
    samples.push(JSON.parse(new TextDecoder().decode(out.stdout)));
  }
  const pick = (k: string) => median(samples.map((s) => s[k] ?? 0));
  return {
    total: pick("total"),
    afterRead: pick("cpuAfterRead") || pick("index") + pick("firstSearch"),
    modules: pick("modules"),
    heapMB: pick("heapMB"),
  };
}

/**
 * Warm `search` latency through the app, two ways: `fresh` asks the evaluation's queries as new
 * questions every time (each call adds trailing spaces no earlier call had: the same search
 * work, but no remembered answer), `repeated` asks them as they are (answers remembered by
 * `tools/call` after the warm-up, which asks each twice).
 */
async function warm(manifest: Manifest, index: unknown, queries: string[], calls: number) {
  const app = createApp({
    stores: createStoreCache({ load: () => manifest }),
    engines: createEngineCache({ loadPrebuilt: () => Promise.resolve(index as never) }),
  });
  const call = async (query: string) => {
    const res = await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search", arguments: { query } },
      }),
    });
    await res.text();
  };
  const timed = async (list: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      await call(list[i % list.length]!);
      times.push(performance.now() - t);
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  // Warm-up: compiled code, and remembered answers (an answer is kept on its second asking).
  for (let round = 0; round < 2; round++) for (const q of queries) await call(q);
  const fresh = Array.from({ length: calls }, (_, i) => {
    const q = queries[i % queries.length]!;
    return q + " ".repeat(1 + Math.floor(i / queries.length));
  });
  return { fresh: await timed(fresh), repeated: await timed(queries) };
}

function warmMini(mini: MiniSearch, queries: string[], calls: number) {
  const opts = MINI_QUERY_OPTIONS;
  for (const q of queries) mini.search(q, opts);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    mini.search(queries[i % queries.length]!, opts).slice(0, 10);
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function benchCorpus(name: string) {
  const { manifest, ms: manifestMs } = await loadCorpus(name, quick);
  const store = createContentStore(manifest);
  let t = performance.now();
  const index = buildIndexFor(store);
  const buildMs = performance.now() - t;
  const data = await index.export();
  const indexJson = JSON.stringify(data);
  const manifestJson = JSON.stringify(manifest);
  t = performance.now();
  const mini = buildMiniSearch(store);
  const miniBuildMs = performance.now() - t;
  const miniJson = JSON.stringify(mini);
  const dir = `${OUT}/${name}`;
  await writeBenchFiles(name, manifestJson, indexJson);
  await Deno.writeTextFile(`${dir}/minisearch.json`, miniJson);
  const queries = await queriesFor(name);
  const runs = quick ? 1 : 5;
  const coldQuery = queries[0]!;
  const calls = quick ? 200 : manifest.documents.length > 20_000 ? 500 : 2000;
  return {
    corpus: name,
    documents: manifest.documents.length,
    manifestBuildMs: manifestMs,
    manifestBytes: manifestJson.length,
    manifestGzip: await gzipSize(manifestJson),
    shelf: {
      indexBuildMs: buildMs,
      indexBytes: indexJson.length,
      indexGzip: await gzipSize(indexJson),
      coldImport: await coldStart(dir, "import", coldQuery, runs),
      coldBuild: await coldStart(dir, "build", coldQuery, runs),
      warm: await warm(manifest, data, queries, calls),
    },
    minisearch: {
      indexBuildMs: miniBuildMs,
      indexBytes: miniJson.length,
      indexGzip: await gzipSize(miniJson),
      coldLoadJSON: await coldStart(dir, "minisearch", coldQuery, runs),
      warm: warmMini(mini, queries, calls),
    },
  };
}

/** Machine description recorded with the results. */
export async function machine() {
  let cpu = "unknown";
  try {
    cpu = (await Deno.readTextFile("/proc/cpuinfo")).match(/model name\s*:\s*(.+)/)?.[1] ?? cpu;
  } catch { /* not Linux */ }
  return {
    cpu,
    cores: navigator.hardwareConcurrency,
    memoryGB: Math.round(Deno.systemMemoryInfo().total / 2 ** 30),
    deno: Deno.version.deno,
    os: Deno.build.os,
  };
}

if (import.meta.main) {
  const results = [];
  const corpora = Deno.args.filter((a) => !a.startsWith("--"));
  const names = corpora.length > 0 ? corpora : ["asdlc", "hugo-docs", "tldr", "synthetic-50k"];
  for (const name of names) {
    console.error(`benchmarking ${name}…`);
    results.push(await benchCorpus(name));
  }
  const report = { date: new Date().toISOString(), machine: await machine(), quick, results };
  await Deno.mkdir(OUT, { recursive: true });
  // A run of named corpora does not replace a full run's file.
  const file = corpora.length > 0 ? "search-partial.json" : "search.json";
  await Deno.writeTextFile(`${OUT}/${file}`, JSON.stringify(report, null, 2));
  const f = (x: number) => x.toFixed(1);
  const kb = (x: number) => `${(x / 1024).toFixed(0)} KB`;
  console.log(
    `machine: ${report.machine.cpu}, ${report.machine.cores} cores, Deno ${report.machine.deno}`,
  );
  console.log(
    "| corpus | docs | index build | index raw / gzip | cold start, import (after read) | cold start, build | warm p50 / p99, fresh | repeated | heap | MiniSearch loadJSON cold | MiniSearch p50 / p99 | MiniSearch raw / gzip |",
  );
  console.log(
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const r of results) {
    const s = r.shelf;
    const m = r.minisearch;
    console.log(
      `| ${r.corpus} | ${r.documents} | ${f(s.indexBuildMs)} ms | ${kb(s.indexBytes)} / ${
        kb(s.indexGzip)
      } | ` +
        `${f(s.coldImport.total)} ms (${f(s.coldImport.afterRead)} ms) | ${
          f(s.coldBuild.total)
        } ms | ` +
        `${f(s.warm.fresh.p50)} / ${f(s.warm.fresh.p99)} ms | ` +
        `${f(s.warm.repeated.p50)} / ${f(s.warm.repeated.p99)} ms | ${
          f(s.coldImport.heapMB)
        } MB | ` +
        `${f(m.coldLoadJSON.total)} ms | ${f(m.warm.p50)} / ${f(m.warm.p99)} ms | ${
          kb(m.indexBytes)
        } / ${kb(m.indexGzip)} |`,
    );
  }
}
