/**
 * `deno task bench` (cold start as the edge sees it): for each corpus, the Netlify edge function
 * is built and bundled into one file (`deno bundle --platform deno`, manifest and index inside),
 * then a fresh Deno process imports the bundle and answers one `search` through it. Reported per
 * corpus (median of 5 fresh processes): bundle size, import time (module evaluation with the
 * JSON data), first `search` (index import and first query) and their sum — the CPU an edge
 * isolate spends before its first search answer (Netlify's budget: 50 ms).
 *
 * Usage: deno run -A scripts/bench/cold_bundle.ts [corpus …]   (writes dist/bench/cold.json)
 *
 * @module
 */
import { machine } from "./search_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const CORPORA = `${ROOT}../shared/corpora`;
const RUNS = 5;
const QUERY: Record<string, string> = {
  asdlc: "context engineering",
  "hugo-docs": "shortcode parameters",
  tldr: "extract files from a tar archive",
};

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) {
    throw new Error(`${args.join(" ")}: ${text}${new TextDecoder().decode(out.stderr)}`);
  }
  return text;
}

const HARNESS = `
const t0 = performance.now();
const mod = await import(Deno.args[0]);
const t1 = performance.now();
const res = await mod.default(new Request("http://localhost/mcp", {
  method: "POST",
  headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
    params: { name: "search", arguments: { query: Deno.args[1] } } }),
}), {});
const body = await res.json();
const t2 = performance.now();
if (!body.result || body.result.isError || body.result.structuredContent.results.length === 0) {
  throw new Error("no search answer: " + JSON.stringify(body).slice(0, 300));
}
console.log(JSON.stringify({ importMs: t1 - t0, searchMs: t2 - t1 }));
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function coldCorpus(name: string) {
  const site = await Deno.makeTempDir({ prefix: "shelf-cold-" });
  try {
    for (const f of ["src", "netlify", "scripts", "package.json", "deno.json", "deno.lock"]) {
      await run("cp", ["-R", `${ROOT}${f}`, site], ROOT);
    }
    await run(Deno.execPath(), [
      "run",
      "-A",
      "scripts/build.ts",
      "--content",
      `${CORPORA}/${name}`,
      "--out",
      `${site}/dist`,
    ], site);
    const bundle = `${site}/edge.js`;
    await run(Deno.execPath(), [
      "bundle",
      "--platform",
      "deno",
      "-o",
      bundle,
      "netlify/edge-functions/mcp.ts",
    ], site);
    await Deno.writeTextFile(`${site}/harness.js`, HARNESS);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const out = await run(Deno.execPath(), [
        "run",
        "--no-config",
        "--no-lock",
        "-A",
        `${site}/harness.js`,
        `file://${bundle}`,
        QUERY[name] ?? "search",
      ], site);
      runs.push(
        JSON.parse(out.trim().split("\n").at(-1)!) as { importMs: number; searchMs: number },
      );
    }
    const importMs = median(runs.map((r) => r.importMs));
    const searchMs = median(runs.map((r) => r.searchMs));
    return {
      corpus: name,
      bundleBytes: (await Deno.stat(bundle)).size,
      importMs,
      searchMs,
      totalMs: median(runs.map((r) => r.importMs + r.searchMs)),
    };
  } finally {
    await Deno.remove(site, { recursive: true });
  }
}

if (import.meta.main) {
  const names = Deno.args.filter((a) => !a.startsWith("--"));
  const results = [];
  for (const name of names.length > 0 ? names : ["asdlc", "hugo-docs", "tldr"]) {
    console.error(`cold start of the bundled edge function: ${name}`);
    results.push(await coldCorpus(name));
  }
  const report = { date: new Date().toISOString(), machine: await machine(), results };
  await Deno.mkdir(`${ROOT}dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}dist/bench/cold.json`, JSON.stringify(report, null, 2));
  console.log("| corpus | bundle | import | first search | import + first search |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    console.log(
      `| ${r.corpus} | ${(r.bundleBytes / 1e6).toFixed(1)} MB | ${r.importMs.toFixed(0)} ms | ${
        r.searchMs.toFixed(0)
      } ms | ${r.totalMs.toFixed(0)} ms |`,
    );
  }
}
