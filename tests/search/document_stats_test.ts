/**
 * An index keeping its per-document data in ranges (`document_ranges.ts`, a sharded build's):
 * its first search reads every stats range, a search reads the name ranges of its exact-name
 * candidates only, and every answer is the whole index's.
 */
import assert from "node:assert/strict";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { DEFAULT_SERVER } from "../../src/build/parse_metadata.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { splitDocuments } from "../../src/search/document_ranges.ts";
import { FIELDS } from "../../src/search/index_fields.ts";
import { decodePostings } from "../../src/search/postings.ts";
import { createDocumentStats, NAME_RANGES_A_CALL } from "../../src/search/document_stats.ts";
import {
  buildIndexFor,
  createSearchEngine,
  type QueryOptions,
  type SearchEngine,
} from "../../src/search/search_engine.ts";
import {
  buildSearchIndex,
  importSearchIndex,
  type SearchIndexData,
} from "../../src/search/search_index.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

const WEIGHTS = { name: 2, keywords: 3, description: 1.5, content: 1 };

/** An engine over `data` with its documents' data in ranges of `statsDocs` and `namesDocs`. */
function rangedEngine(manifest: Manifest, data: SearchIndexData, statsDocs = 16, namesDocs = 8) {
  const { edge, stats, names } = splitDocuments(data, statsDocs, namesDocs);
  const reads = { stats: [] as number[], names: [] as number[] };
  const index = importSearchIndex(edge, {
    statsRange: (k) => (reads.stats.push(k), Promise.resolve(stats[k])),
    namesRange: (k) => (reads.names.push(k), Promise.resolve(names[k])),
  });
  return { engine: createSearchEngine(createContentStore(manifest), index), reads, stats, names };
}

/** What an answer says, without its functions. */
async function answer(engine: SearchEngine, query: string, options: Partial<QueryOptions> = {}) {
  const result = await engine.query(query, { weights: WEIGHTS, limit: 10, ...options });
  return {
    total: result.total,
    unmatched: result.unmatched,
    hits: result.hits.map((h) => ({
      id: h.doc.id,
      score: h.score,
      matched: h.matched,
      partial: h.partial,
      section: h.section,
    })),
  };
}

