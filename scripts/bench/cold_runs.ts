/**
 * What the two cold-start benchmarks share (`cold_bundle.ts`, `cold_eszip.ts`): building a
 * corpus into a copy of the site, the harness a fresh process runs (load the function, answer
 * one `search`, print the times), and running it {@link RUNS} times for medians.
 *
 * @module
 */
import { run } from "../../tests/netlify/netlify_tools.ts";
import { median } from "./median.ts";
import { machine } from "./search_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const CORPORA = `${ROOT}../shared/corpora`;

/** Fresh processes per corpus. */
export const RUNS = 5;

/** The first query of each corpus. */
export const QUERY: Record<string, string> = {
  asdlc: "context engineering",
  "hugo-docs": "shortcode parameters",
  tldr: "extract files from a tar archive",
};

/** Builds `../shared/corpora/<name>` as the content of the site copied to `site`. */
export async function buildCorpusSite(site: string, name: string): Promise<void> {
  await run(Deno.execPath(), [
    "run",
    "-A",
    "scripts/build.ts",
    "--content",
    `${CORPORA}/${name}`,
    "--out",
    `${site}/dist`,
  ], site);
}

/**
 * A harness script: `load` (statements) must define `handle(request)`; the harness times them
 * and one `search` for the last argument through `handle`, checks the answer, and prints
 * `{"importMs", "searchMs"}`.
 *
 * Before either clock starts, the harness makes and reads one `Request` and one `Response`: Deno
 * loads its fetch classes on first use (7–13 ms on this machine), and an edge runtime has done so
 * before it calls a function — it received the request as one. For the same reason the search
 * `Request` is made before the second clock, with the `Content-Length` a client sends.
 */
export function coldHarness(load: string): string {
  return `
{
  const warm = new Request("http://warm.invalid/", { method: "POST", body: "{}" });
  await warm.text();
  await new Response(new Uint8Array(2), { headers: { "content-type": "application/json" } })
    .arrayBuffer();
}
const cpu = () => { const u = Deno.cpuUsage(); return (u.user + u.system) / 1000; };
const c0 = cpu();
const t0 = performance.now();
${load}
const t1 = performance.now();
const text = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
  params: { name: "search", arguments: { query: Deno.args.at(-1) } } });
const request = new Request("http://localhost/mcp", {
  method: "POST",
  headers: {
    "content-type": "application/json",
    "content-length": String(new TextEncoder().encode(text).length),
    "mcp-protocol-version": "2025-11-25",
  },
  body: text,
});
const t2 = performance.now();
const res = await handle(request);
const body = await res.json();
const t3 = performance.now();
if (!body.result || body.result.isError || body.result.structuredContent.results.length === 0) {
  throw new Error("no search answer: " + JSON.stringify(body).slice(0, 300));
}
console.log(JSON.stringify({ importMs: t1 - t0, searchMs: t3 - t2, cpuMs: cpu() - c0 }));
`;
}

/**
 * The medians of a cold start's runs: import, first search and their sum (wall), and the CPU the
 * whole process spent from before the import to the answer (every thread: what an edge budget
 * counts, and steadier than wall time on a busy machine), in ms.
 */
export interface ColdTimes {
  importMs: number;
  searchMs: number;
  totalMs: number;
  cpuMs: number;
}

/**
 * Runs `deno <args> <query>` `runs` times (default {@link RUNS}) for each set of `args` (each a
 * fresh process), the sets taking turns so that the machine's moments fall on all of them alike,
 * and returns each set's medians of import, first search and their sum.
 */
export async function coldRuns(
  argSets: string[][],
  query: string,
  cwd: string,
  runs = RUNS,
): Promise<ColdTimes[]> {
  const times: { importMs: number; searchMs: number; cpuMs: number }[][] = argSets.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, args] of argSets.entries()) {
      const out = await run(Deno.execPath(), [...args, query], cwd);
      times[k]!.push(JSON.parse(out.trim().split("\n").at(-1)!));
    }
  }
  return times.map((set) => ({
    importMs: median(set.map((r) => r.importMs)),
    searchMs: median(set.map((r) => r.searchMs)),
    totalMs: median(set.map((r) => r.importMs + r.searchMs)),
    cpuMs: median(set.map((r) => r.cpuMs)),
  }));
}

/** What one corpus's cold start measured (plus the script's own fields). */
export interface ColdResult extends ColdTimes {
  corpus: string;
  /** The same, with the bundle's compiled modules loaded as JavaScript (the eszip only). */
  asJs?: ColdTimes;
}

/**
 * A cold-start script's main: measures each corpus named on the command line (default asdlc,
 * hugo-docs, tldr) with `measure`, writes `dist/bench/<file>` and prints the markdown table, the
 * size column from `bytes`.
 */
export async function coldMain<R extends ColdResult>(options: {
  label: string;
  file: string;
  sizeColumn: string;
  bytes: (result: R) => number;
  measure: (corpus: string) => Promise<R>;
}): Promise<void> {
  const names = Deno.args.filter((a) => !a.startsWith("--"));
  const results: R[] = [];
  for (const name of names.length > 0 ? names : ["asdlc", "hugo-docs", "tldr"]) {
    console.error(`cold start of ${options.label}: ${name}`);
    results.push(await options.measure(name));
  }
  const report = { date: new Date().toISOString(), machine: await machine(), results };
  await Deno.mkdir(`${ROOT}dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}dist/bench/${options.file}`, JSON.stringify(report, null, 2));
  const js = results.some((r) => r.asJs);
  const times = (t: ColdTimes) =>
    `${t.importMs.toFixed(0)} ms | ${t.searchMs.toFixed(0)} ms | ${t.totalMs.toFixed(0)} ms`;
  console.log(
    `| corpus | ${options.sizeColumn} | import | first search | import + first search |` +
      (js ? " as JavaScript: import | first search | import + first search |" : ""),
  );
  console.log("| --- | ---: | ---: | ---: | ---: |" + (js ? " ---: | ---: | ---: |" : ""));
  for (const r of results) {
    console.log(
      `| ${r.corpus} | ${(options.bytes(r) / 1e6).toFixed(1)} MB | ${times(r)} |` +
        (r.asJs ? ` ${times(r.asJs)} |` : ""),
    );
  }
}
