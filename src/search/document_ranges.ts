/**
 * An index's per-document data in ranges: a sharded build's edge index keeps, of its field
 * lengths, inbound counts and names (what a cold isolate otherwise reads for every document of
 * the shelf: 3.9 of the 4.5 MB of a 30,502-page shelf's edge index), only what is not per
 * document — the exact sums of the field lengths and the most inbound links, over the pages and
 * over the parts ({@link DocumentRangesData}) — and writes the rest as shards of consecutive
 * documents, read for the documents a search touches (`document_stats.ts`):
 *
 * - *stats ranges* of {@link STATS_RANGE_DOCS} documents: each one's field lengths, inbound
 *   count, and its file name's term count ({@link fileNameLength}) and first term's hash
 *   ({@link fileNameHead}), which tell whether the file name may be a query before its names are
 *   read;
 * - *name ranges* of {@link NAMES_RANGE_DOCS} documents: each one's names, read only for the
 *   documents whose title or file name has as many terms as the query.
 *
 * @module
 */
import { type Field, fieldRecord, FIELDS } from "./index_fields.ts";
import type { DocumentNumbers, SearchIndexData } from "./search_index.ts";
import { fnv1a } from "../fnv1a.ts";

/**
 * Documents per stats range: a shard of about 60 KB on a 30,502-page shelf (89,538 documents, its
 * pages' parts counted; 2026-11-28), its columns packed (`packed_ranges.ts`: most are mostly 0).
 * An isolate's first search reads every range with its dictionary ranges and postings (a common
 * word's postings hold documents in nearly all of them, and the isolate reads them all from its
 * second search on), so the fewer the fetches the better: 3 of them there instead of 22 of 4,096
 * documents, the same 184 KB.
 */
export const STATS_RANGE_DOCS = 32_768;

/**
 * Documents per name range: about 5 KB of a shard on the same shelf (names are 31 characters a
 * document there); fewer than a stats range's, since only some of a search's documents have
 * their names read: four questions' cold first searches that read names read 34–99 KB of them in
 * 4–21 ranges of 128 documents, against 94–267 KB in 4–15 ranges of 512 (2026-11-28).
 */
export const NAMES_RANGE_DOCS = 128;

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
  /** Documents per name range (the last may hold fewer). */
  namesDocs: number;
  /** The pages' sums: the whole index's statistics. */
  pages: DocumentSums;
  /** The parts' sums (`part_rule.ts`): the statistics a part search of every page is scored by. */
  parts: DocumentSums;
}

/** One stats range: numbers by document, from the range's first document. */
export interface StatsRange {
  lengths: Record<Field, DocumentNumbers>;
  inbound: DocumentNumbers;
  /** Each document's file name's term count ({@link fileNameLength}). */
  fileNames: DocumentNumbers;
  /** Each document's file name's first term's hash ({@link fileNameHead}). */
  fileHeads: DocumentNumbers;
}

/**
 * The term count of a document's file name in its names (`SearchIndexData.names`: the title's
 * analyzed words, then `\n` and the file name's when they differ), 0 when it has none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileNameLength } from "./document_ranges.ts";
 * assert.equal(fileNameLength("context engin\npage bundl"), 2);
 * assert.equal(fileNameLength("\nchmod"), 1);
 * assert.equal(fileNameLength("chmod"), 0);
 * ```
 */
export function fileNameLength(names: string): number {
  const cut = names.indexOf("\n");
  if (cut < 0) return 0;
  let terms = 1;
  for (let i = cut + 1; i < names.length; i++) if (names.charCodeAt(i) === 0x20) terms++;
  return terms;
}

/**
 * A hash from 0 to 255 of a term (FNV-1a, folded to a byte): a document's file name can be a
 * query only when its first term is an expansion of the query's first, so only when this hash of
 * it is one of theirs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileNameHead, termHash } from "./document_ranges.ts";
 * assert.equal(termHash("chmod"), termHash("chmod"));
 * assert.ok(termHash("chmod") >= 0 && termHash("chmod") < 256);
 * assert.equal(fileNameHead("context engin\npage bundl"), termHash("page"));
 * assert.equal(fileNameHead("chmod"), 0);
 * ```
 */
export function termHash(term: string): number {
  const hash = fnv1a(term);
  return (hash ^ (hash >>> 8) ^ (hash >>> 16) ^ (hash >>> 24)) & 0xff;
}

/** The {@link termHash} of the first term of a document's file name in its names (0: none). */
export function fileNameHead(names: string): number {
  const cut = names.indexOf("\n");
  if (cut < 0) return 0;
  const end = names.indexOf(" ", cut + 1);
  return termHash(names.slice(cut + 1, end < 0 ? names.length : end));
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
 * `namesDocs`: the edge index (empty `names`, `lengths` and `inbound`; `documentRanges` saying
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
 * const { edge, stats, names } = splitDocuments(data, 2, 1);
 * assert.deepEqual([edge.names, edge.inbound, edge.lengths.content], [[], [], []]);
 * assert.deepEqual(edge.documentRanges?.pages, {
 *   sums: { name: 2, keywords: 0, description: 0, content: 3, links: 0, headings: 0 },
 *   mostInbound: 3,
 * });
 * assert.equal(edge.documentRanges?.parts.sums.content, 1);
 * assert.deepEqual(stats.map((r) => [...r.fileNames]), [[0, 2], [0]]);
 * assert.deepEqual(names.flat(), data.names);
 * ```
 */
export function splitDocuments(
  data: SearchIndexData,
  statsDocs = STATS_RANGE_DOCS,
  namesDocs = NAMES_RANGE_DOCS,
): { edge: SearchIndexData; stats: StatsRange[]; names: string[][] } {
  const total = data.ids.length;
  const pages = total - (data.parts?.length ?? 0);
  const stats: StatsRange[] = [];
  for (let from = 0; from < total; from += statsDocs) {
    const to = Math.min(total, from + statsDocs);
    stats.push({
      lengths: fieldRecord(() => [] as number[]),
      inbound: Array.from(data.inbound.slice(from, to)),
      fileNames: data.names.slice(from, to).map(fileNameLength),
      fileHeads: data.names.slice(from, to).map(fileNameHead),
    });
    for (const field of FIELDS) {
      stats.at(-1)!.lengths[field] = Array.from(data.lengths[field].slice(from, to));
    }
  }
  const names: string[][] = [];
  for (let from = 0; from < total; from += namesDocs) {
    names.push(data.names.slice(from, from + namesDocs));
  }
  return {
    edge: {
      ...data,
      names: [],
      lengths: fieldRecord(() => []),
      inbound: [],
      documentRanges: {
        statsDocs,
        namesDocs,
        pages: sumsOf(data, 0, pages),
        parts: sumsOf(data, pages, total),
      },
    },
    stats,
    names,
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
 * const ranges = { statsDocs: 2, namesDocs: 1, pages: { sums, mostInbound: 0 }, parts: { sums, mostInbound: 0 } };
 * assert.ok(validDocumentRanges(ranges));
 * assert.ok(!validDocumentRanges({ ...ranges, statsDocs: 0 }));
 * ```
 */
export function validDocumentRanges(value: unknown): value is DocumentRangesData {
  if (typeof value !== "object" || value === null) return false;
  const { statsDocs, namesDocs, pages, parts } = value as Partial<DocumentRangesData>;
  const size = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0;
  return size(statsDocs) && size(namesDocs) && validSums(pages) && validSums(parts);
}
