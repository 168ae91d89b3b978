/**
 * The document ranges of a sharded build (`document_ranges.ts`) as shards: a stats range's
 * number columns as numbers (`number_text.ts`), or as the few that are not 0 (most documents have
 * no keywords and no inbound links), read back as typed arrays; a name range's names as a value
 * column (`value_column.ts`: parts' headings repeat).
 *
 * @module
 */
import type { StatsRange } from "../search/document_ranges.ts";
import type { DocumentNumbers } from "../search/search_index.ts";
import { FIELDS } from "../search/index_fields.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/**
 * A number column of a stats range: its numbers (`number_text.ts`), or, when most are 0, the
 * others' numbers (`v`) and the gaps between their documents (`at`, the first from 0).
 */
export type NumberColumn = string | { v: string; at: string };

/** A stats range as its shard holds it. */
export interface PackedStatsRange {
  documents: number;
  lengths: Record<string, NumberColumn>;
  inbound: NumberColumn;
  fileNames: NumberColumn;
  fileHeads: NumberColumn;
}

/** A name range as its shard holds it. */
export interface PackedNamesRange {
  documents: number;
  names: Column;
}

/** `values` as the shorter of the two forms of a {@link NumberColumn}. */
function packColumn(values: DocumentNumbers): NumberColumn {
  const dense = encodeNumbers(values);
  const v: number[] = [];
  const at: number[] = [];
  let previous = 0;
  for (let n = 0; n < values.length; n++) {
    if (values[n] === 0) continue;
    v.push(values[n]!);
    at.push(n - previous);
    previous = n;
  }
  const sparse = { v: encodeNumbers(v), at: encodeNumbers(at) };
  return JSON.stringify(sparse).length < dense.length + 2 ? sparse : dense;
}

/** The numbers of a {@link NumberColumn} of `count` documents; throws a `TypeError` on another. */
function unpackColumn(field: string, column: unknown, count: number): Uint32Array {
  const out = new Uint32Array(count);
  try {
    if (typeof column === "string") {
      const numbers = decodeNumbers(column);
      if (numbers.length !== count) throw new Error(`${numbers.length} of ${count} numbers`);
      out.set(numbers);
      return out;
    }
    const { v, at } = (column ?? {}) as { v?: unknown; at?: unknown };
    if (typeof v !== "string" || typeof at !== "string") throw new Error("not a column");
    // A loop over the documents that have a number only: the rest are 0.
    const values = decodeNumbers(v);
    const gaps = decodeNumbers(at);
    if (values.length !== gaps.length) throw new Error("numbers and places differ");
    let n = 0;
    for (let i = 0; i < values.length; i++) {
      n += gaps[i]!;
      if (n >= count) throw new Error(`document ${n} of ${count}`);
      out[n] = values[i]!;
    }
    return out;
  } catch (error) {
    throw new TypeError(`Cannot read a stats range: ${field}: ${(error as Error).message}`);
  }
}

/**
 * `range` packed: each column as its numbers, or, for the many that are mostly 0, as the few that
 * are not (on a 30,502-page shelf, about 0.5 MB of 1.21 MB; 2026-11-28), read back natively (a
 * cold isolate reads a value at a time in the interpreter: reading every value through a value
 * column's reader cost about 150 ms of CPU there).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packStatsRange, unpackStatsRange } from "./packed_ranges.ts";
 * const some = (n: number) => Array.from({ length: 40 }, (_, k) => k === 30 ? n : 0);
 * const lengths = { name: some(1), keywords: some(0), description: some(0),
 *   content: Array.from({ length: 40 }, (_, k) => 300 + k), links: some(0), headings: some(2) };
 * const range = { lengths, inbound: some(4), fileNames: some(2), fileHeads: some(9) };
 * const packed = packStatsRange(range);
 * assert.equal(typeof packed.lengths.content, "string");
 * assert.deepEqual(packed.inbound, { v: "1BA", at: "1Hg" });
 * const back = unpackStatsRange(JSON.parse(JSON.stringify(packed)));
 * assert.deepEqual([...back.lengths.content], lengths.content);
 * assert.deepEqual([...back.inbound], range.inbound);
 * assert.throws(() => unpackStatsRange({ ...packed, inbound: 3 }), /inbound: not a column/);
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
  return {
    lengths: Object.fromEntries(
      FIELDS.map((f) => [f, unpackColumn(`lengths.${f}`, p.lengths?.[f], count!)]),
    ) as StatsRange["lengths"],
    inbound: unpackColumn("inbound", p.inbound, count!),
    fileNames: unpackColumn("fileNames", p.fileNames, count!),
    fileHeads: unpackColumn("fileHeads", p.fileHeads, count!),
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
