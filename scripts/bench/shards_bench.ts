/**
 * Shelves at reference scale, deployed as Netlify runs them (`deno task bench` runs a scaled-down
 * set; `--full` the reference shelf and a generated one of 100,000 pages). For each shelf:
 *
 * - the build (this checkout's `scripts/build.ts --shards`, into a copy of the site): wall time,
 *   peak RSS, the largest published file;
 * - the edge function bundled by Netlify's bundler (`@netlify/edge-bundler`, as
 *   `cold_eszip.ts`): the eszip's size — as built (sharded) and as today's engine serves a build
 *   past the edge budget (the whole published manifest and index fetched by each cold isolate);
 * - cold isolates (`edge_isolate.ts`: a fresh Deno running the unpacked eszip as Netlify does,
 *   a local static server adding 20 ms per fetch standing in for the CDN), one per question:
 *   import and first search, CPU (the whole process's, and the isolate's own thread's: the
 *   process's less V8's background compiler and collector threads and Deno's I/O threads) and
 *   wall, fetches and bytes (as stored and gzipped), median and max over the questions;
 * - in the first isolate, after its cold question, warm searches (over the evaluation's
 *   questions, written by people: p50/p99 of wall and of CPU — the edge's limit is CPU per
 *   request — and the fetches each made, mean and p99) and the live heap after all its questions
 *   (with page titles, 1,000 different questions by default);
 * - Pagefind (`pagefind_bench.ts`) over the shelf's HTML collections, the anchor: its bundle's
 *   size and what one cold search of the same questions fetches.
 *
 * Writes `dist/bench/shards.json` (or `--out FILE`; after each shelf) and prints a table; each
 * phase's time goes to stderr as it ends. An isolate whose first search answers an error is listed
 * with the question and the function's log, and left out of the cold figures.
 *
 * Usage: deno run -A scripts/bench/shards_bench.ts [--full] [--shelf NAME]... [--content DIR]...
 *        [--config FILE]... [--generate N]... [--cold-runs N] [--warm N] [--today | --no-today]
 *        [--no-pagefind] [--out FILE]
 *
 * Shelves (`--shelf`): `reference` (about 55,000 pages: rust-doc, openjdk-17-doc, cppreference
 * and the corpora of ../shared/corpora, one source each, `reference_shelf.yaml`),
 * `reference-small` (cppreference and the corpora, about 13,000 pages; the default),
 * `generated-N` (the same as `--generate N`). Default: `reference-small` and `generated-20000`
 * with 3 cold runs and 300 warm questions (10.4 minutes on the 2-core VM at load 6–10,
 * 2026-11-28); `--full`: `reference` and `generated-100000`, 5 cold runs, 1,000 warm questions
 * (about 50 minutes).
 *
 * @module
 */
import { netlifyTools } from "../../tests/netlify/netlify_tools.ts";
import { evalQuestions, interleave, titleQuestions } from "./bench_questions.ts";
import { countingServer } from "./counting_server.ts";
import { type IsolateRun, runIsolate } from "./edge_isolate.ts";
import { generateCorpus } from "./generate_corpus.ts";
import { median } from "./median.ts";
import { pagefindIndex, pagefindSearches, SHOWN } from "./pagefind_bench.ts";
import { machine, percentile } from "./search_bench.ts";
import {
  buildShelf,
  bundleSite,
  prepareSite,
  type ShelfSource,
  type Variant,
} from "./shelf_site.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const OUT = `${ROOT}/dist/bench`;
const FETCH_DELAY_MS = 20;
const CORPORA = `${ROOT}/../shared/corpora`;

/** An HTML collection of a shelf, with the evaluation's questions about it. */
interface Collection {
  name: string;
  path: string;
  fixture: string;
  html: boolean;
}

const RUST = { name: "rust", path: "/usr/share/doc/rust-doc/html", fixture: "rust-doc" };
const JAVA = { name: "java", path: "/usr/share/doc/openjdk-17-doc/api", fixture: "openjdk-doc" };
const CPP = { name: "cpp", path: "/usr/share/cppreference/doc/html/en", fixture: "cppreference" };
const MARKDOWN = ["hugo-docs", "tldr", "asdlc", "vitepress", "mkdocs-material", "starlight"]
  .concat("redux").map((name) => ({ name, path: `${CORPORA}/${name}`, fixture: name }));

