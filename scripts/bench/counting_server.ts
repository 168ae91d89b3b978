/**
 * The benchmarks' stand-in for a CDN (`shards_bench.ts`, and Pagefind's searches in
 * `pagefind_bench.ts`): a local static server over a folder that waits a fixed delay before each
 * answer and records every file it serves, so that a run can say how many fetches and bytes a
 * search cost — as stored, and gzipped as a CDN would send them (computed after the run, so that
 * compressing does not take the measured process's CPU).
 *
 * @module
 */

/** Content types a browser or Deno needs to accept what is fetched (Wasm by its type). */
const TYPES: Record<string, string> = {
  js: "text/javascript",
  json: "application/json",
  wasm: "application/wasm",
  pagefind: "application/wasm",
  txt: "text/plain",
  md: "text/markdown",
};

/** One served file. */
export interface Served {
  path: string;
  bytes: number;
  /** When its request arrived (ms since the epoch, `performance.timeOrigin` + `now()`). */
  at: number;
}

/** A running counting server. */
export interface CountingServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** What was served since the last {@link CountingServer.reset}. */
  served: Served[];
  /** How many entries of `served` came before the client's `GET /__mark` (its cold part). */
  marked: number | undefined;
  /** Forgets what was served. */
  reset(): void;
  /** The gzipped size of `served` files (cached per path). */
  gzipBytes(files: Served[]): Promise<number>;
  shutdown(): Promise<void>;
}

/**
 * The CPU a process's main thread has used, in nanoseconds (`?pid=N`: the first number of
 * `/proc/N/task/N/schedstat`), as text; `NaN` where the kernel does not say. Read here because a
 * process Deno runs without `--allow-all` may not read its own `/proc` entries.
 */
async function threadCpuNs(url: URL): Promise<string> {
  const pid = Number(url.searchParams.get("pid"));
  if (!Number.isSafeInteger(pid) || pid <= 0) return "NaN";
  try {
    return (await Deno.readTextFile(`/proc/${pid}/task/${pid}/schedstat`)).split(" ")[0]!;
  } catch {
    return "NaN";
  }
}

/**
 * Serves `dir` on 127.0.0.1, waiting `delayMs` before each answer; `GET /__mark` records where
 * the client's cold part ends, and `GET /__cpu?pid=N` answers the CPU process N's main thread has
 * used, in nanoseconds (both answered at once, never counted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countingServer } from "./counting_server.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.json`, JSON.stringify({ text: "x".repeat(1000) }));
 * const server = countingServer(dir, 0);
 * assert.equal((await (await fetch(`${server.url}/a.json`)).json()).text.length, 1000);
 * await (await fetch(`${server.url}/__mark`)).body?.cancel();
 * assert.equal((await fetch(`${server.url}/missing.json`)).status, 404);
 * assert.deepEqual(server.served.map(({ path, bytes }) => [path, bytes]), [["/a.json", 1011]]);
 * assert.ok(Math.abs(server.served[0]!.at - Date.now()) < 60_000);
 * assert.equal(server.marked, 1);
 * const ns = Number(await (await fetch(`${server.url}/__cpu?pid=${Deno.pid}`)).text());
 * assert.ok(ns > 0 || Number.isNaN(ns)); // NaN where there is no /proc
 * assert.equal(await (await fetch(`${server.url}/__cpu?pid=x`)).text(), "NaN");
 * assert.ok((await server.gzipBytes(server.served)) < 100);
 * await server.shutdown();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function countingServer(dir: string, delayMs: number): CountingServer {
  const gzipped = new Map<string, number>();
  const state: CountingServer = {
    url: "",
    served: [],
    marked: undefined,
    reset() {
      state.served = [];
      state.marked = undefined;
    },
    async gzipBytes(files) {
      let sum = 0;
      for (const { path } of files) {
        if (!gzipped.has(path)) {
          const file = await Deno.open(`${dir}${path}`);
          const stream = file.readable.pipeThrough(new CompressionStream("gzip"));
          gzipped.set(path, (await new Response(stream).arrayBuffer()).byteLength);
        }
        sum += gzipped.get(path)!;
      }
      return sum;
    },
    shutdown: () => server.shutdown(),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const at = performance.timeOrigin + performance.now();
    const path = decodeURIComponent(new URL(req.url).pathname);
    if (path === "/__mark") {
      state.marked = state.served.length;
      return new Response(null, { status: 204 });
    }
    if (path === "/__cpu") return new Response(await threadCpuNs(new URL(req.url)));
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (path.split("/").includes("..")) return new Response("no", { status: 400 });
    try {
      const bytes = await Deno.readFile(`${dir}${path}`);
      state.served.push({ path, bytes: bytes.byteLength, at });
      const type = TYPES[path.slice(path.lastIndexOf(".") + 1)] ?? "application/octet-stream";
      return new Response(bytes, { headers: { "content-type": type } });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  state.url = `http://127.0.0.1:${server.addr.port}`;
  return state;
}
