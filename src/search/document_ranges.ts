/**
 * An index's per-document data in ranges: a sharded build's edge index keeps, of its field
 * lengths, inbound counts and names (what a cold isolate otherwise reads for every document of
 * the shelf: 3.9 of the 4.5 MB of a 30,502-page shelf's edge index), only what is not per
 * document — the exact sums of the field lengths and the most inbound links, over the pages and
 * over the parts ({@link DocumentRangesData}) — and writes the rest as shards of consecutive
 * documents, read for the documents a search touches (`document_stats.ts`):
 *
 * - *stats ranges* of {@link STATS_RANGE_DOCS} documents: each one's field lengths and inbound
 *   count;
 * - *name ranges* of names, not documents (`name_ranges.ts`): read for the names a query's
 *   exact-name rule may give a bonus to.
 *
 * @module
 */
import { type Field, fieldRecord, FIELDS } from "./index_fields.ts";
import {
  NAME_RANGE_CHARS,
  type NameRange,
  type NameRangesData,
  splitNames,
} from "./name_ranges.ts";
import type { DocumentNumbers, SearchIndexData } from "./search_index.ts";

/**
 * Documents per stats range: a shard of about 60 KB on a 30,502-page shelf (89,538 documents, its
 * pages' parts counted; 2026-11-28), its columns packed (`packed_ranges.ts`: most are mostly 0).
 * An isolate's first search reads every range with its dictionary ranges and postings (a common
 * word's postings hold documents in nearly all of them, and the isolate reads them all from its
 * second search on), so the fewer the fetches the better: 3 of them there instead of 22 of 4,096
 * documents, the same 184 KB.
 */
export const STATS_RANGE_DOCS = 32_768;

/** The length sums and the highest inbound count of a set of documents. */
export interface DocumentSums {
  /** Per field, the sum of the documents' lengths (an integer: exact, in any order). */
  sums: Record<Field, number>;
  /** The highest inbound count among them (0 when there is none). */
  mostInbound: number;
}

/** Where an index keeping its per-document data in ranges has it (`SearchIndexData.documentRanges`). */
export interface DocumentRangesData {
  /** Documents per stats range (the last may hold fewer). */
  statsDocs: number;
  /** Where the name ranges start (`name_ranges.ts`). */
  names: NameRangesData;
  /** The pages' sums: the whole index's statistics. */
  pages: DocumentSums;
  /** The parts' sums (`part_rule.ts`): the statistics a part search of every page is scored by. */
  parts: DocumentSums;
}

/** One stats range: numbers by document, from the range's first document. */
export interface StatsRange {
  lengths: Record<Field, DocumentNumbers>;
  inbound: DocumentNumbers;
}

/** The sums of `data`'s documents from `from` up to `to`. */
function sumsOf(data: SearchIndexData, from: number, to: number): DocumentSums {
  const sums = fieldRecord(() => 0);
  let mostInbound = 0;
  for (let n = from; n < to; n++) {
    for (const field of FIELDS) sums[field] += data.lengths[field][n]!;
    mostInbound = Math.max(mostInbound, data.inbound[n]!);
  }
  return { sums, mostInbound };
}

/**
 * Splits `data`'s per-document data into stats ranges of `statsDocs` documents and name ranges of
 * about `nameChars` characters: the edge index (empty `names`, `lengths` and `inbound`; `documentRanges` saying
 * how they are split, with the sums) and the ranges.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitDocuments } from "./document_ranges.ts";
 * import { buildSearchIndex } from "./search_index.ts";
 * const data = await buildSearchIndex([
 *   { id: "a", name: "Alpha", keywords: [], description: "", content: "one two", inbound: 3 },
 *   { id: "b", name: "Beta", keywords: [], description: "", content: "three", fileName: "b c" },
 *   { id: "c", name: "Gamma", keywords: [], description: "", content: "four", partOf: 1 },
 * ], "h").export();
 * const { edge, stats, names } = splitDocuments(data, 2, 10);
 * assert.deepEqual([edge.names, edge.inbound, edge.lengths.content], [[], [], []]);
 * assert.deepEqual(edge.documentRanges?.pages, {
 *   sums: { name: 2, keywords: 0, description: 0, content: 3, links: 0, headings: 0 },
 *   mostInbound: 3,
 * });
 * assert.equal(edge.documentRanges?.parts.sums.content, 1);
 * assert.deepEqual(stats.map((r) => [...r.inbound]), [[3, 0], [0]]);
 * assert.deepEqual(names.flatMap((r) => r.keys), ["001:alpha", "001:beta", "001:gamma", "002:b c"]);
 * ```
 */
export function splitDocuments(
  data: SearchIndexData,
  statsDocs = STATS_RANGE_DOCS,
  nameChars = NAME_RANGE_CHARS,
): { edge: SearchIndexData; stats: StatsRange[]; names: NameRange[] } {
  const total = data.ids.length;
  const pages = total - (data.parts?.length ?? 0);
  const stats: StatsRange[] = [];
  for (let from = 0; from < total; from += statsDocs) {
    const to = Math.min(total, from + statsDocs);
    stats.push({
      lengths: fieldRecord(() => [] as number[]),
      inbound: Array.from(data.inbound.slice(from, to)),
    });
    for (const field of FIELDS) {
      stats.at(-1)!.lengths[field] = Array.from(data.lengths[field].slice(from, to));
    }
  }
  const names = splitNames(data.names, nameChars);
  return {
    edge: {
      ...data,
      names: [],
      lengths: fieldRecord(() => []),
      inbound: [],
      documentRanges: {
        statsDocs,
        names: names.data,
        pages: sumsOf(data, 0, pages),
        parts: sumsOf(data, pages, total),
      },
    },
    stats,
    names: names.ranges,
  };
}

/** Whether `value` is a {@link DocumentSums}. */
function validSums(value: unknown): value is DocumentSums {
  const { sums, mostInbound } = (value ?? {}) as Partial<DocumentSums>;
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return typeof sums === "object" && sums !== null && FIELDS.every((f) => count(sums[f])) &&
    count(mostInbound);
}

/**
 * Whether `value` is the range data of `documentRanges` (checked when imported).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validDocumentRanges } from "./document_ranges.ts";
 * const sums = { name: 1, keywords: 0, description: 0, content: 9, links: 0, headings: 0 };
 * const ranges = { statsDocs: 2, names: { firsts: ["001:a"] }, pages: { sums, mostInbound: 0 }, parts: { sums, mostInbound: 0 } };
 * assert.ok(validDocumentRanges(ranges));
 * assert.ok(!validDocumentRanges({ ...ranges, statsDocs: 0 }));
 * ```
 */
export function validDocumentRanges(value: unknown): value is DocumentRangesData {
  if (typeof value !== "object" || value === null) return false;
  const { statsDocs, names, pages, parts } = value as Partial<DocumentRangesData>;
  const size = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0;
  const { firsts, volumeRanges } = (names ?? {}) as Partial<NameRangesData>;
  return size(statsDocs) && Array.isArray(firsts) && firsts.every((f) => typeof f === "string") &&
    (volumeRanges === undefined || size(volumeRanges)) && validSums(pages) && validSums(parts);
}
