/**
 * What a cold isolate reads of a dictionary kept in ranges (`src/search/dictionary_ranges.ts`),
 * question by question: a built index (`dist/_shelf/index.json` of any build) split as a sharded
 * build splits it, each question planned (and its unmatched words' suggestions made) by a fresh
 * index reading ranges on demand; per question the ranges read, their bytes and the rounds of
 * reads (each a fetch latency on the edge), beside what the whole dictionary weighs in the edge
 * index. Range sizes other than the build's can be compared.
 *
 * Usage: deno run -A scripts/bench/dictionary_reads.ts INDEX_JSON QUESTIONS_JSON [CHARS]...
 *
 * @module
 */
import { asciiJson } from "../../src/protocol/ascii_json.ts";
import { DICTIONARY_RANGE_CHARS, splitDictionary } from "../../src/search/dictionary_ranges.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import { importSearchIndex, type SearchIndexData } from "../../src/search/search_index.ts";
import { MAX_UNMATCHED } from "../../src/search/search_engine.ts";

const [indexFile, questionsFile, ...sizes] = Deno.args as [string, string, ...string[]];
const data = JSON.parse(await Deno.readTextFile(indexFile)) as SearchIndexData;
const questions = JSON.parse(await Deno.readTextFile(questionsFile)) as string[];
const { edge: postingsEdge } = splitPostings(data);
const whole = asciiJson({
  terms: data.terms,
  counts: data.counts,
  ...(data.partCounts ? { partCounts: data.partCounts } : {}),
}).length;
console.log(`${data.terms.length} terms, the whole dictionary ${Math.round(whole / 1024)} KB`);
const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

for (const chars of sizes.length > 0 ? sizes.map(Number) : [DICTIONARY_RANGE_CHARS]) {
  const { edge, ranges } = splitDictionary(postingsEdge, chars);
  const texts = ranges.map((r) => asciiJson(r));
  const edgeBytes = asciiJson(edge.dictionaryRanges).length;
  const rows: { ranges: number; kb: number; rounds: number }[] = [];
  for (const question of questions) {
    const read = new Set<number>();
    let rounds = 0;
    let pending = 0;
    const index = importSearchIndex(edge, {
      postingsChunk: () => Promise.reject(new Error("no postings here")),
      dictionaryRange: (k) => {
        // Reads asked while others are pending are one round (the engine asks them at once).
        if (pending++ === 0) rounds++;
        read.add(k);
        return new Promise((resolve) =>
          setTimeout(() => (pending--, resolve(JSON.parse(texts[k]!))), 0)
        );
      },
    });
    const plan = await index.readPlan(question);
    await index.readSuggestions(plan.unmatched.slice(0, MAX_UNMATCHED).map((u) => u.term), 3);
    const kb = [...read].reduce((sum, k) => sum + texts[k]!.length, 0) / 1024;
    rows.push({ ranges: read.size, kb, rounds });
    if (sizes.length === 0) {
      console.log(`${question}: ${read.size} ranges, ${kb.toFixed(1)} KB, ${rounds} rounds`);
    }
  }
  const col = (key: keyof (typeof rows)[number]) => rows.map((r) => r[key]);
  console.log(JSON.stringify({
    rangeChars: chars,
    ranges: ranges.length,
    edgeIndexKB: +(edgeBytes / 1024).toFixed(1),
    perQuestion: {
      rangesP50: at(col("ranges"), 0.5),
      rangesMax: Math.max(...col("ranges")),
      kbP50: +at(col("kb"), 0.5).toFixed(1),
      kbMax: +Math.max(...col("kb")).toFixed(1),
      roundsP50: at(col("rounds"), 0.5),
      roundsMax: Math.max(...col("rounds")),
    },
  }));
}
