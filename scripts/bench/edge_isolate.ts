/**
 * One cold edge isolate as Netlify runs a site's function (`shards_bench.ts`): a fresh Deno
 * process with the unpacked eszip's own import map and nothing else (see `runUnpackedArgs`),
 * `Netlify.env` giving the site's `URL` (a local {@link countingServer} standing in for the CDN),
 * the function imported and called as Netlify calls it. Times the import and the first search
 * (wall and CPU, `Deno.cpuUsage`: the whole process, every thread) and keeps its error answer if
 * it is one, tells the server where the cold part ends, then asks the other questions warm (each
 * timed, wall and CPU, and its fetches counted: those the server saw arrive while it ran; an error
 * answer untimed) and reports the live heap after a collection.
 *
 * @module
 */
import { runUnpackedArgs } from "../../tests/netlify/netlify_bundle.ts";
import type { countingServer } from "./counting_server.ts";

/** The harness a fresh process runs beside an unpacked eszip (`isolate.js`). */
export const ISOLATE_HARNESS = `
const [site, questionsFile] = Deno.args;
const questions = JSON.parse(await Deno.readTextFile(questionsFile));
globalThis.Netlify = {
  env: {
    get: (name) => (name === "URL" ? site : undefined),
    has: (name) => name === "URL",
    toObject: () => ({ URL: site }),
  },
};
// Deno loads its fetch classes on first use; an edge runtime has, before it calls a function.
{
  const warm = new Request("http://warm.invalid/", { method: "POST", body: "{}" });
  await warm.text();
  await new Response(new Uint8Array(2), { headers: { "content-type": "application/json" } })
    .arrayBuffer();
}
const next = () => Promise.resolve(new Response(null, { status: 404 }));
const request = (query, id) => {
  const text = JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call",
    params: { name: "search", arguments: { query } } });
  return new Request(site + "/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": String(new TextEncoder().encode(text).length),
      "mcp-protocol-version": "2025-11-25",
    },
    body: text,
  });
};
const answer = async (res) => {
  const body = await res.json();
  if (!body.result || body.result.isError) return { error: JSON.stringify(body).slice(0, 300) };
  return { hits: body.result.structuredContent?.results?.length ?? 0 };
};
const cpu = () => { const u = Deno.cpuUsage(); return (u.user + u.system) / 1000; };
// The CPU of the isolate's own thread (the main thread, where Deno runs the function), as the
// server reads it from the kernel: the process's less V8's compiler and collector threads and
// Deno's I/O threads. Asked outside the timed spans (a fetch costs the asker some CPU).
const mainCpu = async () =>
  Number(await (await fetch(site + "/__cpu?pid=" + Deno.pid)).text()) / 1e6;
const first = request(questions[0], 1);
const main0 = await mainCpu();
const cpu0 = cpu();
const t0 = performance.now();
const { functions } = await import("./stage2.js");
const handle = (req) => functions.mcp(req, { url: new URL(req.url), waitUntil: () => {}, next });
const t1 = performance.now();
const cpu1 = cpu();
const cold = await answer(await handle(first));
const t2 = performance.now();
const cpu2 = cpu();
const main2 = await mainCpu();
await (await fetch(site + "/__mark")).body?.cancel();
const main3 = await mainCpu();
let warmCpuSum = 0;
const warm = [];
const warmCpu = [];
const spans = [];
const errors = [];
for (const [i, query] of questions.slice(1).entries()) {
  const req = request(query, i + 2);
  const c = cpu();
  const t = performance.now();
  const out = await answer(await handle(req));
  const end = performance.now();
  // An error answer is no search: its times are left out (null).
  warm.push(out.error ? null : end - t);
  warmCpu.push(out.error ? null : cpu() - c);
  warmCpuSum += cpu() - c;
  spans.push([performance.timeOrigin + t, performance.timeOrigin + end]);
  if (out.error) errors.push(query + ": " + out.error);
}
// Over all warm questions (each asked per question would add a fetch's CPU to each).
const warmMainCpuMs = (await mainCpu()) - main3;
globalThis.gc?.();
console.log(JSON.stringify({
  importMs: t1 - t0, importCpuMs: cpu1 - cpu0,
  coldWallMs: t2 - t0, coldCpuMs: cpu2 - cpu0, hits: cold.hits, coldError: cold.error,
  coldMainCpuMs: main2 - main0, warmMainCpuMs, warmCpuMs: warmCpuSum,
  warm, warmCpu, spans, errors: errors.slice(0, 3), errorCount: errors.length,
  heapMB: Deno.memoryUsage().heapUsed / 1e6, rssMB: Deno.memoryUsage().rss / 1e6,
}));
Deno.exit(0);
`;

