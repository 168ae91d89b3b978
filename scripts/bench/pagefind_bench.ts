/**
 * The anchor of `shards_bench.ts`: Pagefind (npm `pagefind`, pinned in
 * `scripts/bench/pagefind/package.json`, installed into `dist/.pagefind-tools`), a static-site
 * search whose browser client fetches its index in chunks on demand, indexing the same HTML
 * pages. Reported: its build (wall, peak RSS), its bundle's size (every file it writes, and the
 * part a search can fetch: without its UI scripts and styles), and, per question, what one cold
 * search fetches through the same {@link countingServer} (20 ms per fetch) — fetches, bytes as
 * stored and gzipped.
 *
 * @module
 */
import { installPinned, run } from "../../tests/netlify/netlify_tools.ts";
import { countingServer } from "./counting_server.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const PINS = `${ROOT}/scripts/bench/pagefind/package.json`;
const TOOLS = `${ROOT}/dist/.pagefind-tools`;

/** Results whose data a search loads: Shelf's `search` answers with up to 10. */
export const SHOWN = 10;

/** The `pagefind` command (installed from the registry when missing or when the pin moved). */
export async function pagefindBin(): Promise<string> {
  const bin = `${TOOLS}/node_modules/.bin/pagefind`;
  const pins = await Deno.readTextFile(PINS);
  const installed = await Deno.readTextFile(`${TOOLS}/package.json`).catch(() => "");
  const present = await Deno.stat(bin).then(() => true, () => false);
  if (installed !== pins || !present) await installPinned(PINS, TOOLS);
  return bin;
}

/** A Pagefind bundle and what building it cost. */
export interface PagefindIndex {
  dir: string;
  pages: number;
  seconds: number;
  peakRssMB: number;
  /** Every file Pagefind wrote. */
  bundleBytes: number;
  /** Without the UI's scripts and styles (`pagefind-*ui*`, `pagefind-highlight.js`). */
  searchBytes: number;
  files: number;
}

async function* walk(dir: string): AsyncGenerator<{ path: string; size: number }> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield { path, size: (await Deno.stat(path)).size };
  }
}

/**
 * Indexes the HTML of `sources` (each under its name, hard-linked into one site folder since
 * Pagefind does not follow symbolic links; copied where linking fails) into `out`, reusing a
 * complete earlier bundle of the same sources and version.
 */
export async function pagefindIndex(
  sources: { name: string; path: string }[],
  out: string,
): Promise<PagefindIndex> {
  const key = JSON.stringify({ pins: await Deno.readTextFile(PINS), sources });
  const done = `${out}/.complete`;
  const earlier = await Deno.readTextFile(done).then(JSON.parse, () => undefined);
  if (earlier?.key === key) return earlier.index;
  const bin = await pagefindBin();
  const site = `${out}.site`;
  for (const dir of [out, site]) await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(site, { recursive: true });
  for (const { name, path } of sources) {
    const from = `${await Deno.realPath(path)}/.`;
    await run("cp", ["-al", from, `${site}/${name}`], ROOT).catch(() =>
      run("cp", ["-a", from, `${site}/${name}`], ROOT)
    );
  }
  const timed = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %M", bin, "--site", site, "--output-path", out],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(timed.stdout);
  const stderr = new TextDecoder().decode(timed.stderr).trim().split("\n");
  if (!timed.success) throw new Error(`pagefind failed: ${stdout.slice(-500)}${stderr.join("\n")}`);
  const [seconds, kb] = stderr.at(-1)!.split(" ").map(Number) as [number, number];
  await Deno.remove(site, { recursive: true });
  let bundleBytes = 0, searchBytes = 0, files = 0;
  for await (const file of walk(out)) {
    files++;
    bundleBytes += file.size;
    if (!/pagefind-(.*ui.*|highlight\.js)$/.test(file.path)) searchBytes += file.size;
  }
  const index: PagefindIndex = {
    dir: out,
    pages: Number(/Indexed (\d+) pages/.exec(stdout)?.[1] ?? NaN),
    seconds,
    peakRssMB: Math.round(kb / 1024),
    bundleBytes,
    searchBytes,
    files,
  };
  await Deno.writeTextFile(done, JSON.stringify({ key, index }));
  return index;
}

/** What one cold Pagefind search fetched. */
export interface PagefindSearch {
  query: string;
  results: number;
  wallMs: number;
  /** The whole process's CPU from the import to the results' data (Deno on this machine). */
  cpuMs: number;
  fetches: number;
  bytes: number;
  gzipBytes: number;
}

/** Runs each question as a cold search (a fresh Deno, nothing cached) against `index`. */
export async function pagefindSearches(
  index: PagefindIndex,
  questions: string[],
  delayMs: number,
): Promise<PagefindSearch[]> {
  const server = countingServer(index.dir, delayMs);
  const port = new URL(server.url).port;
  const runs: PagefindSearch[] = [];
  try {
    for (const query of questions) {
      server.reset();
      const out = await run(Deno.execPath(), [
        "run",
        "--no-config",
        "--no-lock",
        "--reload",
        "--allow-net=127.0.0.1",
        `--allow-import=127.0.0.1:${port}`,
        `${ROOT}/scripts/bench/pagefind_search.ts`,
        server.url,
        query,
        String(SHOWN),
      ], ROOT);
      const result = JSON.parse(out.trim().split("\n").at(-1)!);
      runs.push({
        query,
        results: result.results,
        wallMs: result.wallMs,
        cpuMs: result.cpuMs,
        fetches: server.served.length,
        bytes: server.served.reduce((sum, f) => sum + f.bytes, 0),
        gzipBytes: await server.gzipBytes(server.served),
      });
    }
  } finally {
    await server.shutdown();
  }
  return runs;
}
