/**
 * An id range (`id_ranges.ts`) as a shard: its ids as one value column (`value_column.ts`:
 * sorted, they are front-coded, each rebuilt when first read).
 *
 * @module
 */
import { type Column, columnReader, encodeColumn } from "./value_column.ts";

/**
 * The column of a range's ids; {@link idRangeIds} reads them back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { idRangeIds, packIdRange } from "./id_range_columns.ts";
 * const packed = JSON.parse(JSON.stringify(packIdRange(["docs/a/x", "docs/a/y"])));
 * const ids = idRangeIds(packed, 0, 2);
 * assert.deepEqual([ids(0), ids(1)], ["docs/a/x", "docs/a/y"]);
 * assert.throws(() => idRangeIds(packed, 3, 5), /id range 3: .*has 2 of 5/);
 * assert.throws(() => idRangeIds(["a", null], 1, 2), /id range 1: .*not an id/);
 * ```
 */
export function packIdRange(ids: readonly string[]): Column {
  return encodeColumn(ids);
}

/** The `count` ids of a range by place, from its shard (checked: each a string). */
export function idRangeIds(range: unknown, k: number, count: number): (i: number) => string {
  try {
    const read = columnReader("ids", range, count);
    for (let i = 0; i < count; i++) {
      if (typeof read(i) !== "string") throw new TypeError(`value ${i} is not an id`);
    }
    return read as (i: number) => string;
  } catch (error) {
    throw new TypeError(`id range ${k}: ${(error as Error).message}`);
  }
}