/** What one isolate measured (times in ms). */
export interface IsolateRun {
  importMs: number;
  importCpuMs: number;
  /** Import and first search, wall. */
  coldWallMs: number;
  /** Import and first search, CPU of the whole process. */
  coldCpuMs: number;
  /**
   * Import and first search, CPU of the isolate's own thread (the main thread, read by the
   * server from `/proc`: the whole process's less V8's background compiler and collector threads
   * and Deno's I/O threads), plus one fetch's answer to the isolate; NaN where there is no /proc.
   */
  coldMainCpuMs: number;
  /** The warm questions' CPU on the isolate's own thread, all of them (see `coldMainCpuMs`). */
  warmMainCpuMs: number;
  /** The warm questions' CPU of the whole process, all of them, errors included. */
  warmCpuMs: number;
  hits: number;
  /** The first search's error answer (its times then say nothing of a search). */
  coldError?: string;
  /** Each warm question's time (null: it answered an error). */
  warm: (number | null)[];
  /** Each warm question's CPU, of the whole process (null: it answered an error). */
  warmCpu: (number | null)[];
  /**
   * Each warm question's fetches: the files whose request reached the server while it ran (those
   * it started in the background included; null: it answered an error).
   */
  warmFetches: (number | null)[];
  errors: string[];
  errorCount: number;
  /** The function's own log of its first failures (a line and the top of its stack each). */
  logged: string[];
  heapMB: number;
  rssMB: number;
  /** Fetches and bytes up to the first answer (as stored, and gzipped). */
  coldFetches: number;
  coldBytes: number;
  coldGzipBytes: number;
}

/**
 * Writes the harness into `unpacked` (an eszip unpacked by `bundleAndUnpack`) and runs one fresh
 * isolate: `questions[0]` cold, the rest warm, against `server` (reset first).
 */
export async function runIsolate(
  unpacked: string,
  server: ReturnType<typeof countingServer>,
  questions: string[],
): Promise<IsolateRun> {
  await Deno.writeTextFile(`${unpacked}/isolate.js`, ISOLATE_HARNESS);
  const file = `${unpacked}/questions.json`;
  await Deno.writeTextFile(file, JSON.stringify(questions));
  server.reset();
  const args = runUnpackedArgs(unpacked, "isolate.js", [
    "--allow-net=127.0.0.1",
    `--allow-read=${unpacked}`,
    "--v8-flags=--expose-gc",
  ]);
  const child = await new Deno.Command(Deno.execPath(), {
    args: [...args, server.url, file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(child.stderr);
  if (!child.success) throw new Error(`isolate failed (${child.code}): ${stderr.slice(-800)}`);
  const result = JSON.parse(new TextDecoder().decode(child.stdout).trim().split("\n").at(-1)!);
  // What the function logged of its failures (the first three, with the top of their stacks).
  const logged = stderr.split("\n");
  const failures = logged.flatMap((line, i) =>
    line.includes("[shelf]") && /error/i.test(line) ? [logged.slice(i, i + 4).join("\n")] : []
  );
  const cold = server.served.slice(0, server.marked ?? server.served.length);
  const { spans, ...measured } = result as { spans: [number, number][] } & IsolateRun;
  return {
    ...measured,
    warmFetches: spans.map(([from, to], i) =>
      measured.warm[i] === null
        ? null
        : server.served.filter((f) => f.at >= from && f.at <= to).length
    ),
    logged: failures.slice(0, 3),
    coldFetches: cold.length,
    coldBytes: cold.reduce((sum, f) => sum + f.bytes, 0),
    coldGzipBytes: await server.gzipBytes(cold),
  };
}
