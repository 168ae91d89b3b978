/**
 * Shelf against the ASDLC site's own MCP edge function (`villetakanen/asdlc-io`,
 * `netlify/edge-functions/mcp.ts`, unmodified) on the same 64 articles, driven by `wrk` in one
 * run, interleaved: `get_article`, `list_articles` and a search (Shelf's `search_articles`, the
 * site's `search_knowledge_base`, over the asdlc evaluation queries) at concurrency 1, 16 and 64. That code is not part of this repository: point the script at a checkout where its
 * index was generated —
 *
 * ```sh
 * git clone https://github.com/villetakanen/asdlc-io && cd asdlc-io
 * npm install fuse.js@7 gray-matter@4 && node scripts/generate-mcp-index.mjs
 * deno run -A scripts/bench/asdlc_io_bench.ts /path/to/asdlc-io
 * ```
 *
 * It runs there under a four-line `Deno.serve` harness this script writes to a temporary file
 * in the checkout (`--no-check --node-modules-dir=manual --no-config`). Shelf serves
 * `dist/bench/asdlc/_shelf/manifest.json` (made by the search benchmark, or built here first).
 * Shelf answers in two eras: 2025-03-26 (the article once, as text) and 2025-11-25 (text plus
 * `structuredContent`); the ASDLC function answers the same bytes in any era.
 *
 * Writes `dist/bench/asdlc-io.json` and prints a markdown table.
 *
 * @module
 */
import { machine } from "./search_bench.ts";
import { BENCH_OUT, benchManifestFile } from "./bench_corpus.ts";
import {
  check,
  cpuText,
  ensureWrk,
  luaScript,
  type Running,
  start,
  wrk,
  type WrkResult,
} from "./http_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const OUT = BENCH_OUT;
const quick = Deno.args.includes("--quick");
const MEASURE_S = quick ? 2 : 4;
const CONCURRENCY = quick ? [16] : [1, 16, 64];

/** `a / b` as a factor; "n/a" when `b` answered less than one request a second. */
const ratio = (a: number, b: number) => (b < 1 ? "n/a" : `${(a / b).toFixed(2)}×`);
/** Factor `theirs / ours` of CPU per request (higher is better for us). */
const cpuRatio = (theirs: number | undefined, ours: number | undefined) =>
  theirs === undefined || ours === undefined ? "n/a" : `${(theirs / ours).toFixed(2)}×`;
const same = (bodies: string[]) => ({ shelf: bodies, io: bodies });
const call = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

