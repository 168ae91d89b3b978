/**
 * The document ranges of a sharded build (`document_ranges.ts`) as shards: a stats range's
 * number columns as bytes, deflated (`deflated_bytes.ts`: most documents have no keywords and no
 * inbound links), read back as typed arrays; a name range's names as a value column
 * (`value_column.ts`: parts' headings repeat).
 *
 * @module
 */
import type { StatsRange } from "../search/document_ranges.ts";
import type { NameRange } from "../search/name_ranges.ts";
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
  /** How many keys. */
  count: number;
  keys: Column;
  /** The keys' documents (`NameRange.docs`), joined by `;`. */
  docs: string;
}

/** The columns of a stats range, in the order its shard holds them. */
export const STATS_COLUMNS = [...FIELDS, "inbound"] as const;

type StatsColumn = (typeof STATS_COLUMNS)[number];

/** Column `name` of `range`. */
const columnOf = (range: StatsRange, name: StatsColumn): DocumentNumbers =>
  name === "inbound" ? range[name] : range.lengths[name];

/**
 * `range` packed: each column's numbers in the fewest bytes that hold its largest, a column of
 * two or four bytes a number as planes (every number's low byte, then every one's next byte, …),
 * the columns one after the other, deflated (`deflated_bytes.ts`). Most columns are mostly 0 or
 * small, and a page's content length takes 2 bytes where its number of words needs 11 bits or
 * so; in planes, the high bytes of a column that two pages' lengths make 4 bytes wide are a run
 * of zeros: on a 30,638-page shelf (89,538 documents with the parts) the 3 ranges take 0.14 MB,
 * 0.16 MB with each number's bytes together and 0.54 MB as base64 typed arrays (2026-11-28). Read
 * back with one inflate, one loop a column of 2 or 4 bytes, and one typed array a column.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packStatsRange, unpackStatsRange } from "./packed_ranges.ts";
 * const some = (n: number) => Array.from({ length: 40 }, (_, k) => k === 30 ? n : 0);
 * const lengths = { name: some(1), keywords: some(0), description: some(0),
 *   content: Array.from({ length: 40 }, (_, k) => 300 + k), links: some(0), headings: some(2) };
 * const range = { lengths, inbound: some(70_000) };
 * const packed = await packStatsRange(range);
 * assert.equal(packed.widths, "1112114");
 * const back = await unpackStatsRange(JSON.parse(JSON.stringify(packed)));
 * assert.deepEqual([...back.lengths.content], lengths.content);
 * assert.deepEqual([...back.inbound], range.inbound);
 * assert.ok(back.lengths.name instanceof Uint8Array); // in its own width, not copied
 * await assert.rejects(unpackStatsRange({ ...packed, widths: "11" }), /widths/);
 * await assert.rejects(unpackStatsRange({ ...packed, documents: 41 }), /41 documents/);
 * ```
 */
export async function packStatsRange(range: StatsRange): Promise<PackedStatsRange> {
  const columns = STATS_COLUMNS.map((name) => {
    const { width, bytes } = numberBytes(columnOf(range, name));
    return { width, bytes: transposed(bytes, Number(width), true) };
  });
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
 * `bytes` (numbers of `width` bytes each) as planes (`toPlanes`), or back from them: a new array
 * but for a width of 1.
 */
function transposed(bytes: Uint8Array, width: number, toPlanes: boolean): Uint8Array {
  if (width === 1) return bytes;
  const count = bytes.length / width;
  const out = new Uint8Array(bytes.length);
  for (let b = 0; b < width; b++) {
    const plane = b * count;
    if (toPlanes) { for (let i = 0; i < count; i++) out[plane + i] = bytes[i * width + b]!; }
    else for (let i = 0; i < count; i++) out[i * width + b] = bytes[plane + i]!;
  }
  return out;
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
    const planes = bytes.subarray(at, at + size);
    columns[name] = numbersOfBytes(widths[c], transposed(planes, Number(widths[c]), false));
    at += size;
  });
  const { inbound, ...lengths } = columns;
  return { lengths, inbound };
}

/**
 * `range` (a name range) packed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packNamesRange, unpackNamesRange } from "./packed_ranges.ts";
 * const range = { keys: ["001:option", "002:chmod file", "002:chmod mode"], docs: ["4,a", "3", "1|2"] };
 * assert.deepEqual(unpackNamesRange(JSON.parse(JSON.stringify(packNamesRange(range)))), range);
 * assert.throws(() => unpackNamesRange({ count: 2, keys: [], docs: "" }), /keys/);
 * assert.throws(() => unpackNamesRange({ ...packNamesRange(range), docs: "1" }), /1 of 3/);
 * ```
 */
export function packNamesRange(range: NameRange): PackedNamesRange {
  return { count: range.keys.length, keys: encodeColumn(range.keys), docs: range.docs.join(";") };
}

/**
 * The {@link NameRange} of a {@link PackedNamesRange}, or the ranges of a volume of them (a list:
 * `NameRangesData.volumeRanges`); throws a `TypeError` on anything else.
 */
export function unpackNamesRange(value: unknown): NameRange | NameRange[] {
  return Array.isArray(value) ? value.map(unpackOneRange) : unpackOneRange(value);
}

/** The {@link NameRange} of a {@link PackedNamesRange}. */
function unpackOneRange(value: unknown): NameRange {
  const p = (value ?? {}) as Partial<PackedNamesRange>;
  if (!Number.isSafeInteger(p.count) || typeof p.docs !== "string") {
    throw new TypeError("Cannot read a name range");
  }
  const keys = decodeColumn("keys", p.keys, p.count!) as string[];
  const docs = p.count === 0 ? [] : p.docs.split(";");
  if (docs.length !== p.count) {
    throw new TypeError(`Cannot read a name range: documents of ${docs.length} of ${p.count} keys`);
  }
  return { keys, docs };
}
