/**
 * A dictionary in ranges (`dictionary_ranges.ts`): an engine over an index whose dictionary is
 * in ranges, read as its queries need them, answers every evaluation question of tldr,
 * hugo-docs and a part of openjdk-17-doc (and each question with a word misspelled twice, for
 * the suggestions) exactly as the engine over the whole index — hits, scores, totals, plans,
 * suggestions — while reading only part of the dictionary.
 */
import assert from "node:assert/strict";
import { gatePart, loadStore, readFixtures } from "../../scripts/eval.ts";
import { type ContentStore, createContentStore } from "../../src/content/content_store.ts";
import { splitDictionary } from "../../src/search/dictionary_ranges.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import {
  buildIndexFor,
  createSearchEngine,
  type QueryResult,
} from "../../src/search/search_engine.ts";
import { importSearchIndex } from "../../src/search/search_index.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

const JDK_PROBE = "/usr/share/doc/openjdk-17-doc/api/index.html";
const REQUIRED = Deno.env.get("SHELF_EVAL_CORPORA_REQUIRED") === "1";
const jdk = await Deno.stat(JDK_PROBE).then(() => true, () => false);

/** A result as the tools see it: every number and word of it. */
const shown = (r: QueryResult) =>
  JSON.stringify({
    hits: r.hits.map((h) => [h.doc.id, h.score, h.section, h.matched, h.partial]),
    total: r.total,
    plan: { ...r.plan, expansions: [...r.plan.expansions].map(([t, m]) => [t, [...m]]) },
    groups: [...r.groups],
    unmatched: r.unmatched,
  });

/** `query` with its longest word misspelled twice (two neighbours swapped, a letter doubled). */
function misspelled(query: string): string {
  const words = query.split(" ");
  const k = words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
  const w = words[k]!;
  if (w.length < 5) return `${query} documantetion`;
  words[k] = `${w[0]}${w[2]}${w[1]}${w.slice(3)}${w.at(-1)}`;
  return words.join(" ");
}

async function compare(store: ContentStore, questions: string[]) {
  const data = await buildIndexFor(store).export();
  const postings = splitPostings(data);
  const { edge, ranges, neighbours } = splitDictionary(postings.edge);
  const shards = [...ranges, ...neighbours];
  assert.deepEqual(edge.terms, [], "the edge index holds no terms");
  assert.ok(ranges.length > 50, `${ranges.length} ranges`);
  const read: number[] = [];
  const whole = createSearchEngine(store, importSearchIndex(data));
  const sharded = createSearchEngine(
    store,
    importSearchIndex(edge, {
      postingsChunk: (k) => Promise.resolve(postings.chunks[k]),
      dictionaryRange: (k) => (read.push(k), Promise.resolve(shards[k])),
    }),
  );
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  const ask = async (query: string) => {
    const expected = shown(await whole.query(query, { weights, limit: 10 }));
    assert.equal(shown(await sharded.query(query, { weights, limit: 10 })), expected, query);
  };
  // The questions as written first: their words, no typos; then misspelled.
  for (const query of questions) await ask(query);
  const asWritten = read.length;
  for (const query of questions) await ask(misspelled(query));
  assert.equal(new Set(read).size, read.length, "no range read twice");
  console.log(
    `${asWritten} ranges read as written, ${read.length} misspelled too, of ${shards.length}`,
  );
  // The dictionary's own ranges (the neighbour ranges are numbered on from them).
  const own = read.filter((k) => k < ranges.length).length;
  return { asWritten, read: own, ranges: ranges.length };
}

for (const name of ["tldr", "hugo-docs"]) {
  Deno.test(`dictionary ranges: every question of ${name} answered as by the whole index`, async () => {
    const { manifest } = await buildFolder(`${CORPORA}/${name}`);
    const { cases } = (await readFixtures([name]))[0]!;
    const { read, ranges } = await compare(
      createContentStore(manifest),
      cases.map((c) => c.query),
    );
    assert.ok(read < ranges, `${read} of ${ranges} ranges read`);
  });
}

