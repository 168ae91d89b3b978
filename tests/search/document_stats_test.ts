/**
 * An index keeping its per-document data in ranges (`document_ranges.ts`, a sharded build's):
 * its first search reads every stats range, a search reads the name ranges of the names its
 * exact-name rule may give a bonus to only (`name_ranges.ts`), and every answer is the whole
 * index's.
 */
import assert from "node:assert/strict";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { DEFAULT_SERVER } from "../../src/build/parse_metadata.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { splitDocuments } from "../../src/search/document_ranges.ts";
import { FIELDS } from "../../src/search/index_fields.ts";
import { nameRangesOf } from "../../src/search/name_ranges.ts";
import { decodePostings } from "../../src/search/postings.ts";
import {
  buildIndexFor,
  createSearchEngine,
  type QueryOptions,
  type SearchEngine,
} from "../../src/search/search_engine.ts";
import { importSearchIndex, type SearchIndexData } from "../../src/search/search_index.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

const WEIGHTS = { name: 2, keywords: 3, description: 1.5, content: 1 };

/**
 * An engine over `data` with its documents' data in ranges of `statsDocs` documents and name
 * ranges of about `nameChars` characters.
 */
function rangedEngine(manifest: Manifest, data: SearchIndexData, statsDocs = 16, nameChars = 256) {
  const { edge, stats, names } = splitDocuments(data, statsDocs, nameChars);
  const reads = { stats: [] as number[], names: [] as number[] };
  // The name ranges, then their volumes (`NameRangesData.volumeRanges`).
  const per = edge.documentRanges!.names.volumeRanges!;
  const index = importSearchIndex(edge, {
    statsRange: (k) => (reads.stats.push(k), Promise.resolve(stats[k])),
    namesRange: (k) => (reads.names.push(k),
      Promise.resolve(
        k < names.length ? names[k] : names.slice((k - names.length) * per).slice(0, per),
      )),
  });
  return {
    engine: createSearchEngine(createContentStore(manifest), index),
    index,
    edge,
    reads,
    stats,
    names,
  };
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

Deno.test("document ranges: a cold search reads every stats range once (a rare word's too: they are few and an isolate reads them all) and the name ranges of its query's names only", async () => {
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
  // The names of one term starting with "vimeo" (and its expansions'): one range of many.
  const { edge } = splitDocuments(data, 16, 256);
  assert.deepEqual(reads.names, nameRangesOf(edge.documentRanges!.names, plan));
  assert.ok(reads.names.length === 1 && names.length > 20, `${reads.names} of ${names.length}`);
  // The same search again reads none but, in the background, the name volumes.
  await answer(engine, query);
  assert.ok(reads.names.slice(1).every((k) => k >= names.length), `${reads.names}`);
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

Deno.test("document ranges: a search reads no name range but its query's, the pages' and the parts' in one load; from its second search on an engine reads the rest in volumes", async () => {
  const { manifest, data } = await shelf("hugo-docs");
  const whole = createSearchEngine(createContentStore(manifest), importSearchIndex(data));
  const pages = data.ids.length - data.parts!.length;
  // A part's title, two words or more, which no page's names hold: the exact-name rule's
  // candidate among the parts only.
  const part = data.names.findIndex((names, n) =>
    n >= pages && names.split(" ").length >= 2 && !names.includes("\n") &&
    !data.names.slice(0, pages).includes(names)
  );
  const page = data.names.findIndex((names, n) =>
    n < pages && names.split(" ").length === 2 && !names.includes("\n")
  );
  for (const n of [part, page]) {
    // A cold engine each.
    const { engine, index, edge, reads, names } = rangedEngine(manifest, data);
    const title = data.names[n]!;
    const plan = index.plan(title);
    assert.deepEqual(await answer(engine, title), await answer(whole, title), title);
    // The query's names' ranges only, of many; the document named by the query among them.
    const wanted = nameRangesOf(edge.documentRanges!.names, plan);
    assert.deepEqual(reads.names.toSorted((a, b) => a - b), wanted);
    assert.ok(wanted.length <= 2 && names.length > 20, `${wanted} of ${names.length}`);
    assert.ok(wanted.some((k) => names[k]!.keys.includes(`00${title.split(" ").length}:${title}`)));
  }
  // From its second search on, an engine reads the rest in the background, in volumes, one a
  // search, each once: a search after the last volume reads none.
  const { engine, reads, names } = rangedEngine(manifest, data);
  const volumes = () => reads.names.filter((k) => k >= names.length);
  await answer(engine, "vimeo");
  await answer(engine, "taxonomy");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(volumes(), [names.length], `${reads.names}`);
  await answer(engine, "shortcodes");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(new Set(reads.names).size, reads.names.length, "each name range read once");
  assert.deepEqual(volumes(), [names.length, names.length + 1], `${reads.names}`);
  const read = reads.names.length;
  assert.deepEqual(
    await answer(engine, "image processing"),
    await answer(whole, "image processing"),
  );
  assert.equal(reads.names.length, read);
});
