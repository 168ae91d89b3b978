/**
 * A detail range (`document_details.ts`) as a shard: its documents' details as columns
 * (`document_columns.ts`), so no key is written for every document and a date they share is
 * written once.
 *
 * @module
 */
import type { CompactDocument } from "../content/compact_documents.ts";
import type { DocumentDetails } from "../content/document_details.ts";
import { type DocumentColumns, packDocuments, unpackDocuments } from "./document_columns.ts";
import type { ShardReader } from "./shard_reader.ts";

/**
 * The columns of a range's details; {@link detailRows} reads them back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detailRows, packDetails } from "./detail_columns.ts";
 * const range = [
 *   { i: "d/a", n: "Alpha", d: "A", z: 10, lastUpdated: "2026-01-01" },
 *   { i: "d/b", n: "Beta", d: "", z: 7, lastUpdated: "2026-01-01" },
 * ];
 * const packed = JSON.parse(JSON.stringify(packDetails(range)));
 * assert.deepEqual(detailRows(packed, 0).map((r) => [r.n, r.d, r.z, r.lastUpdated]), [
 *   ["Alpha", "A", 10, "2026-01-01"], ["Beta", "", 7, "2026-01-01"],
 * ]);
 * assert.throws(() => detailRows({ count: 1, columns: { q: [1] } }, 3), /detail range 3: .*column q/);
 * ```
 */
export function packDetails(range: readonly DocumentDetails[]): DocumentColumns {
  return packDocuments(range as readonly CompactDocument[]);
}

/** The details of a range's documents, in order, from its shard (checked). */
export function detailRows(range: unknown, k: number): readonly DocumentDetails[] {
  try {
    return unpackDocuments(range as DocumentColumns);
  } catch (error) {
    throw new TypeError(`detail range ${k}: ${(error as Error).message}`);
  }
}

/**
 * Every detail range, in order, from `volumes` (each a list of ranges) read through `reader` at
 * once; throws a `TypeError` for a volume that is no list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readVolumes } from "./detail_columns.ts";
 * const shards: Record<string, unknown> = { a: [1, 2], b: [3], c: {} };
 * const reader = { json: (name: string) => Promise.resolve(shards[name]) };
 * assert.deepEqual(await readVolumes(["a", "b"], reader), [1, 2, 3]);
 * await assert.rejects(readVolumes(["a", "c"], reader), /detail volume 1 is not a list/);
 * ```
 */
export async function readVolumes(
  volumes: readonly string[],
  reader: Pick<ShardReader, "json">,
): Promise<unknown[]> {
  const read = await Promise.all(volumes.map((name) => reader.json(name)));
  return read.flatMap((volume, k) => {
    if (!Array.isArray(volume)) throw new TypeError(`detail volume ${k} is not a list`);
    return volume;
  });
}
