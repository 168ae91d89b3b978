import assert from "node:assert/strict";
import {
  buildSearchIndex,
  type FieldWeights,
  importSearchIndex,
} from "../../src/search/search_index.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { manifestOf } from "../helpers.ts";

const W: FieldWeights = { name: 2, keywords: 3, description: 1, content: 1 };
const docs = [
  { id: "kw", name: "Alpha", keywords: ["deployment"], description: "", content: "nothing" },
  { id: "name", name: "Deployment guide", keywords: [], description: "", content: "nothing" },
  { id: "body", name: "Beta", keywords: [], description: "", content: "about deployment here" },
  { id: "both", name: "Gamma", keywords: [], description: "", content: "deployment and rollback" },
  { id: "none", name: "Delta", keywords: [], description: "", content: "unrelated" },
];

Deno.test("search: field weights keywords 3 > name 2 > content 1; only matches returned", () => {
  const index = buildSearchIndex(docs, "h");
  const hits = index.search(index.plan("deployments"), { weights: W });
  assert.deepEqual(hits.map((h) => index.ids.at(h.doc)).slice(0, 2), ["kw", "name"]);
  assert.deepEqual(
    new Set(hits.map((h) => index.ids.at(h.doc))),
    new Set(["kw", "name", "body", "both"]),
  );
});

Deno.test("search: OR semantics scaled by matched/total terms", () => {
  const index = buildSearchIndex(docs, "h");
  const hits = index.search(index.plan("deployment rollback"), { weights: W });
  const both = hits.find((h) => index.ids.at(h.doc) === "both")!;
  const body = hits.find((h) => index.ids.at(h.doc) === "body")!;
  assert.equal(both.matched, 2);
  assert.equal(body.matched, 1);
  assert.ok(both.score > body.score * 2);
});

Deno.test("search: one typo matches at half weight; two typos do not", () => {
  const index = buildSearchIndex(docs, "h");
  const exact = index.search(index.plan("rollback"), { weights: W })[0]!;
  const typo = index.search(index.plan("rolback"), { weights: W })[0]!;
  assert.equal(index.ids.at(typo.doc), "both");
  assert.ok(Math.abs(typo.score - exact.score / 2) < 1e-9, `${typo.score} vs ${exact.score}`);
  assert.equal(index.search(index.plan("rolbakc"), { weights: W }).length, 0);
  assert.equal(index.search(index.plan("the and of"), { weights: W }).length, 0, "stop words only");
});

Deno.test("search: rarer terms weigh more", () => {
  const index = buildSearchIndex([
    { id: "a", name: "", keywords: [], description: "", content: "common rare" },
    { id: "b", name: "", keywords: [], description: "", content: "common" },
    { id: "c", name: "", keywords: [], description: "", content: "common" },
  ], "h");
  const rare = index.search(index.plan("rare"), { weights: W })[0]!.score;
  const common = index.search(index.plan("common"), { weights: W })[0]!.score;
  assert.ok(rare > common);
});

Deno.test("export → JSON → import gives the same results", async () => {
  const index = buildSearchIndex(docs, "h");
  const copy = importSearchIndex(JSON.parse(JSON.stringify(await index.export())));
  for (const q of ["deployment", "rolback", "guide deploy", "zzz"]) {
    assert.deepEqual(
      copy.search(copy.plan(q), { weights: W }),
      index.search(index.plan(q), { weights: W }),
      q,
    );
  }
});

