/**
 * `deno task bench` (HTTP part): Shelf, the official SDK peer (`peer_server.ts`) and the
 * ceiling (`ceiling_server.ts`: a bare `Deno.serve` answering Shelf's own bytes) on the same
 * manifest, driven by `wrk` (a C load generator in its own process; installed from Debian's
 * packages when missing) over loopback. Rows: `tools/call` `get_article`, `read`, `search`,
 * `search (fresh)` ({@link FRESH_OP}), `search_articles`, `list_articles`, and `tools/list`, at
 * concurrency 1, 16 and 64. In each row every server is warmed up, then three rounds (one with
 * `--quick`) run the three servers one after the other in a rotating order; each server's runs
 * of a row go on through its bodies where the run before stopped. The row keeps medians over the
 * rounds, its ratios the medians of each round's own (`combine_rounds.ts`).
 *
 * Errors are counted, not assumed away: wrk reports non-2xx answers and socket errors, and
 * before each row every distinct request body is sent once to each server and its answer
 * checked (200, a JSON-RPC `result`, no `isError`; the fresh row checks questions of its own) —
 * a separate request rather than a wrk response hook, which would cost wrk enough CPU to skew
 * the ratios. Shelf runs with its request log on (to /dev/null), as deployed.
 *
 * Writes `dist/bench/http.json` (a `--quick` or partial run writes `http-partial.json` instead,
 * so a full run's file is not replaced by a few rows) and prints a markdown table.
 * Usage: deno run -A scripts/bench/http_bench.ts [--quick] [--ops=op,op…] [corpus …]
 * (`--ops` keeps only the rows named, e.g. `--ops="search (fresh),tools/list"`)
 *
 * @module
 */
import { machine } from "./search_bench.ts";
import { SEARCH_CACHE_BOUNDS } from "../../src/tools/result_cache.ts";
import { freshQueries } from "./fresh_queries.ts";
import { BENCH_OUT, benchManifestFile } from "./bench_corpus.ts";
import { combineRounds, type Round, type RunResult } from "./combine_rounds.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const OUT = BENCH_OUT;
const quick = Deno.args.includes("--quick");
const onlyOps = Deno.args.find((a) => a.startsWith("--ops="))?.slice("--ops=".length).split(",");
const WARMUP_S = 1;
/** Seconds of each measured run, and interleaved rounds per row (see `combine_rounds.ts`). */
const MEASURE_S = 2;
const ROUNDS = quick ? 1 : 3;
const CONCURRENCY = quick ? [16] : [1, 16, 64];
const HEADERS: Record<string, string> = {
  "content-type": "application/json",
  "accept": "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};
const KINDS = ["shelf", "peer", "ceiling"] as const;
type Kind = typeof KINDS[number];

/** One wrk run; `sent`: bodies the script handed wrk (reported by its `done`). */
export type WrkResult = RunResult & { sent?: number };

export async function ensureWrk(): Promise<string> {
  const which = await new Deno.Command("sh", { args: ["-c", "command -v wrk"], stdout: "piped" })
    .output();
  if (which.code === 0) return new TextDecoder().decode(which.stdout).trim();
  console.error("wrk not found: installing Debian's wrk package");
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  const install = await new Deno.Command(sudo[0] ?? "apt-get", {
    args: [...(sudo.length ? ["apt-get"] : []), "install", "-y", "wrk"],
    stdout: "null",
  }).output();
  if (install.code !== 0) throw new Error("could not install wrk (apt-get install wrk)");
  return "wrk";
}

/** Parses wrk's `--latency` report (its `Latency Distribution` and totals). */
export function parseWrk(text: string): Omit<WrkResult, "errors"> & { errors: number } {
  const ms = (v: string, unit: string) =>
    Number(v) * (unit === "us" ? 1e-3 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 1);
  const pct = (p: number) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, "m").exec(text);
    return m ? ms(m[1]!, m[2]!) : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const sent = /^bodies sent: (\d+)$/m.exec(text);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN),
    p50: pct(50),
    p99: pct(99),
    requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
    errors: non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    ...(sent ? { sent: Number(sent[1]) } : {}),
  };
}

