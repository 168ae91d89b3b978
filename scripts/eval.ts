/**
 * `deno task eval`: retrieval quality of Shelf's search over `../shared/corpora`, side by side
 * with three baselines run in the same process — the ASDLC substring ranking (title ×3, tags ×2,
 * description ×1), MiniSearch (`scripts/bench/minisearch_peer.ts`: fuzzy 0.2, prefix, Shelf's
 * default boosts), lunr (`scripts/bench/lunr_peer.ts`: default English pipeline, same boosts) and
 * FlexSearch (`scripts/bench/flexsearch_peer.ts`: `Document` index, its relevance preset).
 *
 * Fixtures (`tests/eval/fixtures/*.json`; `tests/eval/long_pages/*.json` for questions one part
 * of a long page answers and `tests/eval/spelling/*.json` for questions in British spelling whose
 * pages write American, each reported apart) list queries with the documents they should find:
 * `expect` (any of them counts, within `topN`), `expectNone` (nothing should match) and
 * `mustNotInclude` (never in the top 10). Prints per corpus recall (= Hit) @1/@3/@5/@10, MRR over
 * the top 10, MRR@5 and nDCG@5 (one relevant page per query: any of `expect`, the first found
 * counts, so nDCG@5 = 1/log2(rank + 1) within the top 5), and, per corpus and pooled, Shelf's
 * MRR@5 minus the best baseline's with its bootstrap 95% interval (queries resampled, 2,000
 * times, a fixed seed): a difference whose interval holds zero is noise, not a gain.
 *
 * API references' questions about a member name it: `anchors` (the generator's anchors of the
 * member's section, any of them counts) or `member` (the expected page is the member's own, as
 * cppreference writes them). Their member-level Hit@5 (`M@5`) counts a question when a top-5
 * result is an expected page and, with `anchors`, names the member's section (the section its
 * snippet is in, whose anchor is the result's `url#anchor`); the baselines name no section.
 *
 * @module
 */
import { buildFromFolders } from "../src/build/build_from_folders.ts";
import { type ContentStore, createContentStore } from "../src/content/content_store.ts";
import { rankArticles } from "./asdlc_substring.ts";
import { buildIndexFor, createSearchEngine } from "../src/search/search_engine.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../src/search/search_settings.ts";
import { buildMiniSearch, MINI_QUERY_OPTIONS } from "./bench/minisearch_peer.ts";
import { buildLunr } from "./bench/lunr_peer.ts";
import { buildFlexSearch } from "./bench/flexsearch_peer.ts";
import { resultPart, SNIPPET_WIDTH } from "../src/tools/result_part.ts";
import { globMatcher } from "../src/build/glob.ts";

/** One fixture case. */
export interface EvalCase {
  kind: string;
  query: string;
  expect?: string[];
  topN?: number;
  expectNone?: boolean;
  mustNotInclude?: string[];
  /** The generator's anchors of the member's section that answers (any of them counts). */
  anchors?: string[];
  /** The expected page is the member's own page (cppreference). */
  member?: boolean;
}

/** Scores of one engine on one corpus. */
export interface EngineScores {
  recall1: number;
  recall3: number;
  recall5: number;
  recall10: number;
  mrr: number;
  mrr5: number;
  ndcg5: number;
  /** Member-level Hit@5 over the questions about a member (see the module doc). */
  member5: number;
  /** How many questions are about a member. */
  members: number;
  /** Per ranked case (fixture order): the rank of the first expected page, 0 when not in the 10. */
  ranks: number[];
  /** Per ranked case (fixture order): the query and the engine's first three pages. */
  answers: { query: string; top: string[] }[];
  /** Per case (fixture order) that should find something: whether the answer was empty. */
  empty: boolean[];
  /** Cases whose `topN` / `expectNone` / `mustNotInclude` rule held. */
  passed: number;
  cases: number;
  failures: string[];
}

/** A ranked list of results for a query (at most 10): page paths, and the section's anchor. */
type Engine = (query: string) => Ranked[] | Promise<Ranked[]>;
/** One result: its page's path and, when the engine names one, its section's anchor. */
interface Ranked {
  path: string;
  anchor?: string;
}
const pages = (paths: string[]): Ranked[] => paths.map((path) => ({ path }));

const ROOT = new URL("..", import.meta.url).pathname;
const CORPORA = `${ROOT}../shared/corpora`;
const FIXTURES = `${ROOT}tests/eval`;

