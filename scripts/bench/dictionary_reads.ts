/**
 * What a cold isolate reads of a dictionary kept in ranges (`src/search/dictionary_ranges.ts`),
 * question by question: a built index (`dist/_shelf/index.json` of any build) split as a sharded
 * build splits it, each question planned (and its unmatched words' suggestions made) by a fresh
 * index reading ranges on demand; per question the ranges read, their bytes and the rounds of
 * reads (each a fetch latency on the edge), beside what the whole dictionary weighs in the edge
 * index. Range sizes other than the build's can be compared, each with the neighbour tables a
 * sharded build writes (`neighbour_ranges.ts`, where a typo's candidates are looked up) and
 * without them.
 *
 * Usage: deno run -A scripts/bench/dictionary_reads.ts INDEX_JSON QUESTIONS_JSON [CHARS]...
 *
 * @module
 */
import { asciiJson } from "../../src/protocol/ascii_json.ts";
import { DICTIONARY_RANGE_CHARS, splitDictionary } from "../../src/search/dictionary_ranges.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import {
  importSearchIndex,
  type QueryPlan,
  type SearchIndexData,
} from "../../src/search/search_index.ts";
import { MAX_UNMATCHED } from "../../src/search/search_engine.ts";

const [indexFile, questionsFile, ...sizes] = Deno.args as [string, string, ...string[]];
const data = JSON.parse(await Deno.readTextFile(indexFile)) as SearchIndexData;
const questions = JSON.parse(await Deno.readTextFile(questionsFile)) as string[];
const postings = splitPostings(data);
const chunkBytes = postings.chunks.map((c) => asciiJson(c).length);
const termsOf = (plan: QueryPlan) => [...plan.expansions.values()].flatMap((m) => [...m.keys()]);
const whole = asciiJson({
  terms: data.terms,
  counts: data.counts,
  ...(data.partCounts ? { partCounts: data.partCounts } : {}),
}).length;
console.log(`${data.terms.length} terms, the whole dictionary ${Math.round(whole / 1024)} KB`);
const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

const runs = (sizes.length > 0 ? sizes.map(Number) : [DICTIONARY_RANGE_CHARS])
  .flatMap((chars) => [{ chars, tables: true }, { chars, tables: false }]);
for (const { chars, tables } of runs) {
  const split = splitDictionary(postings.edge, chars);
  const { ranges, neighbours } = split;
  const { neighbours: _, ...without } = split.edge.dictionaryRanges!;
  const edge = tables ? split.edge : { ...split.edge, dictionaryRanges: without };
  const texts = [...ranges, ...neighbours].map((r) => asciiJson(r));
  const edgeBytes = asciiJson(edge.dictionaryRanges).length;
  const rows: { ranges: number; kb: number; rounds: number; more: number; extra: number }[] = [];
  for (const question of questions) {
    const read = new Set<number>();
    // Reads asked while others are pending are one round (what the engine asks at once).
    let rounds = 0;
    let pending = 0;
    const counted = (value: () => unknown) => {
      if (pending++ === 0) rounds++;
      return new Promise((resolve) => setTimeout(() => (pending--, resolve(value())), 0));
    };
    let chunksRead = new Set<number>();
    const postingsChunk = (k: number) => (chunksRead.add(k), counted(() => postings.chunks[k]));
    // The rounds of the dictionary whole (the postings' only), then in ranges.
    const whole = importSearchIndex(postings.edge, { postingsChunk });
    await whole.loadPostings(termsOf(whole.plan(question)));
    const before = rounds;
    const wholeChunks = chunksRead;
    rounds = 0;
    chunksRead = new Set();
    const index = importSearchIndex(edge, {
      postingsChunk,
      dictionaryRange: (k) => (read.add(k), counted(() => JSON.parse(texts[k]!))),
    });
    const plan = await index.readPlan(question);
    await index.loadPostings(termsOf(plan));
    const more = rounds - before;
    // Postings read beyond the whole dictionary's (a word's chunk read with its range, for nothing).
    const extra = [...chunksRead].filter((k) => !wholeChunks.has(k))
      .reduce((sum, k) => sum + chunkBytes[k]!, 0) / 1024;
    await index.readSuggestions(plan.unmatched.slice(0, MAX_UNMATCHED).map((u) => u.term), 3);
    const kb = [...read].reduce((sum, k) => sum + texts[k]!.length, 0) / 1024;
    rows.push({ ranges: read.size, kb, rounds, more, extra });
    if (sizes.length === 0) {
      console.log(
        `${tables ? "" : "(no tables) "}${question}: ${read.size} ranges, ${
          kb.toFixed(1)
        } KB, ${rounds} rounds (${more} more), ` +
          `${extra.toFixed(0)} KB more postings`,
      );
    }
  }
  const col = (key: keyof (typeof rows)[number]) => rows.map((r) => r[key]);
  console.log(JSON.stringify({
    rangeChars: chars,
    neighbourTables: tables,
    ranges: ranges.length,
    neighbourRanges: tables ? neighbours.length : 0,
    edgeIndexKB: +(edgeBytes / 1024).toFixed(1),
    perQuestion: {
      rangesP50: at(col("ranges"), 0.5),
      rangesMax: Math.max(...col("ranges")),
      kbP50: +at(col("kb"), 0.5).toFixed(1),
      kbMax: +Math.max(...col("kb")).toFixed(1),
      roundsP50: at(col("rounds"), 0.5),
      roundsMax: Math.max(...col("rounds")),
      extraPostingsKB: +col("extra").reduce((a, b) => a + b, 0).toFixed(0),
      // Rounds of reads up to the postings, beyond those of the dictionary whole.
      moreRounds: Object.fromEntries(
        [...new Set(col("more"))].sort().map((n) => [n, col("more").filter((m) => m === n).length]),
      ),
    },
  }));
}