Deno.test({
  name: "dictionary ranges: every question of openjdk-17-doc's part answered as by the whole index",
  ignore: !REQUIRED && !jdk,
  async fn() {
    const [fixture] = await readFixtures(["openjdk-doc"]);
    const part = gatePart(fixture!);
    const store = await loadStore([part], ["docs"]);
    const { read, ranges } = await compare(store, part.cases.map((c) => c.query));
    assert.ok(read < ranges, `${read} of ${ranges} ranges read`);
  },
});

Deno.test("dictionary ranges: import refuses bad ranges; export gives the whole index back", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/hugo-docs`);
  const data = await buildIndexFor(createContentStore(manifest)).export();
  const postings = splitPostings(data);
  const { edge, ranges } = splitDictionary(postings.edge);
  const options = {
    postingsChunk: (k: number) => Promise.resolve(postings.chunks[k]),
    dictionaryRange: (k: number) => Promise.resolve(ranges[k]),
  };
  assert.deepEqual(await importSearchIndex(edge, options).export(), data);
  const info = edge.dictionaryRanges!;
  for (
    const bad of [
      { ...info, starts: [1, ...info.starts.slice(1)] },
      { ...info, firsts: [...info.firsts].reverse() },
      { ...info, size: info.starts.at(-1)! },
      { ...info, firsts: info.firsts.slice(1) },
      { ...info, neighbours: [...info.neighbours!].reverse() },
      { ...info, neighbours: [3] as unknown as string[] },
    ]
  ) {
    assert.throws(
      () => importSearchIndex({ ...edge, dictionaryRanges: bad }, options),
      /invalid dictionaryRanges/,
    );
  }
  assert.throws(
    () => importSearchIndex({ ...edge, terms: ["a"] }, options),
    /invalid dictionaryRanges/,
  );
  assert.throws(
    () => importSearchIndex(edge, { postingsChunk: options.postingsChunk }),
    /keeps its dictionary in ranges and nothing reads them/,
  );
  // A range that is not the one the edge index names (another build's) is refused when read.
  const swapped = importSearchIndex(edge, {
    ...options,
    dictionaryRange: (k: number) => Promise.resolve(ranges[(k + 1) % ranges.length]),
  });
  await assert.rejects(swapped.readPlan("image processing"), /is not the one the index names/);
});

Deno.test("dictionary ranges: the rest is read one volume a call, a failed volume again at the next", async () => {
  const { createRangeReader } = await import("../../src/search/dictionary_ranges.ts");
  const ranges = ["a", "b", "c", "d"].map((t, k) => ({ terms: [t], counts: [k + 1] }));
  const data = { size: 4, starts: [0, 1, 2, 3], firsts: ["a", "b", "c", "d"], volumes: [0, 2, 3] };
  const volumes = [ranges.slice(0, 2), ranges.slice(2, 3), ranges.slice(3)];
  const asked: number[] = [];
  let failNext = false;
  const reader = createRangeReader(
    data,
    false,
    (k) => Promise.resolve(ranges[k]),
    (v) => {
      asked.push(v);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error("offline"));
      }
      return Promise.resolve(volumes[v]);
    },
  );
  await reader.readRest();
  assert.deepEqual(asked, [0]);
  assert.deepEqual([0, 1, 2, 3].map((r) => reader.range(r)?.terms[0]), [
    "a",
    "b",
    undefined,
    undefined,
  ]);
  failNext = true;
  await assert.rejects(reader.readRest(), /offline/);
  await reader.readRest();
  assert.deepEqual(asked, [0, 1, 1]);
  assert.equal(reader.range(2)?.terms[0], "c");
  await reader.readRest();
  assert.equal(reader.range(3)?.terms[0], "d");
  // Every volume read: nothing more.
  await reader.readRest();
  assert.deepEqual(asked, [0, 1, 1, 2]);
});
