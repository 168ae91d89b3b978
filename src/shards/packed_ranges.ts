/**
 * The document ranges of a sharded build (`document_ranges.ts`) as shards: a stats range's
 * numbers as text (`number_text.ts`), read back as the typed arrays they decode to; a name range
 * as a value column (`value_column.ts`: parts' headings repeat).
 *
 * @module
 */
import type { StatsRange } from "../search/document_ranges.ts";
import { FIELDS } from "../search/index_fields.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/** A stats range as its shard holds it. */
export interface PackedStatsRange {
  lengths: Record<string, string>;
  inbound: string;
  fileNames: string;
  fileHeads: string;
}

/** A name range as its shard holds it. */
export interface PackedNamesRange {
  documents: number;
  names: Column;
}

/**
 * `range` packed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packStatsRange, unpackStatsRange } from "./packed_ranges.ts";
 * const lengths = { name: [1, 2], keywords: [0, 0], description: [0, 0], content: [300, 9],
 *   links: [0, 0], headings: [0, 0] };
 * const packed = packStatsRange({ lengths, inbound: [4, 0], fileNames: [0, 2], fileHeads: [0, 9] });
 * assert.equal(packed.inbound, "1BAA");
 * const back = unpackStatsRange(packed);
 * assert.deepEqual([...back.lengths.content], [300, 9]);
 * assert.deepEqual([...back.fileNames], [0, 2]);
 * assert.throws(() => unpackStatsRange({ ...packed, inbound: 3 }), /Cannot read a stats range/);
 * ```
 */
export function packStatsRange(range: StatsRange): PackedStatsRange {
  return {
    lengths: Object.fromEntries(FIELDS.map((f) => [f, encodeNumbers(range.lengths[f])])),
    inbound: encodeNumbers(range.inbound),
    fileNames: encodeNumbers(range.fileNames),
    fileHeads: encodeNumbers(range.fileHeads),
  };
}

/** The {@link StatsRange} of a {@link PackedStatsRange}; throws a `TypeError` on anything else. */
export function unpackStatsRange(value: unknown): StatsRange {
  const p = (value ?? {}) as Partial<PackedStatsRange>;
  const numbers = (what: string, text: unknown) => {
    if (typeof text !== "string") throw new TypeError(`Cannot read a stats range: no ${what}`);
    return decodeNumbers(text);
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