/**
 * The question sets, each a folder of fixtures under `tests/eval`: `fixtures`, the main set every
 * target is measured on, and `long_pages`, questions answered by one part of a page at least four
 * times its corpus's average length (where length normalization could bury the page), kept apart
 * so that adding it moved none of the main set's numbers, and `spelling`, questions spelled the
 * British way ("colour", "organise", "analyser") whose pages are spelled the American way.
 */
export type QuestionSet = "fixtures" | "long_pages" | "spelling";

/** A fixture: its corpus (a folder of `../shared/corpora`, or `path` with `include` globs). */
export interface EvalFixture {
  corpus: string;
  /** Absolute folder of a corpus outside `../shared/corpora` (a Debian documentation package). */
  path?: string;
  /** The corpus's content root inside `../shared/corpora` when it is not `corpus` itself. */
  folder?: string;
  include?: string[];
  /** The Debian package that provides `path` (named in the error when it is missing). */
  package?: string;
  /**
   * The part of a large corpus the test suite's gate builds (`include` globs): `evaluate` with
   * `part` builds it alone and asks the questions whose expected pages are in it.
   */
  gate?: string[];
  cases: EvalCase[];
}

/**
 * The fixture's gate part (see {@link EvalFixture.gate}): its globs as the corpus, its questions
 * whose expected pages are in it; a fixture without a gate as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gatePart } from "./eval.ts";
 * const part = gatePart({ corpus: "c", include: ["**"], gate: ["a/**"], cases: [
 *   { kind: "exact", query: "x", expect: ["a/x"] }, { kind: "exact", query: "y", expect: ["b/y"] }] });
 * assert.deepEqual([part.include, part.cases.map((c) => c.query)], [["a/**"], ["x"]]);
 * ```
 */
export function gatePart(fixture: EvalFixture): EvalFixture {
  if (!fixture.gate) return fixture;
  const inPart = fixture.gate.map(globMatcher);
  const covered = (path: string) => inPart.some((m) => m(`${path}.html`));
  return {
    ...fixture,
    include: fixture.gate,
    cases: fixture.cases.filter((c) => c.expect?.some(covered)),
  };
}

/** Whether a fixture's questions are an API reference's (some name a member). */
export const isApiReference = (fixture: EvalFixture) =>
  fixture.cases.some((c) => c.anchors || c.member);

/** The content source a fixture's corpus is, named `name`. */
async function sourceOf(fixture: EvalFixture, name: string) {
  const path = fixture.path ?? `${CORPORA}/${fixture.folder ?? fixture.corpus}`;
  try {
    await Deno.stat(path);
  } catch {
    throw new Error(
      `corpus ${fixture.corpus} not found at ${path}` +
        (fixture.package ? ` (install it: apt-get install ${fixture.package})` : ""),
    );
  }
  return {
    name,
    description: fixture.corpus,
    path,
    ...(fixture.include ? { include: fixture.include } : {}),
  };
}

/** The content store of `fixtures`' corpora, each a source named by `names`. */
export async function loadStore(
  fixtures: EvalFixture[],
  names: string[],
): Promise<ContentStore> {
  const sources = await Promise.all(fixtures.map((f, i) => sourceOf(f, names[i]!)));
  const { manifest } = await buildFromFolders({
    server: { name: names.join("+"), version: "eval" },
    sources,
    settings: {},
    warnings: [],
  });
  return createContentStore(manifest);
}

/** The fixtures of a question set (all, or those of the `corpora` named), by corpus name. */
export async function readFixtures(
  corpora?: readonly string[],
  set: QuestionSet = "fixtures",
): Promise<EvalFixture[]> {
  const fixtures: EvalFixture[] = [];
  for await (const entry of Deno.readDir(`${FIXTURES}/${set}`)) {
    if (!entry.name.endsWith(".json")) continue;
    const fixture = JSON.parse(
      await Deno.readTextFile(`${FIXTURES}/${set}/${entry.name}`),
    ) as EvalFixture;
    if (!corpora || corpora.includes(fixture.corpus)) fixtures.push(fixture);
  }
  return fixtures.sort((a, b) => a.corpus.localeCompare(b.corpus));
}

