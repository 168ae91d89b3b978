/**
 * Document details: a sharded build's edge manifest keeps of each document only what every
 * request needs when an isolate starts — its id, source, format, title, size and file name — and
 * writes the fields a request reads of the documents it answers with (description, keywords, other
 * frontmatter, dates, links, status; the API member names the phrase rule reads, the section
 * titles the part rule reads of a page scored by its parts) in *detail ranges*: one shard for each run of consecutive documents whose details take about
 * {@link DETAIL_RANGE_BYTES}. A cold isolate's first search reads the ranges of the candidates
 * the phrase rule looks at (`phrase_rule.ts`: 30), of the pages with parts among the part
 * rule's (`part_rule.ts`) and of the hits it shows, not the 6 MB those fields take on a
 * 30,502-page reference shelf; a list reads them all.
 *
 * The file name (`f`) stays in the manifest: tools find a document by its file name among all
 * of them, and it is 1.2 KB of the reference shelf's manifest.
 *
 * @module
 */
import type { CompactDocument } from "./compact_documents.ts";
import type { Manifest } from "./manifest.ts";

/** The compact document fields a detail range holds, in the order a compact document lists them. */
export const DETAIL_FIELDS = [
  "d",
  "k",
  "m",
  "h",
  "a",
  "status",
  "maturity",
  "lastUpdated",
  "relatedIds",
  "supersededBy",
  "url",
] as const satisfies readonly (keyof CompactDocument)[];

/** What a detail range holds of one document. */
export type DocumentDetails = Pick<CompactDocument, (typeof DETAIL_FIELDS)[number]>;

/**
 * Bytes of details (as JSON, about) a range holds: a search reads the ranges of the 30 candidates
 * the phrase rule looks at, which fall in 10–23 ranges on the reference shelf, so the smaller the
 * ranges the fewer other documents' details it reads — down to a few kilobytes, where a read's
 * own cost would matter more than its bytes.
 */
export const DETAIL_RANGE_BYTES = 8 * 1024;

/** Most documents a range holds. */
export const MAX_DETAIL_RANGE_DOCUMENTS = 256;

/**
 * Documents a detail range holds, for `documents` documents whose details take `bytes` (as JSON)
 * in all: about {@link DETAIL_RANGE_BYTES} of them, 1 to {@link MAX_DETAIL_RANGE_DOCUMENTS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detailRangeDocuments } from "./document_details.ts";
 * assert.equal(detailRangeDocuments(1_480_000, 4980), 28); // openjdk-17-doc: 297 bytes a page
 * assert.equal(detailRangeDocuments(5_000, 64), 105); // all of 64 pages: one range
 * assert.equal(detailRangeDocuments(0, 0), 256);
 * assert.equal(detailRangeDocuments(1e6, 10), 1);
 * ```
 */
export function detailRangeDocuments(bytes: number, documents: number): number {
  const perDocument = bytes / Math.max(1, documents);
  return Math.max(
    1,
    Math.min(MAX_DETAIL_RANGE_DOCUMENTS, Math.round(DETAIL_RANGE_BYTES / perDocument)),
  );
}

/**
 * Ranges a detail volume holds: every range again, in volumes of about 1 MB, which a request
 * needing every document's details (a list, `llms.txt`) reads instead of hundreds of ranges.
 */
export const DETAIL_VOLUME_RANGES = 128;

/**
 * Reads detail ranges: `read(k)` gives range `k` as stored (its bytes weigh it in the isolate's
 * chunk cache), `rows` its documents' details in order (throws for a value that is not a range);
 * `readAll()`, where given, every range at once (from the volumes), in order.
 */
export interface DetailRangeReader {
  read(k: number): Promise<unknown>;
  rows(range: unknown, k: number): readonly DocumentDetails[];
  readAll?: () => Promise<readonly unknown[]>;
}

/**
 * The range (0 …) holding document number `n`'s details, ranges of `size` documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detailRangeOf } from "./document_details.ts";
 * assert.deepEqual([0, 63, 64, 130].map((n) => detailRangeOf(n, 64)), [0, 0, 1, 2]);
 * ```
 */
export const detailRangeOf = (n: number, size: number): number => Math.floor(n / size);

/**
 * `compact` (a manifest in compact form) with its documents' details moved into ranges of `size`
 * consecutive documents (`detailRange` set; by default {@link detailRangeDocuments} of them);
 * range `k` lists the details of documents `k·size …`, each with the fields it has.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitDetails } from "./document_details.ts";
 * const compact = { compactDocuments: [
 *   { i: "d/x", n: "X", d: "about x", z: 1, m: { kind: "class" } },
 *   { i: "d/y", n: "Y", d: "", z: 2, f: "y.txt", url: "https://x.example/y" },
 *   { i: "d/z", n: "Z", d: "", z: 3, lastUpdated: "2026-01-01" },
 * ] } as never;
 * const { edge, ranges } = splitDetails(compact, 2);
 * assert.equal(edge.detailRange, 2);
 * assert.deepEqual(edge.compactDocuments, [
 *   { i: "d/x", n: "X", z: 1 }, { i: "d/y", n: "Y", z: 2, f: "y.txt" }, { i: "d/z", n: "Z", z: 3 },
 * ]);
 * assert.deepEqual(ranges, [
 *   [{ d: "about x", m: { kind: "class" } }, { d: "", url: "https://x.example/y" }],
 *   [{ d: "", lastUpdated: "2026-01-01" }],
 * ]);
 * ```
 */
export function splitDetails(
  compact: Manifest,
  size?: number,
): { edge: Manifest; ranges: DocumentDetails[][] } {
  const detail = new Set<string>(DETAIL_FIELDS);
  const kept: CompactDocument[] = [];
  const details: DocumentDetails[] = [];
  let bytes = 0;
  for (const c of compact.compactDocuments ?? []) {
    const own: Record<string, unknown> = {};
    const apart: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(c)) {
      (detail.has(field) ? apart : own)[field] = value;
    }
    // Without its details: the store reads them from the ranges (`CompactDocumentView`).
    kept.push(own as unknown as CompactDocument);
    details.push(apart as DocumentDetails);
    if (size === undefined) bytes += JSON.stringify(apart).length;
  }
  const run = size ?? detailRangeDocuments(bytes, details.length);
  const ranges: DocumentDetails[][] = [];
  for (let at = 0; at < details.length; at += run) ranges.push(details.slice(at, at + run));
  return { edge: { ...compact, compactDocuments: kept, detailRange: run }, ranges };
}