/** A shelf to measure. */
interface Shelf {
  name: string;
  source: ShelfSource;
  collections: Collection[];
}

function referenceShelf(small: boolean): Shelf {
  const html = (small ? [CPP] : [RUST, JAVA, CPP]).map((c) => ({ ...c, html: true }));
  const file = `${ROOT}/scripts/bench/${small ? "reference_small" : "reference_shelf"}.yaml`;
  return {
    name: small ? "reference-small" : "reference",
    source: { config: file },
    collections: [...html, ...MARKDOWN.map((c) => ({ ...c, html: false }))],
  };
}

/** A generated shelf of `count` markdown files, written once under dist/bench/. */
async function generatedShelf(count: number): Promise<Shelf> {
  const dir = `${OUT}/generated-${count}`;
  if (!(await Deno.stat(`${dir}/.complete`).then(() => true, () => false))) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    for (const file of generateCorpus(count)) {
      const path = `${dir}/${file.path}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(path, file.text);
    }
    await Deno.writeTextFile(`${dir}/.complete`, "");
  }
  return { name: `generated-${count}`, source: { content: dir }, collections: [] };
}

// ---- flags ----
const args = Deno.args;
const full = args.includes("--full");
const options = {
  coldRuns: full ? 5 : 3,
  warm: full ? 1000 : 300,
  today: !args.includes("--no-today"),
  pagefind: !args.includes("--no-pagefind"),
};
const asked: (() => Promise<Shelf>)[] = [];
let file = `${OUT}/shards.json`;
const named = (name: string, source: ShelfSource) => () =>
  Promise.resolve({ name, source, collections: [] });
for (let i = 0; i < args.length; i++) {
  const flag = args[i]!;
  const value = () => {
    const v = args[++i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    return v;
  };
  // `--today` is the default now (kept: earlier runs' commands name it).
  if (["--full", "--today", "--no-today", "--no-pagefind"].includes(flag)) continue;
  else if (flag === "--cold-runs") options.coldRuns = Number(value());
  else if (flag === "--warm") options.warm = Number(value());
  else if (flag === "--out") file = value();
  else if (flag === "--content") asked.push(named(args[i + 1]!, { content: value() }));
  else if (flag === "--config") asked.push(named(args[i + 1]!, { config: value() }));
  else if (flag === "--generate" || flag === "--shelf") {
    const shelf = (flag === "--generate" ? "generated-" : "") + value();
    const generated = /^generated-(\d+)$/.exec(shelf);
    if (generated) asked.push(() => generatedShelf(Number(generated[1])));
    else if (shelf === "reference" || shelf === "reference-small") {
      asked.push(() => Promise.resolve(referenceShelf(shelf === "reference-small")));
    } else throw new Error(`unknown shelf ${shelf} (reference, reference-small, generated-N)`);
  } else throw new Error(`unknown flag ${flag} (see the module doc)`);
}
if (asked.length === 0) {
  asked.push(() => Promise.resolve(referenceShelf(!full)));
  asked.push(() => generatedShelf(full ? 100_000 : 20_000));
}

// ---- phases ----
const started = performance.now();
async function phase<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  console.error(`… ${label}`);
  try {
    return await work();
  } finally {
    const s = (performance.now() - t) / 1000;
    const total = (performance.now() - started) / 60_000;
    console.error(`  ${label}: ${s.toFixed(0)} s (run so far ${total.toFixed(1)} min)`);
  }
}

async function* walk(dir: string): AsyncGenerator<{ path: string; size: number }> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield { path, size: (await Deno.stat(path)).size };
  }
}

/** Median and max of a measure over the cold runs. */
const spread = (xs: number[], digits = 0) =>
  xs.length === 0 ? { median: null, max: null } : {
    median: +median(xs).toFixed(digits),
    max: +Math.max(...xs).toFixed(digits),
  };

/** The cold and warm questions of a shelf (cold ones from its HTML collections when it has). */
async function questionsOf(shelf: Shelf, site: string) {
  const lists = await Promise.all(shelf.collections.map((c) => evalQuestions(c.fixture)));
  const html = lists.filter((_, i) => shelf.collections[i]!.html);
  const realistic = interleave(lists);
  const llms = await Deno.readTextFile(`${site}/dist/llms.txt`);
  const titles = titleQuestions(llms, options.warm + options.coldRuns, realistic);
  const cold = (html.length > 0 ? interleave(html) : titles).slice(0, options.coldRuns);
  const rest = [...realistic, ...titles].filter((q) => !cold.includes(q));
  // Realistic and title questions alternate while both last (the cache sees them mixed).
  const warm = interleave([realistic.filter((q) => !cold.includes(q)), titles])
    .filter((q) => rest.includes(q)).slice(0, options.warm);
  return { cold, warm, realistic: new Set(realistic) };
}

async function measureVariant(
  tools: Awaited<ReturnType<typeof netlifyTools>>,
  site: string,
  variant: Variant,
  questions: Awaited<ReturnType<typeof questionsOf>>,
) {
  const bundle = await phase(`bundle (${variant})`, () => bundleSite(tools, site, variant));
  const server = countingServer(`${site}/dist`, FETCH_DELAY_MS);
  const runs: IsolateRun[] = [];
  // A question whose isolate fails is reported with its error; the others still count.
  const failed: { query: string; error: string; logged?: string[] }[] = [];
  let first: IsolateRun | undefined;
  try {
    for (const [k, query] of questions.cold.entries()) {
      const asked = k === 0 ? [query, ...questions.warm] : [query];
      try {
        const run = await phase(
          `isolate ${k + 1}/${questions.cold.length} (${variant}, ${asked.length} questions)`,
          () => runIsolate(bundle.unpacked, server, asked),
        );
        if (k === 0) first = run;
        if (run.coldError === undefined) runs.push(run);
        else failed.push({ query, error: run.coldError, logged: run.logged });
      } catch (error) {
        failed.push({ query, error: String(error).slice(0, 1500) });
        console.error(`  ${query}: ${String(error).slice(0, 300)}`);
      }
    }
  } finally {
    await server.shutdown();
    await bundle.remove();
  }
  if (!first && runs.length === 0) {
    throw new Error(`every isolate failed: ${JSON.stringify(failed)}`);
  }
  const warm = first ?? {
    warm: [],
    warmCpu: [],
    warmFetches: [],
    errorCount: NaN,
    errors: [],
    logged: [],
    heapMB: NaN,
    rssMB: NaN,
  };
  // The evaluation's questions answered (else every question answered): their places.
  const answered = (keep: (query: string) => boolean) =>
    warm.warm.flatMap((ms, i) => ms !== null && keep(questions.warm[i]!) ? [i] : []);
  const realistic = answered((q) => questions.realistic.has(q));
  const timed = realistic.length > 0 ? realistic : answered(() => true);
  const of = (xs: (number | null)[]) => timed.map((i) => xs[i]!);
  const warmTimes = of(warm.warm);
  const warmCpu = of(warm.warmCpu);
  const warmFetches = of(warm.warmFetches);
  return {
    eszipBytes: bundle.eszipBytes,
    coldQuestions: questions.cold,
    coldRuns: runs.length,
    failed,
    coldHits: runs.map((r) => r.hits),
    coldCpuMs: spread(runs.map((r) => r.coldCpuMs)),
    coldWallMs: spread(runs.map((r) => r.coldWallMs)),
    importCpuMs: spread(runs.map((r) => r.importCpuMs)),
    coldMainCpuMs: spread(runs.map((r) => r.coldMainCpuMs)),
    coldFetches: spread(runs.map((r) => r.coldFetches)),
    coldMB: spread(runs.map((r) => r.coldBytes / 1e6), 2),
    coldGzipMB: spread(runs.map((r) => r.coldGzipBytes / 1e6), 2),
    warmQuestions: warm.warm.length,
    warmTimed: warmTimes.length,
    warmTimedAre: realistic.length > 0 ? "evaluation questions" : "page titles",
    warmP50Ms: +percentile(warmTimes, 50).toFixed(1),
    warmP99Ms: +percentile(warmTimes, 99).toFixed(1),
    warmCpuP50Ms: +percentile(warmCpu, 50).toFixed(1),
    warmCpuP99Ms: +percentile(warmCpu, 99).toFixed(1),
    // Of every warm question (errors too): the share of the process's CPU on the isolate's thread.
    warmMainCpuShare: first ? +(first.warmMainCpuMs / first.warmCpuMs).toFixed(2) : null,
    warmFetchesMean: +(warmFetches.reduce((a, b) => a + b, 0) / warmFetches.length).toFixed(1),
    warmFetchesP99: percentile(warmFetches, 99),
    warmErrors: warm.errorCount,
    warmErrorSample: warm.errors,
    loggedFailures: [...new Set([first, ...runs].flatMap((r) => r?.logged ?? []))].slice(0, 5),
    heapMB: Math.round(warm.heapMB),
    rssMB: Math.round(warm.rssMB),
  };
}

async function measureShelf(
  tools: Awaited<ReturnType<typeof netlifyTools>>,
  site: string,
  shelf: Shelf,
) {
  const build = await phase(`build ${shelf.name}`, () => buildShelf(site, shelf.source));
  const report: Record<string, unknown> = { shelf: shelf.name, source: shelf.source, build };
  if (!build.ok) return report;
  let largest = { path: "", size: 0 };
  let publishedBytes = 0;
  for await (const file of walk(`${site}/dist`)) {
    publishedBytes += file.size;
    if (file.size > largest.size) largest = file;
  }
  report.documents = Number(
    /; (\d+) documents/.exec(
      (await Deno.readTextFile(`${site}/dist/llms.txt`)).slice(0, 2000),
    )?.[1] ?? NaN,
  );
  report.largestPublished = { path: largest.path.slice(site.length + 6), bytes: largest.size };
  report.publishedBytes = publishedBytes;
  const questions = await questionsOf(shelf, site);
  for (const variant of options.today ? ["sharded", "today"] as const : ["sharded"] as const) {
    // A sharded build publishes no whole manifest or index: the engine before shards has nothing
    // to fetch (run this script from an older checkout, or `--no-today`).
    if (variant === "today" && !(await exists(`${site}/dist/_shelf/manifest.json`))) {
      report[variant] = { error: "this build publishes no whole _shelf/manifest.json" };
      console.error("  today skipped: this build publishes no whole _shelf/manifest.json");
      continue;
    }
    try {
      report[variant] = await measureVariant(tools, site, variant, questions);
    } catch (error) {
      report[variant] = { error: String(error).slice(0, 1000) };
      console.error(`  ${variant} failed: ${String(error).slice(0, 400)}`);
    }
  }
  const html = shelf.collections.filter((c) => c.html);
  if (options.pagefind && html.length > 0) {
    try {
      const index = await phase(
        `pagefind index (${html.map((c) => c.name).join(", ")})`,
        () => pagefindIndex(html, `${OUT}/pagefind-${shelf.name}`),
      );
      const runs = await phase(
        "pagefind searches",
        () => pagefindSearches(index, questions.cold, FETCH_DELAY_MS),
      );
      report.pagefind = {
        indexes: html.map((c) => c.name),
        ...index,
        shown: SHOWN,
        questions: runs,
        coldWallMs: spread(runs.map((r) => r.wallMs)),
        coldCpuMs: spread(runs.map((r) => r.cpuMs)),
        coldFetches: spread(runs.map((r) => r.fetches)),
        coldMB: spread(runs.map((r) => r.bytes / 1e6), 2),
        coldGzipMB: spread(runs.map((r) => r.gzipBytes / 1e6), 2),
      };
    } catch (error) {
      report.pagefind = { error: String(error).slice(0, 1000) };
      console.error(`  pagefind failed: ${String(error).slice(0, 400)}`);
    }
  }
  return report;
}

/** The readable table: one row per shelf and engine. */
function table(reports: Record<string, unknown>[]): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const mm = (s: { median: number | null; max: number | null }) =>
    s.median === null ? "–" : `${s.median} / ${s.max}`;
  // The isolate's own thread, when the run measured it (older reports did not).
  const main = (s?: { median: number | null; max: number | null }) =>
    s && s.median !== null && Number.isFinite(s.median) ? ` (${mm(s)})` : "";
  // deno-lint-ignore no-explicit-any
  const failures = (v: any) =>
    (v.failed.length > 0
      ? ` (${v.failed.length} of ${v.coldQuestions.length} isolates failed)`
      : "") +
    (v.warmErrors > 0 ? ` (${v.warmErrors} warm errors, untimed)` : "");
  const rows = [
    "| shelf | engine | docs | build s, peak RSS | eszip | largest file " +
    "| cold CPU ms, process (main thread), med / max " +
    "| cold wall ms | cold fetches | cold MB stored | cold MB gzip | warm p50 / p99 ms " +
    "| warm CPU p50 / p99 ms, process (main thread's share) | warm fetches mean / p99 | heap MB |",
    "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: " +
    "| ---: | ---: |",
  ];
  for (const r of reports) {
    const b = r.build as { ok: boolean; seconds: number; peakRssMB: number; tail: string[] };
    const buildCell = `${b.seconds} s, ${(b.peakRssMB / 1024).toFixed(2)} GB`;
    if (!b.ok) {
      rows.push(
        `| ${r.shelf} | build failed | | ${buildCell} | | ${b.tail.at(-1)} | | | | | | | | | |`,
      );
      continue;
    }
    const largest = r.largestPublished as { path: string; bytes: number };
    for (const variant of ["sharded", "today"]) {
      // deno-lint-ignore no-explicit-any
      const v = r[variant] as any;
      if (!v) continue;
      if (v.error) {
        rows.push(
          `| ${r.shelf} | ${variant} | ${r.documents} | ${buildCell} | failed: ` +
            `${String(v.error).slice(0, 120).replaceAll("|", "/").replaceAll("\n", " ")} |`,
        );
        continue;
      }
      rows.push(
        `| ${r.shelf} | ${variant}${failures(v)} | ${r.documents} | ${buildCell} | ` +
          `${mb(v.eszipBytes)} | ` +
          `${largest.path} (${mb(largest.bytes)}) | ${mm(v.coldCpuMs)}${main(v.coldMainCpuMs)} | ` +
          `${mm(v.coldWallMs)} | ` +
          `${mm(v.coldFetches)} | ${mm(v.coldMB)} | ${mm(v.coldGzipMB)} | ` +
          `${v.warmP50Ms} / ${v.warmP99Ms} | ${v.warmCpuP50Ms} / ${v.warmCpuP99Ms}` +
          `${v.warmMainCpuShare ? ` (main ${Math.round(100 * v.warmMainCpuShare)}%)` : ""} | ` +
          `${v.warmFetchesMean} / ${v.warmFetchesP99} | ${v.heapMB} (after ${
            v.warmQuestions + 1
          }) |`,
      );
    }
    // deno-lint-ignore no-explicit-any
    const p = r.pagefind as any;
    if (p && !p.error) {
      rows.push(
        `| ${r.shelf} | Pagefind (${p.indexes.join(", ")}: ${p.pages} pages) | | ` +
          `${p.seconds} s, ${(p.peakRssMB / 1024).toFixed(2)} GB | bundle ${mb(p.bundleBytes)} ` +
          `(search files ${mb(p.searchBytes)}) | | ${mm(p.coldCpuMs)} | ${mm(p.coldWallMs)} | ${
            mm(p.coldFetches)
          } ` +
          `| ${mm(p.coldMB)} | ${mm(p.coldGzipMB)} | | | | |`,
      );
    } else if (p?.error) rows.push(`| ${r.shelf} | Pagefind failed: ${p.error.slice(0, 120)} |`);
  }
  return rows.join("\n");
}

const tools = await phase("Netlify's bundler", () => netlifyTools());
const { site, remove } = await phase("site copy and npm ci", () => prepareSite());
const reports: Record<string, unknown>[] = [];
try {
  for (const make of asked) {
    const shelf = await phase("shelf content", make);
    reports.push(await measureShelf(tools, site, shelf));
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")) || ".", { recursive: true });
    await Deno.writeTextFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: await machine(),
          load: Deno.loadavg(),
          options,
          fetchDelayMs: FETCH_DELAY_MS,
          results: reports,
        },
        null,
        2,
      ),
    );
  }
} finally {
  await remove();
}
console.log(table(reports));
console.error(`wrote ${file} (${((performance.now() - started) / 60_000).toFixed(1)} min)`);

/** Whether `path` exists. */
async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}