async function engines(store: ContentStore, flexsearch: boolean): Promise<Record<string, Engine>> {
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  const shelf = createSearchEngine(store, buildIndexFor(store));
  const mini = buildMiniSearch(store);
  const lunr = buildLunr(store);
  await store.loadBodies();
  const flex = flexsearch ? buildFlexSearch(store) : undefined;
  return {
    shelf: async (q) => {
      const { hits, groups } = await shelf.query(q, { weights, limit: 10 });
      // The section each result names (its snippet's), as an agent is shown it.
      return hits.map((h) => {
        const anchor = resultPart(store, h, groups, SNIPPET_WIDTH, q).section?.anchor;
        return anchor ? { path: h.doc.path, anchor } : { path: h.doc.path };
      });
    },
    "asdlc-substring": (q) => pages(rankArticles(store, q).slice(0, 10).map((h) => h.doc.path)),
    minisearch: (q) =>
      pages(mini.search(q, MINI_QUERY_OPTIONS).slice(0, 10).map((r) => r.path as string)),
    lunr: (q) => pages(lunr.search(q).slice(0, 10)),
    ...(flex ? { flexsearch: (q: string) => pages(flex.search(q).slice(0, 10)) } : {}),
  };
}

async function score(
  engine: Engine,
  cases: EvalCase[],
  known: Set<string>,
): Promise<EngineScores> {
  const s: EngineScores = {
    recall1: 0,
    recall3: 0,
    recall5: 0,
    recall10: 0,
    mrr: 0,
    mrr5: 0,
    ndcg5: 0,
    member5: 0,
    members: 0,
    ranks: [],
    answers: [],
    empty: [],
    passed: 0,
    cases: 0,
    failures: [],
  };
  let rankedCases = 0;
  for (const c of cases) {
    // Any of `expect` counts, so one that exists is enough: an API reference's question names
    // each copy its generator wrote of the page (rustdoc's re-exports), of which the build keeps one.
    if (c.expect && !c.expect.some((id) => known.has(id))) {
      throw new Error(`fixture names no document that exists: ${c.expect.join(", ")}`);
    }
    const ranked = await engine(c.query);
    const results = ranked.map((r) => r.path);
    if (c.anchors || c.member) {
      s.members++;
      const hit = ranked.slice(0, 5).some((r) =>
        c.expect!.includes(r.path) && (c.member || c.anchors!.includes(r.anchor ?? ""))
      );
      if (hit) s.member5++;
    }
    if (!c.expectNone) s.empty.push(results.length === 0);
    s.cases++;
    let ok = true;
    if (c.expect) {
      rankedCases++;
      const rank = results.findIndex((p) => c.expect!.includes(p)) + 1;
      s.ranks.push(rank);
      s.answers.push({ query: c.query, top: results.slice(0, 3) });
      if (rank === 1) s.recall1++;
      if (rank >= 1 && rank <= 3) s.recall3++;
      if (rank >= 1 && rank <= 5) {
        s.recall5++;
        s.mrr5 += 1 / rank;
        s.ndcg5 += 1 / Math.log2(rank + 1);
      }
      if (rank >= 1) {
        s.recall10++;
        s.mrr += 1 / rank;
      }
      ok = rank >= 1 && rank <= (c.topN ?? 10);
    }
    if (c.expectNone && results.length > 0) ok = false;
    if (c.mustNotInclude?.some((p) => results.includes(p))) ok = false;
    if (ok) s.passed++;
    else s.failures.push(`[${c.kind}] ${c.query} → ${results.slice(0, 3).join(", ") || "(none)"}`);
  }
  const n = Math.max(1, rankedCases);
  s.member5 /= Math.max(1, s.members);
  s.recall1 /= n;
  s.recall3 /= n;
  s.recall5 /= n;
  s.recall10 /= n;
  s.mrr /= n;
  s.mrr5 /= n;
  s.ndcg5 /= n;
  return s;
}

/** Reciprocal rank within the top 5 (0 past it or when not found). */
const rr5 = (rank: number) => rank >= 1 && rank <= 5 ? 1 / rank : 0;

/** Shelf's MRR@5 minus a baseline's, with the bootstrap 95% interval of the difference. */
export interface Difference {
  baseline: string;
  queries: number;
  diff: number;
  low: number;
  high: number;
}

