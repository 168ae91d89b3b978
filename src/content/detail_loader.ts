/**
 * The content store's reading of detail ranges (`document_details.ts`): each range read on first
 * need through the isolate's chunk cache (a range is about 8 KB), a document's details found by
 * its number in the manifest. A request that needs every document's details (a list) reads them
 * all at once, from the volumes where the reader has them, and the store keeps them from then on:
 * as much as a manifest with its details kept (4.7 MB on a 30,502-page shelf), which every later
 * list would read again.
 *
 * @module
 */
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader, LOADED } from "./chunk_loader.ts";
import { detailRangeStarts } from "./deferred_ranges.ts";
import { type DetailsElsewhere, documentNumber } from "./compact_documents.ts";
import { detailRangeOf, type DetailRangeReader, type DocumentDetails } from "./document_details.ts";
import type { Manifest, ManifestDocument } from "./manifest.ts";

/** Reading details from ranges, or nothing to read (they are in the manifest). */
export interface Details {
  /** Where the documents' details are read, when not in the manifest. */
  elsewhere?: DetailsElsewhere;
  /** Document `n`'s id when its details hold it and are loaded (`id_ranges.ts`), else none. */
  idAt(n: number): string | undefined;
  /** Loads the ranges of `docs` (every range when omitted). */
  load(docs?: Iterable<ManifestDocument>): Promise<void>;
}

/**
 * The details of `manifest` (a compact one, before it is expanded), read through `ranges` when
 * it keeps them in ranges (`detailRange`); throws a `TypeError` when it does and nothing reads
 * them. An error names document `n` as `name(n)` says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDetails } from "./detail_loader.ts";
 * const manifest = { detailRangeStarts: [0, 2],
 *   compactDocuments: [{ i: "d/a" }, { i: "d/b" }, { i: "d/c" }] } as never;
 * const read: number[] = [];
 * const details = createDetails(manifest, {
 *   read: (k) => (read.push(k), Promise.resolve(k === 0 ? [{ d: "A" }, { d: "B" }] : [{ d: "C" }])),
 *   rows: (range) => range as never,
 * });
 * assert.throws(() => details.elsewhere!(2), /details of document 2 read before they were loaded/);
 * await details.load();
 * assert.deepEqual([details.elsewhere!(1).d, details.elsewhere!(2).d], ["B", "C"]);
 * assert.deepEqual(read, [0, 1]);
 * assert.throws(() => createDetails(manifest, undefined), /nothing loads them/);
 * // Every range at once, where the reader has them so (volumes): read once, then kept.
 * let volumes = 0;
 * const whole = createDetails(manifest, {
 *   read: () => Promise.reject(new Error("not one by one")),
 *   rows: (range) => range as never,
 *   readAll: () => (volumes++, Promise.resolve([[{ d: "A" }, { d: "B" }], [{ d: "C" }]])),
 * });
 * await whole.load();
 * await whole.load();
 * assert.deepEqual([whole.elsewhere!(2).d, volumes], ["C", 1]);
 * ```
 */
export function createDetails(
  manifest: Manifest,
  ranges: DetailRangeReader | undefined,
  cache?: ChunkCache,
  name: (n: number) => string = (n) => `document ${n}`,
): Details {
  const starts = detailRangeStarts(manifest, ranges);
  const documents = manifest.compactDocuments?.length ?? 0;
  if (starts === undefined || !ranges) return { load: () => LOADED, idAt: () => undefined };
  const count = starts.length;
  const check = (range: unknown, k: number) => {
    const rows = ranges.rows(range, k);
    const expected = (starts[k + 1] ?? documents) - starts[k]!;
    if (rows.length !== expected) {
      throw new TypeError(`detail range ${k} has ${rows.length} documents, not ${expected}`);
    }
    return rows;
  };
  const chunks = createChunkLoader(count, ranges.read, check, cache);
  const every = Array.from({ length: count }, (_, k) => k);
  // Every range, once a request has read them all (kept).
  let all: (readonly DocumentDetails[])[] | undefined;
  let loadingAll: Promise<void> | undefined;
  const loadAll = (readAll: () => Promise<readonly unknown[]>) => {
    const loading = loadingAll ??= readAll().then((read) => {
      if (read.length !== count) throw new TypeError(`${read.length} detail ranges, not ${count}`);
      all = read.map((range, k) => check(range, k));
    });
    loading.catch(() => {
      if (loadingAll === loading) loadingAll = undefined; // tried again by the next request
    });
    return loading;
  };
  const loaded = (n: number) => {
    const k = detailRangeOf(n, starts);
    return (all?.[k] ?? chunks.get(k))?.[n - starts[k]!];
  };
  return {
    elsewhere(n) {
      const row = loaded(n);
      if (!row) {
        throw new Error(`details of ${name(n)} read before they were loaded (loadDocuments)`);
      }
      return row;
    },
    idAt: (n) => loaded(n)?.i,
    load(docs) {
      if (all) return LOADED;
      if (docs === undefined) return ranges.readAll ? loadAll(ranges.readAll) : chunks.load(every);
      const wanted: number[] = [];
      for (const doc of docs) {
        const n = documentNumber(doc);
        if (n !== undefined) wanted.push(detailRangeOf(n, starts));
      }
      return chunks.load(wanted);
    },
  };
}
