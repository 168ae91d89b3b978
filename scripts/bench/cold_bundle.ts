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
import { buildCorpusSite, coldHarness, coldMain, coldRuns, QUERY } from "./cold_runs.ts";
import { run } from "../../tests/netlify/netlify_tools.ts";
import { bundleRuntimeIn } from "../../tests/netlify/netlify_bundle.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

async function coldCorpus(name: string) {
  const site = await Deno.makeTempDir({ prefix: "shelf-cold-" });
  try {
    for (const f of ["src", "netlify", "scripts", "package.json", "deno.json", "deno.lock"]) {
      await run("cp", ["-R", `${ROOT}${f}`, site], ROOT);
    }
    await bundleRuntimeIn(site);
    await buildCorpusSite(site, name);
    const bundle = `${site}/edge.js`;
    await run(Deno.execPath(), [
      "bundle",
      "--platform",
      "deno",
      "-o",
      bundle,
      "netlify/edge-functions/mcp.ts",
    ], site);
    await Deno.writeTextFile(
      `${site}/harness.js`,
      coldHarness(
        "const mod = await import(Deno.args[0]);\n" +
          "const next = () => Promise.resolve(new Response(null, { status: 404 }));\n" +
          "const handle = (request) => mod.default(request, { next });",
      ),
    );
    return {
      corpus: name,
      bundleBytes: (await Deno.stat(bundle)).size,
      ...(await coldRuns(
        [["run", "--no-config", "--no-lock", "-A", `${site}/harness.js`, `file://${bundle}`]],
        QUERY[name] ?? "search",
        site,
      ))[0]!,
    };
  } finally {
    await Deno.remove(site, { recursive: true });
  }
}

if (import.meta.main) {
  await coldMain({
    label: "the bundled edge function",
    file: "cold.json",
    sizeColumn: "bundle",
    bytes: (r) => r.bundleBytes,
    measure: coldCorpus,
  });
}