/**
 * The paired bootstrap of Shelf's MRR@5 minus the best baseline's (by MRR@5) over the same
 * queries: the queries are resampled with replacement `rounds` times with a fixed seed (so a run
 * is repeatable) and the 2.5th and 97.5th percentiles of the mean difference are the interval.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapDifference } from "./eval.ts";
 * const d = bootstrapDifference({ shelf: [1, 1, 2, 0], lunr: [2, 1, 0, 0] });
 * assert.equal(d.baseline, "lunr");
 * assert.equal(d.diff, (0.5 + 0 + 0.5 + 0) / 4);
 * assert.ok(d.low <= d.diff && d.diff <= d.high);
 * ```
 */
export function bootstrapDifference(
  ranks: Record<string, number[]>,
  rounds = 2000,
): Difference {
  const shelf = ranks.shelf!.map(rr5);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const [baseline, other] = Object.entries(ranks).filter(([name]) => name !== "shelf")
    .map(([name, r]) => [name, r.map(rr5)] as const)
    .sort((a, b) => mean(b[1]) - mean(a[1]))[0]!;
  const d = shelf.map((x, i) => x - other[i]!);
  // A small, seeded generator (mulberry32): the same intervals on every run.
  let seed = 0x5eed;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const means: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += d[Math.floor(random() * d.length)]!;
    means.push(sum / Math.max(1, d.length));
  }
  means.sort((a, b) => a - b);
  return {
    baseline,
    queries: d.length,
    diff: mean(d),
    low: means[Math.floor(rounds * 0.025)]!,
    high: means[Math.ceil(rounds * 0.975) - 1]!,
  };
}

/**
 * Runs the fixtures of a question set (all, or those of the `corpora` named); returns scores by
 * corpus and engine. A corpus that is not on this machine is an error naming the package that
 * provides it.
 */
export async function evaluate(
  corpora?: readonly string[],
  set: QuestionSet = "fixtures",
  options: { part?: boolean } = {},
): Promise<Record<string, Record<string, EngineScores>>> {
  const out: Record<string, Record<string, EngineScores>> = {};
  for (const whole of await readFixtures(corpora, set)) {
    const fixture = options.part ? gatePart(whole) : whole;
    const store = await loadStore([fixture], ["docs"]);
    const known = new Set(store.documents.map((d) => d.path));
    const scores: Record<string, EngineScores> = {};
    // FlexSearch beside the others where the questions are an API reference's.
    for (const [name, engine] of Object.entries(await engines(store, isApiReference(fixture)))) {
      scores[name] = await score(engine, fixture.cases, known);
    }
    out[fixture.corpus] = scores;
  }
  return out;
}

/**
 * Every corpus on one shelf, each its own source, each fixture searched with `source` set to
 * its corpus: Shelf scoring a narrowed search by the statistics of the source it is narrowed to
 * (`shelf`, the default) and by the whole shelf's (`global`). Scores by corpus, then engine.
 */
export async function evaluateOneShelf(
  corpora?: readonly string[],
): Promise<Record<string, Record<string, EngineScores>>> {
  const fixtures = await readFixtures(corpora);
  const names = fixtures.map((f) => f.corpus);
  const store = await loadStore(fixtures, names);
  const shelf = createSearchEngine(store, buildIndexFor(store));
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  const out: Record<string, Record<string, EngineScores>> = {};
  for (const fixture of fixtures) {
    const source = fixture.corpus;
    const known = new Set(store.documents.filter((d) => d.source === source).map((d) => d.path));
    const run = (globalStatistics: boolean): Engine => async (q) =>
      pages(
        (await shelf.query(q, { weights, limit: 10, source, globalStatistics })).hits
          .map((h) => h.doc.path),
      );
    out[source] = {
      shelf: await score(run(false), fixture.cases, known),
      global: await score(run(true), fixture.cases, known),
    };
  }
  return out;
}

