/**
 * The document ranges of a sharded build (`document_ranges.ts`) as shards: a stats range's
 * number columns and a name range's names as value columns (`value_column.ts`: most documents
 * have no keywords and no inbound links, parts' headings repeat), a stats range's read back as
 * typed arrays.
 *
 * @module
 */
import type { StatsRange } from "../search/document_ranges.ts";
import type { DocumentNumbers } from "../search/search_index.ts";
import { FIELDS } from "../search/index_fields.ts";
import { type Column, columnReader, decodeColumn, encodeColumn } from "./value_column.ts";

/** A stats range as its shard holds it: each number column as a value column, 0 for none. */
export interface PackedStatsRange {
  documents: number;
  lengths: Record<string, Column>;
  inbound: Column;
  fileNames: Column;
  fileHeads: Column;
}

/** A name range as its shard holds it. */
export interface PackedNamesRange {
  documents: number;
  names: Column;
}

/** A number column as a value column: most of a column is often 0 (keywords, inbound links). */
const packColumn = (values: DocumentNumbers) =>
  encodeColumn(Array.from(values, (v) => v === 0 ? undefined : v));

/**
 * `range` packed: each column in its shortest form (`value_column.ts`), which for the many
 * columns that are mostly 0 is the few documents that are not (on a 30,502-page shelf, 1.21 MB
 * of numbers as they are, 0.45 MB as value columns; 2026-11-28).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packStatsRange, unpackStatsRange } from "./packed_ranges.ts";
 * const lengths = { name: [1, 2], keywords: [0, 0], description: [0, 0], content: [300, 9],
 *   links: [0, 0], headings: [0, 0] };
 * const range = { lengths, inbound: [4, 0], fileNames: [0, 2], fileHeads: [0, 9] };
 * const back = unpackStatsRange(JSON.parse(JSON.stringify(packStatsRange(range))));
 * assert.deepEqual([...back.lengths.content], [300, 9]);
 * assert.deepEqual([...back.lengths.keywords], [0, 0]);
 * assert.deepEqual([...back.inbound], [4, 0]);
 * assert.throws(() => unpackStatsRange({ ...packStatsRange(range), inbound: 3 }), /inbound/);
 * ```
 */
export function packStatsRange(range: StatsRange): PackedStatsRange {
  return {
    documents: range.inbound.length,
    lengths: Object.fromEntries(FIELDS.map((f) => [f, packColumn(range.lengths[f])])),
    inbound: packColumn(range.inbound),
    fileNames: packColumn(range.fileNames),
    fileHeads: packColumn(range.fileHeads),
  };
}

/** The {@link StatsRange} of a {@link PackedStatsRange}; throws a `TypeError` on anything else. */
export function unpackStatsRange(value: unknown): StatsRange {
  const p = (value ?? {}) as Partial<PackedStatsRange>;
  const count = p.documents;
  if (!Number.isSafeInteger(count)) throw new TypeError("Cannot read a stats range");
  const numbers = (field: string, column: unknown) => {
    const at = columnReader(field, column, count!);
    const out = new Uint32Array(count!);
    for (let n = 0; n < count!; n++) {
      const v = at(n);
      if (v !== undefined) out[n] = v as number;
    }
    return out;
  };
  return {
    lengths: Object.fromEntries(
      FIELDS.map((f) => [f, numbers(`lengths.${f}`, p.lengths?.[f])]),
    ) as StatsRange["lengths"],
    inbound: numbers("inbound", p.inbound),
    fileNames: numbers("fileNames", p.fileNames),
    fileHeads: numbers("fileHeads", p.fileHeads),
  };
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