/**
 * Where the next run of a cycled row starts in its `count` bodies: after the last body of this
 * run, which started at `start` and sent `sent` (so that the runs of a row together send the
 * bodies in one unbroken cycle).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nextStart } from "./http_bench.ts";
 * assert.equal(nextStart(0, 5, 8), 5);
 * assert.equal(nextStart(5, 5, 8), 2);
 * ```
 */
export function nextStart(start: number, sent: number, count: number): number {
  return (start + sent) % count;
}

/**
 * A wrk Lua script that cycles through `bodies`, each formatted once in `init`. It starts after
 * the body given as the script's argument (`wrk … script url -- 5` sends the sixth first; none:
 * the first) and prints `bodies sent: <n>` at the end (wrk's one thread), so that the next run
 * can go on where this one stopped ({@link nextStart}).
 */
export function luaScript(bodies: string[], extra: Record<string, string> = {}): string {
  const long = (s: string) => {
    let level = "=";
    while (s.includes(`]${level}]`)) level += "=";
    return `[${level}[${s}]${level}]`;
  };
  const headers = Object.entries({ ...HEADERS, ...extra }).map(([k, v]) => `["${k}"] = "${v}"`)
    .join(", ");
  return `local bodies = { ${bodies.map(long).join(",\n")} }
local reqs = {}
local threads = {}
i = 0
sent = 0
setup = function(thread)
  table.insert(threads, thread)
end
init = function(args)
  for k, b in ipairs(bodies) do
    reqs[k] = wrk.format("POST", "/mcp", { ${headers} }, b)
  end
  i = (tonumber(args[1]) or 0) % #reqs
end
request = function()
  i = i % #reqs + 1
  sent = sent + 1
  return reqs[i]
end
done = function(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write("bodies sent: " .. thread:get("sent") .. "\\n")
  end
end
`;
}

/** A process's CPU time so far (user + system, all threads), in µs; NaN where /proc is missing. */
export async function cpuTimeUs(pid: number): Promise<number> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/** A {@link WrkResult.cpuUs} for a table: whole µs, "n/a" when the run answered nothing. */
export const cpuText = (us: number | undefined): string =>
  us === undefined || !Number.isFinite(us) ? "n/a" : us.toFixed(0);

/**
 * Runs wrk against `url` with a {@link luaScript} starting after body `start`; with the server's
 * `pid`, also its CPU time per request.
 */
