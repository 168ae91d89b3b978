/**
 * One query's work is bounded: past the budget, a plan drops the most frequent near matches,
 * then the most frequent words, and the search tools name the words left out.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { appFor, callTool, manifestOf, post } from "../helpers.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { QUERY_DOCS_MIN } from "../../src/search/expansion_rules.ts";
import { withinBudget } from "../../src/search/query_budget.ts";
import { buildIndexFor, indexableDocuments } from "../../src/search/search_engine.ts";
import type { QueryPlan } from "../../src/search/query_planner.ts";

/** Documents a plan scores: each dictionary term once. */
function costOf(plan: QueryPlan, dfOf: (t: string) => number): number {
  const terms = new Set([...plan.expansions.values()].flatMap((m) => [...m.keys()]));
  return [...terms].reduce((sum, t) => sum + dfOf(t), 0);
}

/** A plan of `words` words, each with an exact term (or none) and completions, plus identifiers. */
const plans = fc.record({
  words: fc.array(
    fc.record({
      exact: fc.boolean(),
      completions: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  identifiers: fc.integer({ min: 0, max: 2 }),
  dfs: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 40, maxLength: 40 }),
  budget: fc.integer({ min: 0, max: 20_000 }),
}).map(({ words, identifiers, dfs, budget }) => {
  const terms = words.map((_, i) => `w${i}`);
  const expansions = new Map<string, Map<string, number>>();
  words.forEach(({ exact, completions }, i) => {
    const matches = new Map<string, number>();
    if (exact) matches.set(`w${i}`, 1);
    // Completions may be shared between words (`c1` of two words is one dictionary term).
    for (const c of completions) matches.set(`c${c}`, 0.5);
    expansions.set(`w${i}`, matches);
  });
  for (let i = 0; i < identifiers; i++) {
    terms.push(`id${i}`);
    expansions.set(`id${i}`, new Map([[`id${i}`, 1]]));
  }
  const unmatched = terms.slice(0, words.length)
    .filter((t) => expansions.get(t)!.size === 0).map((t) => ({ word: t, term: t }));
  const plan: QueryPlan = {
    terms,
    words: words.length,
    typed: terms.slice(0, words.length).map((t) => t.toUpperCase()),
    expansions,
    unmatched,
  };
  const df = new Map<string, number>();
  const all = [...expansions.values()].flatMap((m) => [...m.keys()]);
  all.forEach((t) => df.set(t, dfs[Number(t.replace(/\D/g, "")) + (t[0] === "c" ? 20 : 0)]!));
  return { plan, dfOf: (t: string) => df.get(t) ?? 0, budget };
});

Deno.test("query budget: a cut plan fits, or keeps one scoring word and no near match", () => {
  fc.assert(
    fc.property(plans, ({ plan, dfOf, budget }) => {
      const before = JSON.stringify([...plan.expansions].map(([k, m]) => [k, [...m]]));
      const cut = withinBudget(plan, dfOf, budget);
      // The plan given is never changed.
      assert.equal(JSON.stringify([...plan.expansions].map(([k, m]) => [k, [...m]])), before);
      if (costOf(plan, dfOf) <= budget) return assert.equal(cut, plan);
      // Kept terms in their order; words before identifiers; `typed` follows the words.
      assert.deepEqual(cut.terms, plan.terms.filter((t) => cut.terms.includes(t)));
      assert.equal(cut.terms.slice(0, cut.words).every((t) => t.startsWith("w")), true);
      assert.deepEqual(cut.typed, cut.terms.slice(0, cut.words).map((t) => t.toUpperCase()));
      // Every word is kept or reported ignored; a word found nowhere is never "ignored"; at
      // least one word is kept.
      assert.equal(cut.words + cut.ignored!.length, plan.words);
      assert.ok(cut.words >= 1);
      // Words go only once every near match and identifier has gone.
      if (cut.ignored!.length > 0) {
        assert.equal(cut.terms.length, cut.words);
        for (const t of cut.terms) assert.ok(cut.expansions.get(t)!.size <= 1);
      }
      for (const word of cut.ignored!) {
        assert.ok(!plan.unmatched.some((u) => u.word.toUpperCase() === word));
      }
      // A kept word keeps at least one of its terms, and only terms it had.
      for (const term of cut.terms.slice(0, cut.words)) {
        const matches = cut.expansions.get(term)!;
        assert.ok(matches.size > 0 || plan.expansions.get(term)!.size === 0);
        for (const t of matches.keys()) assert.ok(plan.expansions.get(term)!.has(t));
      }
      if (costOf(cut, dfOf) > budget) {
        // Over budget only when a single word that costs anything is left, with its exact
        // term alone (or, if it has none, a single completion).
        const costly = cut.terms.slice(0, cut.words).filter((t) =>
          [...cut.expansions.get(t)!.keys()].some((x) => dfOf(x) > 0)
        );
        assert.equal(costly.length, 1);
        assert.equal(cut.terms.length, cut.words);
        assert.equal(cut.expansions.get(costly[0]!)!.size, 1);
      }
    }),
    { numRuns: 2_000 },
  );
});

// A site of 1,000 pages that all hold the same twenty words, one of which also names a tool
// nothing else mentions: twenty words in every page cost 20,000 documents, over the budget.
const COMMON = [
  "alpha",
  "bravo",
  "charlie",
  "delta",
  "echo",
  "foxtrot",
  "golf",
  "hotel",
  "india",
  "juliett",
  "kilo",
  "lima",
  "mike",
  "november",
  "oscar",
  "papa",
  "quebec",
  "romeo",
  "sierra",
  "tango",
];
assert.ok(COMMON.length * 1_000 > QUERY_DOCS_MIN);
const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: Array.from({ length: 1_000 }, (_, i) => ({
    path: `page-${i}.md`,
    text: `# Page ${i}\n\n${COMMON.join(" ")}${i === 417 ? " zeppelin" : ""}.`,
  })),
}]);
const { app, errors } = appFor(manifest);

