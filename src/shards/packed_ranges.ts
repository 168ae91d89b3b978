/**
 * The document ranges of a sharded build (`document_ranges.ts`) as shards: a stats range's
 * number columns as bytes, deflated (`deflated_bytes.ts`: most documents have no keywords and no
 * inbound links), read back as typed arrays; a name range's names as a value column
 * (`value_column.ts`: parts' headings repeat).
 *
 * @module
 */
import type { StatsRange } from "../search/document_ranges.ts";
import type { DocumentNumbers } from "../search/search_index.ts";
import { FIELDS } from "../search/index_fields.ts";
import { deflateText, inflateText } from "./deflated_bytes.ts";
import { numberBytes, numbersOfBytes } from "./number_text.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/** A stats range as its shard holds it. */
export interface PackedStatsRange {
  documents: number;
  /** Each column's width in bytes (1, 2 or 4), in {@link STATS_COLUMNS} order. */
  widths: string;
  /** The columns' numbers, little-endian, one column after the other, deflated. */
  deflated: string;
}

/** A name range as its shard holds it. */
export interface PackedNamesRange {
  documents: number;
  names: Column;
}

/** The columns of a stats range, in the order its shard holds them. */
export const STATS_COLUMNS = [...FIELDS, "inbound", "fileNames", "fileHeads"] as const;

type StatsColumn = (typeof STATS_COLUMNS)[number];

/** Column `name` of `range`. */
const columnOf = (range: StatsRange, name: StatsColumn): DocumentNumbers =>
  name === "inbound" || name === "fileNames" || name === "fileHeads"
    ? range[name]
    : range.lengths[name];

/**
 * `range` packed: each column's numbers in the fewest bytes that hold its largest, the columns
 * one after the other, deflated (`deflated_bytes.ts`). Most columns are mostly 0 or small, and a
 * page's content length takes 2 bytes where its number of words needs 11 bits or so: on a
 * 30,638-page shelf (89,538 documents with the parts) the 22 ranges take 0.18 MB, against 0.54 MB
 * as base64 typed arrays, sparse where that was shorter (2026-11-28). Read back natively: one
 * inflate and one typed array a column (a cold isolate reads a value at a time in the
 * interpreter).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packStatsRange, unpackStatsRange } from "./packed_ranges.ts";
 * const some = (n: number) => Array.from({ length: 40 }, (_, k) => k === 30 ? n : 0);
 * const lengths = { name: some(1), keywords: some(0), description: some(0),
 *   content: Array.from({ length: 40 }, (_, k) => 300 + k), links: some(0), headings: some(2) };
 * const range = { lengths, inbound: some(70_000), fileNames: some(2), fileHeads: some(9) };
 * const packed = await packStatsRange(range);
 * assert.equal(packed.widths, "111211411");
 * const back = await unpackStatsRange(JSON.parse(JSON.stringify(packed)));
 * assert.deepEqual([...back.lengths.content], lengths.content);
 * assert.deepEqual([...back.inbound], range.inbound);
 * assert.ok(back.lengths.name instanceof Uint8Array); // in its own width, not copied
 * await assert.rejects(unpackStatsRange({ ...packed, widths: "11" }), /widths/);
 * await assert.rejects(unpackStatsRange({ ...packed, documents: 41 }), /41 documents/);
 * ```
 */
export async function packStatsRange(range: StatsRange): Promise<PackedStatsRange> {
  const columns = STATS_COLUMNS.map((name) => numberBytes(columnOf(range, name)));
  const all = new Uint8Array(columns.reduce((sum, c) => sum + c.bytes.length, 0));
  let at = 0;
  for (const { bytes } of columns) {
    all.set(bytes, at);
    at += bytes.length;
  }
  return {
    documents: range.inbound.length,
    widths: columns.map((c) => c.width).join(""),
    deflated: await deflateText(all),
  };
}

/**
 * The {@link StatsRange} of a {@link PackedStatsRange}; rejects with a `TypeError` on anything
 * else.
 */
export async function unpackStatsRange(value: unknown): Promise<StatsRange> {
  const p = (value ?? {}) as Partial<PackedStatsRange>;
  const count = p.documents;
  const widths = typeof p.widths === "string" ? [...p.widths] : [];
  if (
    !Number.isSafeInteger(count) || count! < 0 || typeof p.deflated !== "string" ||
    widths.length !== STATS_COLUMNS.length ||
    !widths.every((w) => w === "1" || w === "2" || w === "4")
  ) {
    throw new TypeError("Cannot read a stats range: no documents, widths or numbers");
  }
  let bytes: Uint8Array;
  try {
    bytes = await inflateText(p.deflated);
  } catch (error) {
    throw new TypeError(`Cannot read a stats range: ${(error as Error).message}`);
  }
  const total = widths.reduce((sum, w) => sum + Number(w) * count!, 0);
  if (bytes.length !== total) {
    throw new TypeError(`Cannot read a stats range: ${bytes.length} bytes for ${count} documents`);
  }
  // Each column read where it is, in its own width (the index copies the numbers into its own
  // arrays: `document_stats.ts`).
  const columns = {} as Record<StatsColumn, DocumentNumbers>;
  let at = 0;
  STATS_COLUMNS.forEach((name, c) => {
    const size = Number(widths[c]) * count!;
    columns[name] = numbersOfBytes(widths[c], bytes.subarray(at, at + size));
    at += size;
  });
  const { inbound, fileNames, fileHeads, ...lengths } = columns;
  return { lengths, inbound, fileNames, fileHeads };
}

/**
 * `names` (a name range's) packed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packNamesRange, unpackNamesRange } from "./packed_ranges.ts";
 * const names = ["intro", "option", "option", "chmod\nchmod file"];
 * assert.deepEqual(unpackNamesRange(JSON.parse(JSON.stringify(packNamesRange(names)))), names);
 * assert.throws(() => unpackNamesRange({ documents: 2, names: [] }), /names/);
 * ```
 */
export function packNamesRange(names: readonly string[]): PackedNamesRange {
  return { documents: names.length, names: encodeColumn(names) };
}

/** The names of a {@link PackedNamesRange}; throws on anything else. */
export function unpackNamesRange(value: unknown): unknown[] {
  const p = (value ?? {}) as Partial<PackedNamesRange>;
  if (!Number.isSafeInteger(p.documents)) throw new TypeError("Cannot read a name range");
  return decodeColumn("names", p.names, p.documents!);
}
