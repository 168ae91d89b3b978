/**
 * What a cold isolate of a sharded build reads of every document before its first answer: the
 * bytes of the edge manifest's and the edge index's shards, the CPU time to parse (and unpack)
 * them through the shard loaders, and the CPU time to make the content store and the search
 * engine over them — each measured in a fresh process (V8 single-threaded, so the process's CPU
 * time is the isolate's), the shards already in memory (no I/O counted). The medians of `runs`.
 *
 * Usage: deno run -A scripts/bench/shards_parse.ts EDGE_DIR SHARDS_DIR [runs]
 *
 * (`EDGE_DIR/edge-manifest.json` is the root; `SHARDS_DIR` is `dist/_shelf/shards` of the build.)
 *
 * @module
 */
import process from "node:process";
import { createContentStore } from "../../src/content/content_store.ts";
import { createSearchEngine } from "../../src/search/search_engine.ts";
import { importSearchIndex } from "../../src/search/search_index.ts";
import { detailRows } from "../../src/shards/detail_columns.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import type { ShardRoot } from "../../src/shards/shard_root.ts";
import { shardedLoaders } from "../../src/shards/sharded_loaders.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { median } from "./median.ts";

const [edgeDir, shardsDir, runsArg, child] = Deno.args as [string, string, string?, string?];
const root: ShardRoot = JSON.parse(await Deno.readTextFile(`${edgeDir}/edge-manifest.json`))
  .shards;

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

if (child === "--child") {
  const bytes = new Map<string, Uint8Array>();
  for (const name of [...root.manifest, ...root.index]) {
    bytes.set(name, await Deno.readFile(`${shardsDir}/${name}`));
  }
  const source = shardSource("memory", async (name) => {
    return bytes.get(name) ?? await Deno.readFile(`${shardsDir}/${name}`);
  });
  const loaders = shardedLoaders(root, createShardReader(source));
  let at = process.cpuUsage();
  const manifest = await loaders.manifest();
  const data = await loaders.index(root.contentHash);
  const parseMs = cpuMs(at);
  at = process.cpuUsage();
  const store = createContentStore(manifest, {
    bodyChunk: loaders.bodyChunk,
    detailRange: { read: loaders.detailRange, rows: detailRows },
  });
  createSearchEngine(
    store,
    importSearchIndex(data!, {
      postingsChunk: loaders.postingsChunk,
      dictionaryRange: loaders.dictionaryRange,
      statsRange: loaders.statsRange,
      namesRange: loaders.namesRange,
    }),
  );
  const engineMs = cpuMs(at);
  console.log(JSON.stringify({ parseMs, engineMs }));
  Deno.exit(0);
}

let manifestBytes = 0;
let indexBytes = 0;
for (const name of root.manifest) manifestBytes += (await Deno.stat(`${shardsDir}/${name}`)).size;
for (const name of root.index) indexBytes += (await Deno.stat(`${shardsDir}/${name}`)).size;
const runs: { parseMs: number; engineMs: number }[] = [];
for (let run = 0; run < Number(runsArg ?? 7); run++) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--single-threaded",
      new URL(import.meta.url).pathname,
      edgeDir,
      shardsDir,
      "1",
      "--child",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr).slice(-800));
  runs.push(JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!));
}
console.log(JSON.stringify({
  layout: root.layout,
  manifestKB: Math.round(manifestBytes / 1024),
  indexKB: Math.round(indexBytes / 1024),
  parseCpuMs: Math.round(median(runs.map((r) => r.parseMs))),
  storeAndEngineCpuMs: Math.round(median(runs.map((r) => r.engineMs))),
  runs: runs.length,
}));
