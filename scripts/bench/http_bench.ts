/**
 * `deno task bench` (HTTP part): Shelf against the official SDK peer (`peer_server.ts`) over
 * loopback, on the same manifest, in the same run. For each corpus and for `tools/call`
 * `get_article`, `search`, `list_articles` and `tools/list` at concurrency 1, 16 and 64:
 * requests per second and latency p50/p99, the two servers alternated row by row, each row
 * after a warm-up. Also: cold start (fresh process → first answered `tools/call`), resident
 * memory after the load, and manifest + index size against Netlify's 20 MB bundle limit.
 * The load generator keeps `concurrency` requests in flight with a pool of `fetch` loops.
 *
 * Writes `dist/bench/http.json`. Usage: deno run -A scripts/bench/http_bench.ts [--quick]
 *
 * @module
 */
import { percentile } from "./search_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const OUT = `${ROOT}dist/bench`;
const quick = Deno.args.includes("--quick");
const WARMUP_MS = quick ? 300 : 1000;
const MEASURE_MS = quick ? 1000 : 3000;
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
 * A response counts as an error unless it is 200 and carries a JSON-RPC `result`.
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
        if (res.status !== 200 || !text.includes('"result"')) errors++;
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

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

interface Running {
  url: string;
  pid: number;
  coldMs: number;
  stop(): Promise<void>;
}

/** Starts a server process and waits for its first answered `tools/call` (the cold start). */
async function start(
  kind: "shelf" | "peer",
  manifestFile: string,
  probe: string,
): Promise<Running> {
  const port = freePort();
  const args = kind === "shelf"
    ? ["run", "-A", `${ROOT}src/main.ts`, "--manifest", manifestFile, "--port", String(port)]
    : ["run", "-A", `${ROOT}scripts/bench/peer_server.ts`, manifestFile, String(port)];
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${port}/mcp`;
  for (;;) {
    try {
      const res = await fetch(url, { method: "POST", headers: HEADERS, body: probe });
      const text = await res.text();
      if (res.status === 200 && text.includes('"result"')) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - t0 > 120_000) throw new Error(`${kind} did not start`);
  }
  const coldMs = performance.now() - t0;
  return {
    url,
    pid: child.pid,
    coldMs,
    async stop() {
      child.kill();
      await child.status;
    },
  };
}

async function rssMB(pid: number): Promise<number> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const call = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

async function benchCorpus(name: string) {
  const dir = `${OUT}/${name}/_shelf`;
  const manifestFile = `${dir}/manifest.json`;
  const manifest = JSON.parse(await Deno.readTextFile(manifestFile));
  const sizes = {
    manifestBytes: (await Deno.stat(manifestFile)).size,
    indexBytes: (await Deno.stat(`${dir}/index.json`)).size,
  };
  let queries: string[];
  try {
    queries = JSON.parse(await Deno.readTextFile(`${ROOT}tests/eval/fixtures/${name}.json`)).cases
      .map((c: { query: string }) => c.query);
  } catch {
    queries = ["deploy manifest", "search index", "stream buffer", "permission token", "workflow"];
  }
  const paths: string[] = manifest.documents.slice(0, 50).map((d: { path: string }) => d.path);
  let n = 0;
  const ops: Record<string, () => string> = {
    get_article: () => call(n, "get_article", { slug: paths[n++ % paths.length] }),
    search: () => call(n, "search", { query: queries[n++ % queries.length] }),
    list_articles: () => call(n++, "list_articles", {}),
    "tools/list": () => JSON.stringify({ jsonrpc: "2.0", id: n++, method: "tools/list" }),
  };
  const probe = call(0, "get_article", { slug: paths[0] });
  const shelf = await start("shelf", manifestFile, probe);
  const peer = await start("peer", manifestFile, probe);
  const rows = [];
  try {
    for (const [op, body] of Object.entries(ops)) {
      for (const concurrency of [1, 16, 64]) {
        const result: Record<string, LoadResult> = {};
        // Alternate who goes first so neither always gets the warmer machine.
        const order = (rows.length % 2 === 0
          ? [["shelf", shelf], ["peer", peer]]
          : [["peer", peer], ["shelf", shelf]]) as [string, Running][];
        for (const [who, server] of order) {
          await load(server.url, body, concurrency, WARMUP_MS);
          result[who] = await load(server.url, body, concurrency, MEASURE_MS);
        }
        rows.push({
          op,
          concurrency,
          shelf: result.shelf!,
          peer: result.peer!,
          ratio: result.shelf!.rps / result.peer!.rps,
        });
        console.error(
          `  ${name} ${op} c=${concurrency}: ${result.shelf!.rps.toFixed(0)} vs ${
            result.peer!.rps.toFixed(0)
          } rps`,
        );
      }
    }
    return {
      corpus: name,
      documents: manifest.documents.length,
      ...sizes,
      cold: { shelfMs: shelf.coldMs, peerMs: peer.coldMs },
      rssMB: { shelf: await rssMB(shelf.pid), peer: await rssMB(peer.pid) },
      rows,
    };
  } finally {
    await shelf.stop();
    await peer.stop();
  }
}

if (import.meta.main) {
  const corpora = Deno.args.filter((a) => !a.startsWith("--"));
  const names = corpora.length > 0 ? corpora : ["asdlc", "hugo-docs", "tldr", "synthetic-50k"];
  const results = [];
  for (const name of names) {
    console.error(`HTTP benchmark: ${name}`);
    results.push(await benchCorpus(name));
  }
  const { machine } = await import("./search_bench.ts");
  const report = { date: new Date().toISOString(), machine: await machine(), quick, results };
  await Deno.writeTextFile(`${OUT}/http.json`, JSON.stringify(report, null, 2));
  const f0 = (x: number) => x.toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  console.log(
    `machine: ${report.machine.cpu}, ${report.machine.cores} cores, Deno ${report.machine.deno}`,
  );
  console.log(
    "| corpus | op | conc. | Shelf rps | peer rps | ratio | Shelf p50 / p99 | peer p50 / p99 | errors |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    for (const row of r.rows) {
      console.log(
        `| ${r.corpus} | ${row.op} | ${row.concurrency} | ${f0(row.shelf.rps)} | ${
          f0(row.peer.rps)
        } | ` +
          `${f1(row.ratio)}× | ${f1(row.shelf.p50)} / ${f1(row.shelf.p99)} ms | ${
            f1(row.peer.p50)
          } / ${f1(row.peer.p99)} ms | ` +
          `${row.shelf.errors} / ${row.peer.errors} |`,
      );
    }
  }
  console.log(
    "\n| corpus | docs | cold start Shelf / peer | RSS after load Shelf / peer | manifest + index (raw) vs 20 MB |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    const total = (r.manifestBytes + r.indexBytes) / 1e6;
    console.log(
      `| ${r.corpus} | ${r.documents} | ${f0(r.cold.shelfMs)} / ${f0(r.cold.peerMs)} ms | ${
        f0(r.rssMB.shelf)
      } / ${f0(r.rssMB.peer)} MB | ` +
        `${total.toFixed(1)} MB ${total > 20 ? "(over)" : "(fits)"} |`,
    );
  }
}
