/**
 * Document details: a sharded build's edge manifest keeps of each document only what every
 * request needs when an isolate starts — its id, source, format, title, size, file name and the
 * section titles the part rule reads — and writes the fields a request shows of the documents it
 * answers with (description, keywords, other frontmatter, API member names, dates, links, status)
 * in *detail ranges*: one shard for each run of {@link DETAIL_RANGE_DOCUMENTS} consecutive
 * documents. A cold isolate's first search reads the ranges of the hits the phrase rule looks at
 * (`phrase_rule.ts`: at most 30), not the 4.7 MB those fields take on a 30,502-page reference
 * shelf; a list reads them all.
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
 * Documents a detail range holds: on the reference shelf (30,502 pages) a range is about 10 KB
 * (the largest 40 KB, of Rust API pages with many members), and a search's 30 phrase candidates
 * fall in 10–23 ranges.
 */
export const DETAIL_RANGE_DOCUMENTS = 64;

/**
 * Reads detail ranges: `read(k)` gives range `k` as stored (its bytes weigh it in the isolate's
 * chunk cache), `rows` its documents' details in order (throws for a value that is not a range).
 */
export interface DetailRangeReader {
  read(k: number): Promise<unknown>;
  rows(range: unknown, k: number): readonly DocumentDetails[];
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
 * consecutive documents (`detailRange` set); range `k` lists the details of documents
 * `k·size …`, each with the fields it has.
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
  size = DETAIL_RANGE_DOCUMENTS,
): { edge: Manifest; ranges: DocumentDetails[][] } {
  const ranges: DocumentDetails[][] = [];
  const detail = new Set<string>(DETAIL_FIELDS);
  const documents = (compact.compactDocuments ?? []).map((c, n) => {
    const kept: Record<string, unknown> = {};
    const details: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(c)) {
      (detail.has(field) ? details : kept)[field] = value;
    }
    (ranges[detailRangeOf(n, size)] ??= []).push(details as DocumentDetails);
    // Without its details: the store reads them from the ranges (`CompactDocumentView`).
    return kept as unknown as CompactDocument;
  });
  return { edge: { ...compact, compactDocuments: documents, detailRange: size }, ranges };
}
