/**
 * `deno task bench` (cold start of the deployed bundle): for each corpus, the site is built
 * with that corpus as its content and bundled by Netlify's own bundler
 * (`@netlify/edge-bundler`, the eszip Netlify deploys — see `tests/netlify/netlify_bundle.ts`),
 * the eszip is unpacked, and fresh Deno processes (no config, no npm, no remote imports, the
 * bundle's own import map) import its entry and answer one `search` through the function, as
 * Netlify calls it. Reported per corpus (median of 5 processes): eszip size, import time,
 * first `search` (index import and first query) and their sum — the CPU an edge isolate spends
 * before its first search answer (Netlify's budget: 50 ms) — twice, in turns: with the modules
 * as unpacked (the compiled TypeScript modules under their `.ts` names, which a fresh Deno looks
 * up in its transpile cache) and loaded as the JavaScript the eszip holds, as the edge loads it.
 *
 * `cold_bundle.ts` measures the same with `deno bundle`'s single file instead (one module
 * rather than the eszip's hundred: the difference is the cost of loading modules one by one).
 *
 * Needs the npm registry (the bundler and Node 22 are installed into `dist/.netlify-tools`, as
 * for the bundle test). Usage: deno run -A scripts/bench/cold_eszip.ts [corpus …]
 * (writes dist/bench/cold-eszip.json)
 *
 * @module
 */
import { netlifyTools, run } from "../../tests/netlify/netlify_tools.ts";
import { buildCorpusSite, coldHarness, coldMain, coldRuns, QUERY } from "./cold_runs.ts";
import {
  bundleAndUnpack,
  bundleRuntimeIn,
  copySite,
  runUnpackedArgs,
} from "../../tests/netlify/netlify_bundle.ts";

/** The harness a fresh process runs beside an unpacked eszip: Netlify's call, one search. */
export const HARNESS = coldHarness(
  "globalThis.Netlify = { env: { get: () => undefined, has: () => false, toObject: () => ({}) } };\n" +
    'const { functions } = await import("./stage2.js");\n' +
    "const next = () => Promise.resolve(new Response(null, { status: 404 }));\n" +
    "const handle = (request) =>\n" +
    "  functions.mcp(request, { url: new URL(request.url), waitUntil: () => {}, next });",
);

/** A corpus's site bundled by Netlify's bundler and unpacked beside {@link HARNESS}. */
export interface ColdEszip {
  /** The unpacked eszip, with `cold.js` (the harness). */
  unpacked: string;
  eszipBytes: number;
  /** Removes the site, the bundle and the unpacked files. */
  remove(): Promise<void>;
}

/**
 * Copies the site of the checkout at `from` (default this one), installs its packages, builds
 * corpus `name` into it with its own build script, bundles it and unpacks the eszip.
 */
export async function coldEszip(
  name: string,
  tools: Awaited<ReturnType<typeof netlifyTools>>,
  from?: string,
): Promise<ColdEszip> {
  const site = await Deno.makeTempDir({ prefix: "shelf-cold-site-" });
  const out = await Deno.makeTempDir({ prefix: "shelf-cold-out-" });
  const unpacked = await Deno.makeTempDir({ prefix: "shelf-cold-eszip-" });
  const remove = async () => {
    for (const dir of [site, out, unpacked]) await Deno.remove(dir, { recursive: true });
  };
  try {
    await copySite(site, false, from);
    await run("npm", ["ci", "--no-audit", "--no-fund"], site);
    await bundleRuntimeIn(site);
    await buildCorpusSite(site, name);
    const { assetBytes } = await bundleAndUnpack(tools, site, out, unpacked);
    await Deno.writeTextFile(`${unpacked}/cold.js`, HARNESS);
    return { unpacked, eszipBytes: assetBytes, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function coldCorpus(name: string, tools: Awaited<ReturnType<typeof netlifyTools>>) {
  const eszip = await coldEszip(name, tools);
  try {
    // As unpacked (the compiled modules under their `.ts` names, which makes Deno look each up
    // in its transpile cache) and as the edge loads them (JavaScript), in turns.
    const { unpacked } = eszip;
    const [asNamed, asJs] = await coldRuns(
      [runUnpackedArgs(unpacked, "cold.js"), runUnpackedArgs(unpacked, "cold.js", [], "js")],
      QUERY[name] ?? "search",
      unpacked,
    );
    return { corpus: name, eszipBytes: eszip.eszipBytes, ...asNamed!, asJs: asJs! };
  } finally {
    await eszip.remove();
  }
}

if (import.meta.main) {
  const tools = await netlifyTools();
  await coldMain({
    label: "the Netlify eszip",
    file: "cold-eszip.json",
    sizeColumn: "eszip",
    bytes: (r) => r.eszipBytes,
    measure: (name: string) => coldCorpus(name, tools),
  });
}
