/**
 * `deno task bench` (hostile part): the worst requests we know of, each sent 20 times in-process
 * to an app over asdlc (and, for search, tldr, the largest corpus; hugo-docs, whose very long
 * pages are also searched by their sections: `part_rule.ts`; and a generated site whose 200
 * reference pages hold 20,000 such sections, ten times its pages), with the slowest time and
 * the process's memory growth reported per class. In-process and single-threaded, wall time here
 * is the request's CPU time. Targets (issue 11): at most 20 ms and 50 MB for any single request.
 *
 * Writes `dist/bench/hostile.json`. Usage: deno run -A scripts/bench/hostile_bench.ts [corpus …]
 * (the corpora named, e.g. `"generated long pages"`; default all).
 *
 * @module
 */
import { createApp } from "../../src/app.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { loadCorpus, LONG_PAGES_CORPUS as LONG_PAGES } from "./bench_corpus.ts";
import { COMMON_WORDS } from "./generate_corpus.ts";
import { DEFAULT_PROFILES } from "../../src/tools/tool_registry.ts";
import type { Manifest } from "../../src/content/manifest.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Deterministic random lowercase words. */
function words(count: number, length: number, seed: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from(
    { length: count },
    () => Array.from({ length }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join(""),
  ).join(" ").slice(0, 1000);
}

const call = (name: string, args: Record<string, unknown>, id = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

const worst = (id: number) => words(40, 24, id);
let deep: unknown = [];
for (let i = 0; i < 3000; i++) deep = [deep];

/** The worst requests we know of (also the hostile half of `deno task soak --hostile`). */
export const CASES: { name: string; body: unknown; version?: string }[] = [
  { name: "search: 40 unknown 24-letter words", body: call("search", { query: worst(1) }) },
  {
    name: "search_articles: 40 unknown 24-letter words",
    body: call("search_articles", { query: worst(2) }),
  },
  { name: "search: one 1,000-letter word", body: call("search", { query: "x".repeat(1000) }) },
  {
    // Words no page has, each two edits from a common one: "did you mean" spells its
    // suggestions from the documents, the commonest words' postings included.
    name: "search: 3 words two edits from common ones",
    body: call("search", { query: "fqqe lxqt cxxmand" }),
  },
  { name: "search: 250 three-letter words", body: call("search", { query: words(250, 3, 3) }) },
  {
    // Words in most pages of any documentation: the longest postings, decoded for every word.
    name: "search: 30 common documentation words",
    body: call("search", {
      query: "use file default page section name list value option new build output set add " +
        "change version support text content site example command path run see type create " +
        "config html link",
    }),
  },
  {
    name: "search_articles include_content (whole corpus)",
    body: call("search_articles", { query: "context engineering", include_content: true }),
  },
  { name: "list_articles limit 500", body: call("list_articles", { limit: 500 }) },
  {
    // A list argument far past its bound (`list_limits.ts`): refused before any work.
    name: "search_documents: 50,000 fileTypes",
    body: call("search_documents", {
      query: "context engineering",
      fileTypes: Array.from({ length: 50_000 }, (_, i) => `t${i}`),
    }),
  },
  {
    name: "read_sections: 3,000-deep id",
    body: call("read_sections", { filename: "the-spec.md", section_ids: [deep] }),
  },
  {
    name: "batch: 100 × search_articles include_content",
    version: "2025-03-26",
    body: Array.from(
      { length: 100 },
      (_, i) => call("search_articles", { query: "context engineering", include_content: true }, i),
    ),
  },
  {
    name: "batch: 100 × worst search",
    version: "2025-03-26",
    body: Array.from({ length: 100 }, (_, i) => call("search", { query: worst(10 + i) }, i)),
  },
];

/** The manifest served with every tool {@link CASES} call: the default ones and mcp-serve's. */
export function withCaseTools(manifest: Manifest): Manifest {
  const profiles = [...DEFAULT_PROFILES, "mcp-serve"];
  return { ...manifest, settings: { ...manifest.settings, profiles } };
}

/** The generated site's own common words: in most of its pages and of their sections. */
const COMMON_CASE: (typeof CASES)[number] = {
  name: "search: 30 commonest words of the site",
  body: call("search", { query: COMMON_WORDS.slice(0, 30).join(" ") }),
};

async function main() {
  const results: Record<string, unknown>[] = [];
  const all = ["asdlc", "tldr", "hugo-docs", LONG_PAGES];
  for (const corpus of Deno.args.length > 0 ? all.filter((c) => Deno.args.includes(c)) : all) {
    const { manifest } = await loadCorpus(corpus);
    const served = withCaseTools(manifest);
    const app = createApp({ stores: createStoreCache({ load: () => served }) });
    const send = async (body: unknown, version = "2025-11-25") => {
      const res = await app.request("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-protocol-version": version },
        body: JSON.stringify(body),
      });
      return (await res.arrayBuffer()).byteLength;
    };
    await send(call("search", { query: "warm up" })); // the index is built once per isolate
    for (const c of corpus === LONG_PAGES ? [...CASES, COMMON_CASE] : CASES) {
      if (corpus !== "asdlc" && !c.name.startsWith("search")) continue;
      const rssBefore = Deno.memoryUsage().rss;
      let max = 0;
      let bytes = 0;
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        bytes = await send(c.body, c.version);
        max = Math.max(max, performance.now() - started);
      }
      const grewMB = (Deno.memoryUsage().rss - rssBefore) / 1e6;
      results.push({
        corpus,
        case: c.name,
        maxMs: +max.toFixed(1),
        bytes,
        grewMB: +grewMB.toFixed(1),
      });
      console.log(
        `${corpus.padEnd(9)} ${c.name.padEnd(48)} max ${max.toFixed(1).padStart(6)} ms  ` +
          `${(bytes / 1e6).toFixed(2).padStart(6)} MB answer  rss +${grewMB.toFixed(1)} MB`,
      );
    }
    app.shutdown();
  }
  await Deno.mkdir(`${ROOT}dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}dist/bench/hostile.json`, JSON.stringify(results, null, 2));
}

if (import.meta.main) await main();
