/**
 * A slug range (`slug_ranges.ts`) as a shard: its slugs, its documents' numbers and their heads
 * as value columns (`value_column.ts`: sorted slugs and a slug's heads share their beginnings,
 * so they are front-coded).
 *
 * @module
 */
import type { SlugRange } from "../content/slug_ranges.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/** A slug range as its shard holds it. */
export interface PackedSlugRange {
  /** How many slugs. */
  count: number;
  slugs: Column;
  numbers: Column;
  heads: Column;
}

/**
 * `range` packed; {@link unpackSlugRange} reads it back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packSlugRange, unpackSlugRange } from "./slug_range_columns.ts";
 * const range = { slugs: ["intro", "setup"], numbers: [[0, 7], [3]], heads: [["d/a/", "d/b/"], ["d/"]] };
 * assert.deepEqual(unpackSlugRange(JSON.parse(JSON.stringify(packSlugRange(range)))), range);
 * assert.throws(() => unpackSlugRange({ ...packSlugRange(range), count: 3 }), /slug range/);
 * assert.throws(() => unpackSlugRange(null), /slug range/);
 * ```
 */
export function packSlugRange(range: SlugRange): PackedSlugRange {
  return {
    count: range.slugs.length,
    slugs: encodeColumn(range.slugs),
    numbers: encodeColumn(range.numbers),
    heads: encodeColumn(range.heads),
  };
}

/** The {@link SlugRange} of a {@link PackedSlugRange}; throws a `TypeError` on anything else. */
export function unpackSlugRange(value: unknown): SlugRange {
  const p = (value ?? {}) as Partial<PackedSlugRange>;
  try {
    if (!Number.isSafeInteger(p.count)) throw new TypeError("no count");
    return {
      slugs: decodeColumn("slugs", p.slugs, p.count!) as string[],
      numbers: decodeColumn("numbers", p.numbers, p.count!) as number[][],
      heads: decodeColumn("heads", p.heads, p.count!) as string[][],
    };
  } catch (error) {
    throw new TypeError(`Cannot read a slug range: ${(error as Error).message}`);
  }
}