if (import.meta.main) {
  const dir = Deno.args.find((a) => !a.startsWith("--"));
  if (!dir) {
    console.error("usage: asdlc_io_bench.ts <asdlc-io checkout with src/mcp/articles.json>");
    Deno.exit(2);
  }
  const articles = JSON.parse(await Deno.readTextFile(`${dir}/src/mcp/articles.json`)) as {
    slug: string;
  }[];
  const manifestFile = await benchManifestFile("asdlc");
  const manifest = JSON.parse(await Deno.readTextFile(manifestFile));
  const shelfSlugs = new Set(manifest.documents.map((d: { slug: string }) => d.slug));
  const slugs = articles.map((a) => a.slug).filter((s) => shelfSlugs.has(s)).slice(0, 32);
  const queries = JSON.parse(await Deno.readTextFile(`${ROOT}tests/eval/fixtures/asdlc.json`))
    .cases.map((c: { query: string }) => c.query).slice(0, 32) as string[];
  // Each server gets its own tool for a search: Shelf's `search_articles` (the ASDLC contract),
  // the site's `search_knowledge_base`.
  const ops: Record<string, { shelf: string[]; io: string[] }> = {
    get_article: same(slugs.map((slug, i) => call(i, "get_article", { slug }))),
    list_articles: same([call(1, "list_articles", {})]),
    search: {
      shelf: queries.map((query, i) => call(i, "search_articles", { query })),
      io: queries.map((query, i) => call(i, "search_knowledge_base", { query })),
    },
  };
  const bin = await ensureWrk();
  const harness = `${dir}/.shelf-bench-harness.ts`;
  await Deno.writeTextFile(
    harness,
    'import handler from "./netlify/edge-functions/mcp.ts";\n' +
      "Deno.serve({ port: Number(Deno.args[0]), hostname: '127.0.0.1' }, (r) => handler(r));\n",
  );
  const scripts = await Deno.makeTempDir({ prefix: "shelf-asdlc-io-" });
  const servers: Record<string, Running> = {};
  try {
    const probe = ops.get_article!.shelf[0]!;
    servers.shelf = await start(
      ["run", "-A", `${ROOT}src/main.ts`, "--manifest", manifestFile, "--port"],
      probe,
    );
    servers["asdlc-io"] = await start(
      ["run", "-A", "--no-check", "--node-modules-dir=manual", "--no-config", harness],
      probe,
      dir,
    );
    const eras = { "2025-03-26": "shelf 2025-03-26", "2025-11-25": "shelf 2025-11-25" };
    const rows = [];
    for (const [op, perServer] of Object.entries(ops)) {
      for (const c of CONCURRENCY) {
        const runs: [string, Running, string][] = [
          ["asdlc-io", servers["asdlc-io"]!, "2025-11-25"],
          ...Object.entries(eras).map(([v, n]) =>
            [n, servers.shelf!, v] as [string, Running, string]
          ),
        ];
        const turn = rows.length % runs.length;
        const result: Record<string, WrkResult & { bytes: number }> = {};
        for (const [name, { url, pid }, version] of [...runs.slice(turn), ...runs.slice(0, turn)]) {
          const extra = { "mcp-protocol-version": version };
          const bodies = name === "asdlc-io" ? perServer.io : perServer.shelf;
          const script = `${scripts}/${op}-${name.replace(/\W/g, "_")}.lua`;
          await Deno.writeTextFile(script, luaScript(bodies, extra));
          const { failed, answers } = await check(url, bodies, extra);
          const bytes = answers.reduce((n, [, text]) => n + text.length, 0) / answers.length;
          await wrk(bin, url, script, c, 1);
          const run = await wrk(bin, url, script, c, MEASURE_S, pid);
          result[name] = { ...run, errors: run.errors + failed, bytes };
        }
        rows.push({ op, concurrency: c, ...result });
        console.error(
          `  ${op} c=${c}: ` +
            Object.entries(result).map(([n, r]) => `${n} ${r.rps.toFixed(0)}`).join(", "),
        );
      }
    }
    const report = { date: new Date().toISOString(), machine: await machine(), rows };
    await Deno.mkdir(OUT, { recursive: true });
    await Deno.writeTextFile(`${OUT}/asdlc-io.json`, JSON.stringify(report, null, 2));
    console.log(
      `machine: ${report.machine.cpu}, ${report.machine.cores} cores, Deno ` +
        `${report.machine.deno}; wrk -t1, ${MEASURE_S} s per run, ${report.date}`,
    );
    console.log(
      "| op | c | asdlc-io rps | Shelf 2025-03-26 rps | Shelf 2025-11-25 rps | Shelf/asdlc-io (03-26 / 11-25) | answer bytes asdlc-io / Shelf 03-26 / 11-25 | CPU µs/request asdlc-io / 03-26 / 11-25 | CPU asdlc-io/Shelf | errors |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of rows) {
      const r = row as unknown as Record<string, WrkResult & { bytes: number }>;
      const io = r["asdlc-io"]!;
      const a = r["shelf 2025-03-26"]!;
      const b = r["shelf 2025-11-25"]!;
      console.log(
        `| ${row.op} | ${row.concurrency} | ${io.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${
          b.rps.toFixed(0)
        } | ${ratio(a.rps, io.rps)} / ${ratio(b.rps, io.rps)} | ${(io.bytes / 1000).toFixed(1)} / ${
          (a.bytes / 1000).toFixed(1)
        } / ${(b.bytes / 1000).toFixed(1)} KB | ${cpuText(io.cpuUs)} / ${cpuText(a.cpuUs)} / ${
          cpuText(b.cpuUs)
        } | ${cpuRatio(io.cpuUs, a.cpuUs)} / ${
          cpuRatio(io.cpuUs, b.cpuUs)
        } | ${io.errors}/${a.errors}/${b.errors} |`,
      );
    }
  } finally {
    for (const s of Object.values(servers)) await s.stop();
    await Deno.remove(scripts, { recursive: true });
    await Deno.remove(harness).catch(() => {});
  }
}