Deno.test("import refuses an index made by another analyzer, in another layout, or incomplete", async () => {
  const data = await buildSearchIndex(docs, "h").export();
  assert.throws(() => importSearchIndex({ ...data, analyzer: "other" }), /does not match/);
  // The layout before postings (FlexSearch's export under `flex`) is rebuilt, not misread.
  const { postings: _, layout: __, ...flexEra } = data;
  assert.throws(
    () => importSearchIndex({ ...flexEra, flex: {} } as unknown as typeof data),
    /layout 'undefined' is not 'shelf-postings-5'/,
  );
  assert.throws(
    () => importSearchIndex({ ...data, postings: data.postings.slice(1) }),
    /incomplete/,
  );
  assert.throws(() => importSearchIndex({ ...data, counts: undefined! }), /incomplete/);
  // Parts name a page before them; an index of parts only, or parts of a part, is refused.
  assert.throws(() => importSearchIndex({ ...data, parts: [data.ids.length] }), /invalid parts/);
  assert.throws(
    () => importSearchIndex({ ...data, parts: Array.from({ length: data.ids.length }, () => 0) }),
    /invalid parts/,
  );
  assert.throws(() => importSearchIndex({ ...data, parts: [] }), /invalid parts/);
  assert.throws(() => importSearchIndex({ ...data, parts: [0.5] }), /invalid parts/);
  // Parts follow their pages' order (the part rule finds a page's by a binary search).
  assert.ok(data.ids.length >= 3);
  assert.throws(() => importSearchIndex({ ...data, parts: [1, 0] }), /invalid parts/);
  assert.throws(
    () =>
      buildSearchIndex([
        ...docs.slice(0, 2),
        { id: "p1", name: "", keywords: [], description: "", content: "x", partOf: 1 },
        { id: "p0", name: "", keywords: [], description: "", content: "x", partOf: 0 },
      ], "h"),
    /in their order/,
  );
  assert.throws(() => importSearchIndex({ ...data, names: data.names.slice(1) }), /incomplete/);
  // Part counts come with parts, one per term, each at most the number of parts.
  assert.throws(() => importSearchIndex({ ...data, parts: [0] }), /invalid partCounts/);
  assert.throws(
    () => importSearchIndex({ ...data, partCounts: data.terms.map(() => 0) }),
    /invalid partCounts/,
  );
  const withParts = await buildSearchIndex(
    [...docs, {
      id: "kw#1",
      name: "",
      keywords: [],
      description: "",
      // Would be the best document of both words, were parts documents of their own.
      content: "deployment rollback ".repeat(5),
      partOf: 0,
    }],
    "h",
  ).export();
  assert.equal(importSearchIndex(withParts).pages, docs.length);
  const { partCounts } = withParts;
  assert.equal(partCounts![withParts.terms.indexOf("deploy")], 1);
  for (
    const bad of [partCounts!.slice(1), partCounts!.map(() => -1), partCounts!.map(() => 2), [
      ...partCounts!.slice(1),
      0.5,
    ]]
  ) {
    assert.throws(() => importSearchIndex({ ...withParts, partCounts: bad }), /invalid partCounts/);
  }
  const { partCounts: _pc, ...noCounts } = withParts;
  assert.throws(() => importSearchIndex(noCounts), /invalid partCounts/);
  // A term's best document is a page, never a part, and the one a search ranks first.
  const index = importSearchIndex(withParts);
  for (const word of ["deployment", "rollback", "unrelated"]) {
    const term = index.plan(word).terms[0]!;
    const plan = {
      terms: [term],
      words: 1,
      expansions: new Map([[term, new Map([[term, 1]])]]),
      unmatched: [],
    };
    const best = index.bestDocument(term, W);
    assert.ok(best >= 0 && best < docs.length, word);
    assert.equal(best, index.search(plan, { weights: W })[0]!.doc, word);
  }
  assert.throws(
    () => importSearchIndex({ ...data, lengths: { ...data.lengths, content: [] } }),
    /incomplete/,
  );
});