export async function wrk(
  bin: string,
  url: string,
  script: string,
  c: number,
  seconds: number,
  pid?: number,
  start = 0,
): Promise<WrkResult> {
  const cpu0 = pid === undefined ? NaN : await cpuTimeUs(pid);
  const out = await new Deno.Command(bin, {
    args: [
      ...["-t", "1", "-c", String(c), "-d", `${seconds}s`, "--latency", "-s", script, url],
      ...["--", String(start)],
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  const result: WrkResult = parseWrk(text);
  if (pid !== undefined && result.requests > 0) {
    result.cpuUs = ((await cpuTimeUs(pid)) - cpu0) / result.requests;
  }
  return result;
}

/** Sends each body once; returns the answers and how many were not a clean result. */
export async function check(url: string, bodies: string[], extra: Record<string, string> = {}) {
  let failed = 0;
  const answers: [string, string, string][] = [];
  for (const body of new Set(bodies)) {
    const res = await fetch(url, { method: "POST", headers: { ...HEADERS, ...extra }, body });
    const text = await res.text();
    let ok = res.status === 200;
    try {
      // The SDK peer answers as a one-event SSE stream: its message is the `data:` line.
      const sse = res.headers.get("content-type")?.startsWith("text/event-stream");
      const json = JSON.parse(sse ? /^data: (.*)$/m.exec(text)?.[1] ?? "" : text);
      ok &&= json.result !== undefined && json.result.isError !== true;
    } catch {
      ok = false;
    }
    if (!ok) failed++;
    answers.push([body, text, res.headers.get("content-type") ?? "application/json"]);
  }
  return { failed, answers };
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** A server process started by {@link start}. */
export interface Running {
  url: string;
  pid: number;
  coldMs: number;
  stop(): Promise<void>;
}

/**
 * Starts a server process (`deno <args> <port>`, in `cwd`) and waits until `probe` is answered
 * with a result (sent with `extra` headers, such as a server's credentials).
 */
export async function start(
  args: string[],
  probe: string,
  cwd = ROOT,
  extra: Record<string, string> = {},
): Promise<Running> {
  const port = freePort();
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args, String(port)],
    cwd,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${port}/mcp`;
  for (;;) {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { ...HEADERS, ...extra },
        body: probe,
      });
      if (res.status === 200 && (await res.text()).includes('"result"')) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - t0 > 120_000) throw new Error(`${args.join(" ")} did not start`);
  }
  return {
    url,
    pid: child.pid,
    coldMs: performance.now() - t0,
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

/**
 * The row of searches that are all new to the server: more distinct questions than its answer
 * cache holds or remembers as asked (`result_cache.ts`: an answer is kept when its question
 * comes again among the last `maxEntries`), sent in one unbroken cycle over all the row's runs
 * (each run starts where the one before stopped, {@link nextStart}), so each question was
 * forgotten before it comes back and every request is a search. The row's checks use questions
 * of their own, outside the cycle. The other search rows repeat at most 32 questions and, after
 * the warm-up, measure answers from the cache.
 *
 * Until 2026-11-25 every wrk run started the cycle again at its first question and the checks
 * asked a hundred of the cycle's: questions came back while still remembered, were kept, and
 * were answered from the cache from then on. Replaying the runs of that day's full benchmark
 * through the cache: 28–41% of the row's requests on asdlc, hugo-docs and tldr (c = 16 and 64;
 * tldr c = 1: 5%), 52–100% on synthetic-50k (see `tests/scripts/bench/http_bench_test.ts`).
 */
export const FRESH_OP = "search (fresh)";
/** Questions in the fresh row's cycle. */
export const FRESH_QUESTIONS = SEARCH_CACHE_BOUNDS.maxEntries + 1000;
/** Questions of the fresh row checked before each concurrency's runs (not in the cycle). */
export const FRESH_CHECKED = 100;

/**
 * The request bodies of each row for a manifest (32 distinct bodies per op at most, but the fresh
 * row), and the fresh row's checks: one set per concurrency, outside its cycle.
 */
async function opsFor(name: string, manifest: {
  documents: { path: string; category: string; slug: string; uri: string; title: string }[];
}): Promise<{ ops: Record<string, string[]>; freshChecks: string[][] }> {
  let queries: string[];
  try {
    queries = JSON.parse(await Deno.readTextFile(`${ROOT}tests/eval/fixtures/${name}.json`)).cases
      .map((c: { query: string }) => c.query);
  } catch {
    queries = ["deploy manifest", "search index", "stream buffer", "permission token", "workflow"];
  }
  const docs = manifest.documents.slice(0, 32);
  const qs = queries.slice(0, 32);
  const fresh = freshQueries(
    queries,
    manifest.documents.slice(0, 2000).map((d) => d.title),
    FRESH_QUESTIONS + CONCURRENCY.length * FRESH_CHECKED,
  ).map((q, i) => call(i, "search", { query: q }));
  const ops = {
    get_article: docs.map((d, i) => call(i, "get_article", { slug: d.path })),
    read: docs.map((d, i) => call(i, "read", { uri: d.uri })),
    search: qs.map((q, i) => call(i, "search", { query: q })),
    [FRESH_OP]: fresh.slice(0, FRESH_QUESTIONS),
    search_articles: qs.map((q, i) => call(i, "search_articles", { query: q })),
    list_articles: [call(1, "list_articles", {})],
    "tools/list": [JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })],
  };
  const freshChecks = CONCURRENCY.map((_, k) =>
    fresh.slice(FRESH_QUESTIONS + k * FRESH_CHECKED, FRESH_QUESTIONS + (k + 1) * FRESH_CHECKED)
  );
  return { ops, freshChecks };
}

async function benchCorpus(bin: string, name: string) {
  const manifestFile = await benchManifestFile(name);
  const manifest = JSON.parse(await Deno.readTextFile(manifestFile));
  const { ops: allOps, freshChecks } = await opsFor(name, manifest);
  const ops = Object.fromEntries(
    Object.entries(allOps).filter(([op]) => onlyOps === undefined || onlyOps.includes(op)),
  );
  if (Object.keys(ops).length === 0) throw new Error(`no rows named ${onlyOps?.join(", ")}`);
  const probe = allOps.get_article![0]!;
  const scripts = await Deno.makeTempDir({ prefix: "shelf-wrk-" });
  const servers: Partial<Record<Kind, Running>> = {};
  try {
    servers.shelf = await start(
      ["run", "-A", `${ROOT}src/main.ts`, "--manifest", manifestFile, "--port"],
      probe,
    );
    // The ceiling answers Shelf's exact bytes for every body of every row: the bytes Shelf sends
    // during the row. A repeated question's answer is kept from its second asking and sent from
    // then on in ASCII (`responseText` in codec.ts), where its first answer is its JSON as made:
    // every row's bodies but the fresh row's (never asked twice, never kept) are asked twice and
    // the second answer recorded. The fresh row's checks come last: its cycle, recorded first,
    // has been forgotten by the time the row starts it again.
    const answers = [];
    // The probe that tells a server has started (whichever rows run; with `get_article` it is
    // recorded twice, to the same answer).
    answers.push(...(await check(servers.shelf.url, [probe])).answers);
    for (const [op, bodies] of Object.entries(ops)) {
      if (op !== FRESH_OP) await check(servers.shelf.url, bodies);
      answers.push(...(await check(servers.shelf.url, bodies)).answers);
    }
    if (ops[FRESH_OP]) {
      answers.push(...(await check(servers.shelf.url, freshChecks.flat())).answers);
    }
    await Deno.writeTextFile(`${scripts}/answers.json`, JSON.stringify(answers));
    servers.ceiling = await start(
      ["run", "-A", `${ROOT}scripts/bench/ceiling_server.ts`, `${scripts}/answers.json`],
      probe,
    );
    servers.peer = await start(
      ["run", "-A", `${ROOT}scripts/bench/peer_server.ts`, manifestFile],
      probe,
    );
    const rows = [];
    for (const [op, bodies] of Object.entries(ops)) {
      const script = `${scripts}/${op.replace("/", "_")}.lua`;
      await Deno.writeTextFile(script, luaScript(bodies));
      // Each server's runs of the row send its bodies in one cycle, each run going on where the
      // one before stopped (what keeps the fresh row's questions new).
      const cursor: Record<Kind, number> = { shelf: 0, peer: 0, ceiling: 0 };
      const run = async (kind: Kind, c: number, seconds: number, pid?: number) => {
        const result = await wrk(bin, servers[kind]!.url, script, c, seconds, pid, cursor[kind]);
        if (result.sent === undefined) throw new Error("wrk's script did not say what it sent");
        cursor[kind] = nextStart(cursor[kind], result.sent, bodies.length);
        return result;
      };
      for (const [level, c] of CONCURRENCY.entries()) {
        const checked = op === FRESH_OP ? freshChecks[level]! : bodies;
        const failed: Record<Kind, number> = { shelf: 0, peer: 0, ceiling: 0 };
        for (const kind of KINDS) {
          failed[kind] = (await check(servers[kind]!.url, checked)).failed;
          await run(kind, c, WARMUP_S);
        }
        const rounds: Round[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const round: Partial<Round> = {};
          const turn = (rows.length + r) % KINDS.length;
          for (const kind of [...KINDS.slice(turn), ...KINDS.slice(0, turn)]) {
            round[kind] = await run(kind, c, MEASURE_S, servers[kind]!.pid);
          }
          rounds.push(round as Round);
        }
        const combined = combineRounds(rounds);
        for (const kind of KINDS) combined[kind].errors += failed[kind];
        rows.push({ op, concurrency: c, ...combined });
        console.error(
          `  ${name} ${op} c=${c}: shelf ${combined.shelf.rps.toFixed(0)}, peer ${
            combined.peer.rps.toFixed(0)
          }, ceiling ${combined.ceiling.rps.toFixed(0)} rps (medians of ${ROUNDS}), Shelf/ceiling ${
            (combined.perCeiling * 100).toFixed(0)
          }%`,
        );
      }
    }
    return {
      corpus: name,
      documents: manifest.documents.length,
      cold: { shelfMs: servers.shelf.coldMs, peerMs: servers.peer.coldMs },
      rssMB: { shelf: await rssMB(servers.shelf.pid), peer: await rssMB(servers.peer.pid) },
      rows,
    };
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    await Deno.remove(scripts, { recursive: true });
  }
}

if (import.meta.main) {
  const bin = await ensureWrk();
  const corpora = Deno.args.filter((a) => !a.startsWith("--"));
  const names = corpora.length > 0 ? corpora : ["asdlc", "hugo-docs", "tldr", "synthetic-50k"];
  const results = [];
  for (const name of names) {
    console.error(`HTTP benchmark (wrk): ${name}`);
    results.push(await benchCorpus(bin, name));
  }
  const report = { date: new Date().toISOString(), machine: await machine(), quick, results };
  await Deno.mkdir(OUT, { recursive: true });
  const full = !quick && corpora.length === 0 && onlyOps === undefined;
  const file = `${OUT}/${full ? "http" : "http-partial"}.json`;
  await Deno.writeTextFile(file, JSON.stringify(report, null, 2));
  const f0 = (x: number) => x.toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  console.log(
    `machine: ${report.machine.cpu}, ${report.machine.cores} cores, Deno ${report.machine.deno}; ` +
      `wrk -t1, ${ROUNDS} × ${MEASURE_S} s per server and row, medians, ${report.date}`,
  );
  console.log(
    "| corpus | op | c | Shelf rps | peer rps | ceiling rps | Shelf/peer | Shelf/ceiling | Shelf p50 / p99 ms | CPU µs/request S/P/C | CPU ceiling/Shelf | errors S/P/C |",
  );
  console.log(
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const r of results) {
    for (const row of r.rows) {
      const { shelf, peer, ceiling } = row;
      console.log(
        `| ${r.corpus} | ${row.op} | ${row.concurrency} | ${f0(shelf.rps)} | ${f0(peer.rps)} | ${
          f0(ceiling.rps)
        } | ${row.perPeer === null ? "n/a" : `${f1(row.perPeer)}×`} | ${
          (row.perCeiling * 100).toFixed(0)
        }% | ${f1(shelf.p50)} / ${f1(shelf.p99)} | ${cpuText(shelf.cpuUs)}/${cpuText(peer.cpuUs)}/${
          cpuText(ceiling.cpuUs)
        } | ${
          (row.cpuPerCeiling * 100).toFixed(0)
        }% | ${shelf.errors}/${peer.errors}/${ceiling.errors} |`,
      );
    }
  }
  console.log(
    "\n| corpus | docs | start to first answer Shelf / peer | RSS after load Shelf / peer |",
  );
  console.log("| --- | ---: | ---: | ---: |");
  for (const r of results) {
    console.log(
      `| ${r.corpus} | ${r.documents} | ${f0(r.cold.shelfMs)} / ${f0(r.cold.peerMs)} ms | ${
        f0(r.rssMB.shelf)
      } / ${f0(r.rssMB.peer)} MB |`,
    );
  }
}