/** Formats the scores as a table, then Shelf − best baseline per corpus and pooled. */
export function formatScores(results: Record<string, Record<string, EngineScores>>): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const lines = [
    "corpus          engine            R@1     R@3     R@5    R@10     MRR   MRR@5  nDCG@5   rules" +
    "     M@5",
  ];
  const corpora = Object.keys(results).sort();
  for (const corpus of corpora) {
    for (const [engine, s] of Object.entries(results[corpus]!)) {
      lines.push(
        `${corpus.padEnd(15)} ${engine.padEnd(16)} ${pct(s.recall1)} ${pct(s.recall3)} ` +
          `${pct(s.recall5)} ${pct(s.recall10)} ${s.mrr.toFixed(3).padStart(7)} ` +
          `${s.mrr5.toFixed(3).padStart(7)} ${s.ndcg5.toFixed(3).padStart(7)}   ` +
          `${s.passed}/${s.cases}`.padEnd(8) +
          (s.members > 0 ? `${pct(s.member5)} of ${s.members}` : ""),
      );
    }
  }
  const line = (name: string, d: Difference) =>
    `${name.padEnd(15)} Shelf − ${d.baseline.padEnd(15)} MRR@5 ${d.diff >= 0 ? "+" : ""}${
      d.diff.toFixed(3)
    }  95% [${d.low.toFixed(3)}, ${d.high.toFixed(3)}]  (${d.queries} queries)`;
  lines.push("", "MRR@5 difference to the best baseline, bootstrap 95% interval:");
  const pooled: Record<string, number[]> = {};
  for (const corpus of corpora) {
    const ranks = Object.fromEntries(
      Object.entries(results[corpus]!).map(([engine, s]) => [engine, s.ranks]),
    );
    lines.push(line(corpus, bootstrapDifference(ranks)));
    for (const [engine, r] of Object.entries(ranks)) (pooled[engine] ??= []).push(...r);
  }
  if (corpora.length > 1) lines.push(line("pooled", bootstrapDifference(pooled)));
  // Questions some baseline answers and Shelf leaves empty (the never-empty target).
  const empties = corpora.flatMap((corpus) => {
    const byEngine = results[corpus]!;
    const shelf = byEngine.shelf!;
    return shelf.empty.flatMap((isEmpty, i) =>
      isEmpty && Object.entries(byEngine).some(([e, s]) => e !== "shelf" && !s.empty[i])
        ? [`${corpus} #${i + 1}`]
        : []
    );
  });
  lines.push(
    "",
    `Empty answers from Shelf where a baseline answers: ${empties.length}` +
      (empties.length > 0 ? ` (${empties.join(", ")})` : ""),
  );
  return lines.join("\n");
}

if (import.meta.main) {
  // `--corpora=a,b`: only those corpora (the API references are built one at a time anyway).
  const only = Deno.args.find((a) => a.startsWith("--corpora="))?.slice("--corpora=".length)
    .split(",");
  const results = await evaluate(only);
  console.log(formatScores(results));
  console.log(
    "\nOne shelf of every corpus, each a source, searched with `source`: Shelf scored by the " +
      "source's statistics, beside the whole shelf's (global)\n",
  );
  // The API references are left off the one shelf: three whole references on one shelf are
  // more memory than the evaluation machine has to spare, and they have their own table.
  const docsSites = (await readFixtures(only)).filter((f) => !isApiReference(f))
    .map((f) => f.corpus);
  if (docsSites.length > 0) {
    console.log(
      formatScores(await evaluateOneShelf(docsSites)).replace(/\nEmpty answers[^]*$/, ""),
    );
  }
  console.log(
    "\nQuestions answered by one part of a long page (at least 4× its corpus's average length)\n",
  );
  const longPages = await evaluate(only, "long_pages");
  console.log(formatScores(longPages));
  console.log("\nQuestions spelled the British way whose pages are spelled the American way\n");
  const spelling = await evaluate(undefined, "spelling");
  console.log(formatScores(spelling));
  if (Deno.args.includes("--misses")) {
    // Every ranked question Shelf does not answer first, beside the best rank of a baseline.
    const sets = [results, longPages, spelling];
    for (const [corpus, byEngine] of sets.flatMap((set) => Object.entries(set))) {
      const shelf = byEngine.shelf!;
      shelf.ranks.forEach((rank, i) => {
        if (rank === 1) return;
        const others = Object.entries(byEngine).filter(([e]) => e !== "shelf")
          .map(([e, s]) => `${e} ${s.ranks[i] || "-"}`).join(", ");
        console.log(
          `${corpus}: "${shelf.answers[i]!.query}" shelf ${rank || "-"} (${others}) → ` +
            shelf.answers[i]!.top.join(", "),
        );
      });
    }
  }
  if (Deno.args.includes("--failures")) {
    for (const [corpus, byEngine] of Object.entries(results)) {
      for (const f of byEngine.shelf?.failures ?? []) console.log(`shelf ${corpus}: ${f}`);
    }
  }
}