Deno.test("search tools: a long query of common words still finds its page and names the words left out", async () => {
  const query = `${COMMON.join(" ")} zeppelin`;
  const search = await callTool(app, "search", { query });
  assert.equal(search.structuredContent.results[0].uri, "acdc://docs/page-417");
  const note = search.content[0].text.match(/Left out as too common[^\n]*/)?.[0];
  assert.ok(note, search.content[0].text.slice(-300));
  // The words left out are among the common ones, never the rare one.
  const left = [...note.matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
  assert.ok(left.length >= 1 && left.every((w) => COMMON.includes(w!)), note);
  // The same words, structured (and declared in the tools' output schemas).
  assert.deepEqual(search.structuredContent.ignored, left);
  const articles = await callTool(app, "search_articles", { query });
  assert.equal(articles.structuredContent.articles[0].slug, "page-417");
  assert.match(articles.structuredContent.message, /Left out as too common/);
  assert.deepEqual(articles.structuredContent.ignored, left);
  const listed = await post(app, { jsonrpc: "2.0", id: 2, method: "tools/list" }, {
    "content-type": "application/json",
    "mcp-protocol-version": "2025-06-18",
  });
  for (const name of ["search", "search_articles"]) {
    const tool = listed.body.result.tools.find((t: { name: string }) => t.name === name);
    assert.equal(tool.outputSchema.properties.ignored.type, "array", name);
  }
  // A short query of the same words is not cut.
  const short = await callTool(app, "search", { query: "alpha zeppelin" });
  assert.doesNotMatch(short.content[0].text, /Left out/);
  assert.equal(short.structuredContent.ignored, undefined);
  assert.deepEqual(errors, []);
});

Deno.test("did you mean: a suggestion is spelled only from what the query left of its budget", async () => {
  // A new app: no spelling from another test is remembered.
  const fresh = appFor(manifest);
  // "axxha" is two edits from "alpha", which is in every page: spelling it reads 1,000 postings,
  // more than the long query's cut plan leaves.
  const long = await callTool(fresh.app, "search", { query: `${COMMON.join(" ")} axxha` });
  assert.deepEqual(long.structuredContent.unmatched, [{ word: "axxha", suggestions: [] }]);
  assert.match(long.content[0].text, /No document mentions 'axxha'\./);
  // Alone, the word leaves the whole budget to its suggestion.
  const short = await callTool(fresh.app, "search", { query: "axxha" });
  assert.deepEqual(short.structuredContent.unmatched, [{ word: "axxha", suggestions: ["alpha"] }]);
  assert.deepEqual(fresh.errors, []);
});

Deno.test("query budget: only as much is cut as the budget needs, most frequent first", () => {
  const df: Record<string, number> = { deploy: 100, deployment: 5_000, deployer: 50, tar: 10 };
  const plan: QueryPlan = {
    terms: ["deploy", "tar"],
    words: 2,
    typed: ["deploy", "tar"],
    expansions: new Map([
      ["deploy", new Map([["deploy", 1], ["deployment", 0.5], ["deployer", 0.5]])],
      ["tar", new Map([["tar", 1]])],
    ]),
    unmatched: [],
  };
  const cut = withinBudget(plan, (t) => df[t] ?? 0, 200);
  assert.deepEqual([...cut.expansions.get("deploy")!.keys()], ["deploy", "deployer"]);
  assert.deepEqual(cut.terms, ["deploy", "tar"]);
  assert.deepEqual(cut.ignored, []);
});

Deno.test("query budget: a long page's parts count, so words its sections all hold are cut", async () => {
  // Four reference pages of 1,100 short entries each (every entry a part of its page), beside
  // 100 short pages: five words are on only 4 pages but in 4,400 parts, whose postings are
  // decoded and read with the pages'.
  const WORDS = ["alpha", "bravo", "charlie", "delta", "echo"];
  const entries = (p: number) =>
    Array.from({ length: 1_100 }, (_, j) => `## Entry ${p}-${j}\n\n${WORDS.join(" ")} entry ${j}.`);
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      ...Array.from({ length: 4 }, (_, p) => ({
        path: `reference-${p}.md`,
        text: `# Reference ${p}\n\n${entries(p).join("\n\n")}`,
      })),
      ...Array.from({ length: 100 }, (_, i) => ({
        path: `note-${i}.md`,
        text: `# Note ${i}\n\nA short note.`,
      })),
    ],
  }]);
  const store = createContentStore(manifest);
  await store.loadBodies();
  assert.ok(indexableDocuments(store).filter((d) => d.partOf !== undefined).length >= 4_400);
  const index = buildIndexFor(store);
  const data = await index.export();
  const at = (t: string) => data.terms.indexOf(t);
  // Each word's term, as a query of that word alone finds it.
  const terms = WORDS.map((w) => index.plan(w).terms[0]!);
  assert.ok(terms.every((t) => at(t) >= 0), terms.join());
  const pagesCost = terms.reduce((sum, t) => sum + data.counts[at(t)]!, 0);
  const partsCost = terms.reduce((sum, t) => sum + data.partCounts![at(t)]!, 0);
  // Counting the pages alone, nothing would be cut.
  assert.ok(pagesCost < QUERY_DOCS_MIN && pagesCost + partsCost > QUERY_DOCS_MIN);
  const plan = index.plan(WORDS.join(" "));
  assert.ok(plan.ignored !== undefined && plan.ignored.length >= 1, JSON.stringify(plan.ignored));
  assert.ok(plan.words >= 1);
  const kept = plan.terms.slice(0, plan.words);
  const cost = kept.reduce((sum, t) => sum + data.counts[at(t)]! + data.partCounts![at(t)]!, 0);
  assert.ok(cost <= QUERY_DOCS_MIN || kept.length === 1, `${cost}`);
});