Deno.test("engine cache: uses a matching prebuilt index, rebuilds on hash or analyzer mismatch", async () => {
  const m = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# Alpha\nalpha body" }],
  }]);
  const store = createContentStore(m);
  const data = await buildIndexFor(store).export();
  for (
    const [prebuilt, warns] of [
      [data, 0],
      [{ ...data, contentHash: "other" }, 1],
      [{ ...data, analyzer: "old-analyzer" }, 1],
      [{ ...data, layout: "old-layout" }, 1],
      [undefined, 0],
    ] as const
  ) {
    const warnings: string[] = [];
    let loads = 0;
    const cache = createEngineCache({
      loadPrebuilt: () => (loads++, Promise.resolve(prebuilt)),
      onWarning: (m) => warnings.push(m),
    });
    const engine = await cache.get(store);
    assert.equal(await cache.get(store), engine, "one engine per store");
    assert.equal(loads, 1, "loaded lazily, once");
    assert.equal(warnings.length, warns, warnings.join());
    const { hits } = await engine.query("alpha", { weights: W, limit: 5 });
    assert.equal(hits[0]?.doc.id, "docs/a");
  }
});

Deno.test("engine: source, category and tag filters", async () => {
  const m = await manifestOf([
    {
      name: "one",
      description: "",
      files: [{ path: "guides/a.md", text: "---\ntags: [ops]\n---\n# Deploy a" }],
    },
    { name: "two", description: "", files: [{ path: "ref/b.md", text: "# Deploy b" }] },
  ]);
  const store = createContentStore(m);
  const engine = await createEngineCache().get(store);
  const ids = async (o: Record<string, string>) =>
    (await engine.query("deploy", { weights: W, limit: 10, ...o })).hits.map((h) => h.doc.id);
  assert.deepEqual((await ids({})).sort(), ["one/guides/a", "two/ref/b"]);
  assert.deepEqual(await ids({ source: "two" }), ["two/ref/b"]);
  assert.deepEqual(await ids({ category: "GUIDES" }), ["one/guides/a"]);
  assert.deepEqual(await ids({ tag: "ops" }), ["one/guides/a"]);
  assert.deepEqual(await ids({ source: "two", tag: "ops" }), []);
  assert.deepEqual(await ids({ source: "nope" }), []);
});

Deno.test("abbreviations: a long query word finds the short form documents use", () => {
  const index = buildSearchIndex([
    {
      id: "spec",
      name: "Spec-driven work",
      keywords: [],
      description: "",
      content: "Write the spec.",
    },
    { id: "cfg", name: "Config files", keywords: [], description: "", content: "Edit the config." },
    { id: "other", name: "Other", keywords: [], description: "", content: "Nothing here." },
    { id: "short", name: "Short", keywords: [], description: "", content: "spe specifi" },
  ], "h");
  const ids = (q: string) =>
    index.search(index.plan(q), { weights: W }).map((h) => index.ids.at(h.doc));
  assert.deepEqual(ids("specifications").slice(0, 1), ["spec"]);
  assert.deepEqual(ids("configuration"), ["cfg"]);
  // At prefix weight, and never from a head shorter than four letters or half the word.
  const plan = index.plan("specifications");
  assert.equal(plan.expansions.get("specif")?.get("spec"), 0.5);
  assert.equal(plan.expansions.get("specif")?.has("spe"), false, "three letters: too short");
  assert.deepEqual(ids("x".repeat(1000)), []);
});

Deno.test("search: each hit counts the query words its title or description has", () => {
  const heads = [
    { id: "title", name: "Code review", keywords: [], description: "", content: "x" },
    { id: "split", name: "Code", keywords: [], description: "reviews", content: "x" },
    { id: "one", name: "Code", keywords: [], description: "", content: "review" },
    { id: "body", name: "Other", keywords: ["code"], description: "", content: "review" },
  ];
  const index = buildSearchIndex(heads, "h");
  const count = (weights: FieldWeights, query = "code review") =>
    Object.fromEntries(
      index.search(index.plan(query), { weights }).map((h) => [index.ids.at(h.doc), h.headWords]),
    );
  assert.deepEqual(count(W), { title: 2, split: 2, one: 1, body: 0 });
  // Whatever the weights: a description weighing nothing still holds its words.
  assert.deepEqual(count({ ...W, description: 0 }), { title: 2, split: 2, one: 1, body: 0 });
  // Typos count (the phrase check takes the same variants).
  assert.equal(count(W, "code reveiw").title, 2);
});