async function shelf(folder: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${folder}`);
  return { manifest, data: await buildIndexFor(createContentStore(manifest)).export() };
}

Deno.test("document ranges: a cold search reads every stats range once (a rare word's too: they are few and an isolate reads them all) and few name ranges", async () => {
  const { manifest, data } = await shelf("hugo-docs");
  const whole = createSearchEngine(createContentStore(manifest), importSearchIndex(data));
  const query = "vimeo";
  const { engine, reads, stats, names } = rangedEngine(manifest, data);
  assert.deepEqual(await answer(engine, query), await answer(whole, query));
  // The documents its terms' postings hold, in any field: a few ranges of many.
  const plan = importSearchIndex(data).plan(query);
  const wanted = new Set<number>();
  for (const matches of plan.expansions.values()) {
    for (const term of matches.keys()) {
      const i = data.terms.indexOf(term);
      for (const field of decodePostings(data.postings[i]!, FIELDS.length)) {
        for (const n of field.docs) wanted.add(Math.floor(n / 16));
      }
    }
  }
  assert.ok(wanted.size > 0 && wanted.size * 4 < stats.length, `${wanted.size} ranges`);
  assert.deepEqual(reads.stats.toSorted((a, b) => a - b), stats.map((_, k) => k));
  assert.ok(
    reads.names.length > 0 && reads.names.length * 10 < names.length,
    `${reads.names.length} of ${names.length} name ranges`,
  );
  // The same search again reads no name range but those of the pages it did not read, in the
  // background (the test below), and no stats range.
  const before = new Set(reads.names);
  await answer(engine, query);
  const pageRanges = Math.ceil((data.ids.length - (data.parts?.length ?? 0)) / 8);
  assert.ok(reads.names.slice(before.size).every((k) => !before.has(k) && k < pageRanges));
  assert.equal(reads.stats.length, stats.length);
});

Deno.test("document ranges: narrowed searches (a source, a category, their parts) answer as the whole index", async () => {
  const { manifest } = await buildFromFolders({
    server: { ...DEFAULT_SERVER },
    sources: [
      { name: "asdlc", description: "ASDLC", path: `${CORPORA}/asdlc` },
      { name: "hugo", description: "Hugo", path: `${CORPORA}/hugo-docs` },
    ],
    settings: {},
    warnings: [],
  });
  const data = await buildIndexFor(createContentStore(manifest)).export();
  assert.ok((data.parts?.length ?? 0) > 0, "pages scored by their parts");
  const whole = createSearchEngine(createContentStore(manifest), importSearchIndex(data));
  const { engine } = rangedEngine(manifest, data);
  const category = manifest.documents.map((d) => d.category).find(Boolean)!;
  const narrowings: Partial<QueryOptions>[] = [
    { source: "asdlc" },
    { source: "hugo" },
    { category },
    { source: "hugo", globalStatistics: true },
    {},
  ];
  for (const query of ["shortcodes", "context engineering", "image processing", "taxonomy"]) {
    for (const options of narrowings) {
      assert.deepEqual(
        await answer(engine, query, options),
        await answer(whole, query, options),
        `${query} ${JSON.stringify(options)}`,
      );
    }
  }
});

Deno.test("document ranges: an index with its documents' data in ranges exports the whole index", async () => {
  const { data } = await shelf("asdlc");
  const { edge, stats, names } = splitDocuments(data, 16, 8);
  const index = importSearchIndex(edge, {
    statsRange: (k) => Promise.resolve(stats[k]),
    namesRange: (k) => Promise.resolve(names[k]),
  });
  assert.deepEqual(await index.export(), data);
  assert.throws(() => importSearchIndex(edge), /in ranges and nothing reads them/);
});

Deno.test("document ranges: from its second search on, an engine reads the pages' names it has not read in the background", async () => {
  const { manifest, data } = await shelf("hugo-docs");
  const whole = createSearchEngine(createContentStore(manifest), importSearchIndex(data));
  const { engine, reads, stats, names } = rangedEngine(manifest, data);
  await answer(engine, "vimeo");
  assert.equal(reads.stats.length, stats.length, "the first search reads every stats range");
  // The name ranges holding pages (the parts follow them).
  const pages = data.ids.length - data.parts!.length;
  const pageNames = Array.from({ length: Math.ceil(pages / 8) }, (_, k) => k);
  assert.ok(pageNames.length < names.length && pageNames.some((k) => !reads.names.includes(k)));
  // The second search starts the background read: the first name ranges of the pages not read
  // yet, a few a search, each once, until all are.
  const unread = pageNames.filter((k) => !reads.names.includes(k));
  assert.ok(unread.length > NAME_RANGES_A_CALL, `${unread.length} name ranges to read`);
  assert.deepEqual(await answer(engine, "vimeo"), await answer(whole, "vimeo"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.ok(unread.slice(0, NAME_RANGES_A_CALL).every((k) => reads.names.includes(k)));
  assert.ok(!reads.names.includes(unread[NAME_RANGES_A_CALL]!));
  for (let search = 0; search < Math.ceil(unread.length / NAME_RANGES_A_CALL); search++) {
    assert.deepEqual(await answer(engine, "vimeo"), await answer(whole, "vimeo"));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  assert.deepEqual(new Set(reads.stats).size, stats.length);
  assert.equal(reads.stats.length, stats.length, "each range read once");
  assert.ok(pageNames.every((k) => reads.names.includes(k)));
  assert.equal(new Set(reads.names).size, reads.names.length, "each name range read once");
  // A search of other words (whose title is a page's: the exact-name rule reads its names) then
  // reads no stats range and no name range of the pages.
  const [statsRead, namesRead] = [reads.stats.length, reads.names.length];
  const title = manifest.documents.find((d) => d.title.split(" ").length === 2)!.title;
  for (const query of ["image processing", title]) {
    assert.deepEqual(await answer(engine, query), await answer(whole, query), query);
  }
  assert.equal(reads.stats.length, statsRead);
  assert.ok(reads.names.slice(namesRead).every((k) => k * 8 + 8 > pages), "parts' names only");
});

Deno.test("document ranges: the names of parts are read only when asked for (a search of parts)", async () => {
  const { manifest, data } = await shelf("hugo-docs");
  const pages = data.ids.length - data.parts!.length;
  // A part's title, two words or more, which no page's names hold: the exact-name rule's
  // candidate among the parts only.
  const byId = new Map(manifest.documents.map((d) => [d.id, d]));
  const partIds = Array.from(
    { length: data.ids.length - pages },
    (_, k) => data.ids.at(pages + k)!,
  );
  const part = partIds.map((id, k) => {
    const page = byId.get(id.slice(0, id.lastIndexOf("#")))!;
    return { n: pages + k, title: page.sections[Number(id.slice(id.lastIndexOf("#") + 1))]!.title };
  }).find((p) =>
    p.n >= Math.ceil(pages / 8) * 8 && data.names[p.n]!.split(" ").length >= 2 &&
    !data.names.slice(0, pages).includes(data.names[p.n]!)
  )!;
  const { edge, stats, names } = splitDocuments(data, 16, 8);
  const reads: number[] = [];
  const index = importSearchIndex(edge, {
    statsRange: (k) => Promise.resolve(stats[k]),
    namesRange: (k) => (reads.push(k), Promise.resolve(names[k])),
  });
  const plan = index.plan(part.title);
  const terms = [...plan.expansions.values()].flatMap((m) => [...m.keys()]);
  await index.loadPostings(terms);
  await index.loadStats(terms, { plan, parts: false });
  assert.ok(reads.every((k) => k * 8 < pages), `${reads}`);
  await index.loadStats(terms, { plan });
  assert.ok(reads.includes(Math.floor(part.n / 8)), `${reads}`);
});

Deno.test("document ranges: the pages' names are read in the background a few ranges a call, from the first not read", async () => {
  const docs = Array.from({ length: 3 * NAME_RANGES_A_CALL + 5 }, (_, k) => ({
    id: `d${k}`,
    name: `Page ${k}`,
    keywords: [],
    description: "",
    content: `word${k}`,
  }));
  const data = await buildSearchIndex(docs, "h").export();
  const { edge, stats, names } = splitDocuments(data, 64, 1);
  const read: number[] = [];
  let failing = false;
  const index = createDocumentStats(edge, {
    statsRange: (k) => Promise.resolve(stats[k]),
    namesRange: (k) => {
      if (failing) return Promise.reject(new Error("offline"));
      read.push(k);
      return Promise.resolve(names[k]);
    },
  });
  await index.load({ docs: [[5]], nameTerms: 2, titled: [5] });
  assert.deepEqual(read, [5]);
  await index.loadRest();
  // The first NAME_RANGES_A_CALL not read yet (5 was).
  const first = Array.from({ length: NAME_RANGES_A_CALL + 1 }, (_, k) => k).filter((k) => k !== 5);
  assert.deepEqual(read.slice(1).sort((a, b) => a - b), first);
  failing = true;
  await assert.rejects(index.loadRest(), /offline/);
  failing = false;
  await index.loadRest();
  assert.equal(read.length, 1 + 2 * NAME_RANGES_A_CALL);
  assert.equal(index.nameOf(NAME_RANGES_A_CALL + 1), `page ${NAME_RANGES_A_CALL + 1}`);
  for (let call = 0; call < 3; call++) await index.loadRest();
  assert.equal(read.length, docs.length);
  assert.equal(new Set(read).size, docs.length);
});