Deno.test("search: a term's scores are kept per weight set and filter-independent", () => {
  const other: FieldWeights = { name: 5, keywords: 0, description: 1, content: 0.5 };
  const scores = (index: ReturnType<typeof buildSearchIndex>, weights: FieldWeights) =>
    index.search(index.plan("deployment rollback"), { weights }).map((
      h,
    ) => [index.ids.at(h.doc), h.score]);
  const used = buildSearchIndex(docs, "h");
  scores(used, W);
  // Asked with other weights after W, the index scores as a fresh index does.
  assert.deepEqual(scores(used, other), scores(buildSearchIndex(docs, "h"), other));
  assert.notDeepEqual(scores(used, other), scores(used, W));
  // A filtered search leaves the kept scores whole for the next unfiltered one.
  const body = docs.findIndex((d) => d.id === "body");
  const filtered = used.search(used.plan("deployment"), { weights: W, filter: (n) => n === body });
  assert.deepEqual(filtered.map((h) => used.ids.at(h.doc)), ["body"]);
  assert.deepEqual(scores(used, W), scores(buildSearchIndex(docs, "h"), W));
});

Deno.test("search: words with combining marks match whole (Hindi), not letter by letter", () => {
  const index = buildSearchIndex([
    { id: "hindi", name: "भाषा", keywords: [], description: "", content: "हिन्दी भाषा" },
    // "hand, day": every letter of हिन्दी is here, in other words.
    { id: "letters", name: "हाथ", keywords: [], description: "", content: "हाथ दिन" },
  ], "h");
  const ids = (q: string) =>
    index.search(index.plan(q), { weights: W }).map((h) => index.ids.at(h.doc));
  assert.deepEqual(ids("हिन्दी"), ["hindi"]);
  assert.deepEqual(ids("दिन"), ["letters"]);
});

Deno.test("numbers: no typo variants, abbreviations or suggestions; completions stay", () => {
  const index = buildSearchIndex([
    { id: "port", name: "Ports", keywords: [], description: "", content: "listen on 8080" },
    { id: "alt", name: "Other port", keywords: [], description: "", content: "or on 8081" },
    { id: "year", name: "Release", keywords: [], description: "", content: "shipped in 2024" },
    { id: "word", name: "Words", keywords: [], description: "", content: "a rare wordz" },
  ], "h");
  const ids = (q: string) =>
    index.search(index.plan(q), { weights: W }).map((h) => index.ids.at(h.doc));
  // A rare number as typed finds itself only: the one a digit away is another port.
  assert.deepEqual([...index.plan("8080").expansions.get("8080")!], [["8080", 1]]);
  assert.deepEqual(ids("8080"), ["port"]);
  // A number no page has finds nothing and is suggested nothing.
  assert.deepEqual(ids("8082"), []);
  assert.deepEqual(index.plan("8082").unmatched, [{ word: "8082", term: "8082" }]);
  assert.deepEqual(index.suggest("8082", 3), []);
  // No abbreviation: 2024011 is not 2024.
  assert.deepEqual(ids("2024011"), []);
  // A prefix still completes.
  assert.deepEqual(new Set(ids("808")), new Set(["port", "alt"]));
  // Digits of other scripts are numbers too.
  const arabic = buildSearchIndex([
    { id: "a", name: "Port", keywords: [], description: "", content: "on ٨٠٨٠ and ٨٠٨ or ٨٠٨١" },
  ], "h");
  assert.deepEqual([...arabic.plan("٨٠٨٠").expansions.get("٨٠٨٠")!.keys()], ["٨٠٨٠"]);
  assert.deepEqual(arabic.suggest("٨٠٨٢", 3), []);
  // Words with letters keep their typos and suggestions.
  assert.deepEqual(ids("wordx"), ["word"]);
  assert.ok(index.suggest("wrodx", 3).includes("wordz"));
});
