/**
 * Document details: a sharded build's edge manifest keeps of each document only what every
 * request needs when an isolate starts — its source, format and file name — and writes the fields
 * a request reads of the documents it answers with (its id, which is in its id range as well:
 * `id_ranges.ts`; title, size, description, keywords, other frontmatter, dates, links, status; the API
 * member names the phrase rule reads, the section titles the part rule reads of a page scored by
 * its parts) in *detail ranges*: one shard for each run of consecutive documents whose details
 * take at most {@link DETAIL_RANGE_BYTES} (a larger document has one to itself). A cold isolate's
 * first search reads the ranges of the candidates the phrase rule looks at (`phrase_rule.ts`:
 * 30), of the pages with parts among the part rule's (`part_rule.ts`) and of the hits it shows,
 * not the 6.6 MB those fields take on a 30,502-page reference shelf (0.6 MB of it titles: a
 * search matches titles through the index's names); a list reads them all.
 *
 * The file name (`f`) stays in the manifest: tools find a document by its file name among all
 * of them, and it is 1.2 KB of the reference shelf's manifest.
 *
 * @module
 */
import { type CompactDocument, OPTIONAL_FIELDS } from "./compact_documents.ts";
import type { Manifest } from "./manifest.ts";
import { rangeOf } from "./body_ranges.ts";

/** The compact document fields a detail range holds, in the order a compact document lists them. */
export const DETAIL_FIELDS = [
  "i",
  "n",
  "d",
  "k",
  "m",
  "z",
  "h",
  "a",
  ...OPTIONAL_FIELDS,
] as const satisfies readonly (keyof CompactDocument)[];

/** What a detail range holds of one document. */
export type DocumentDetails = Pick<CompactDocument, (typeof DETAIL_FIELDS)[number]>;

/**
 * Bytes of details (as JSON, about) a range holds: a search reads the ranges of the 30 candidates
 * the phrase rule looks at, which fall in 10–23 ranges on the reference shelf, so the smaller the
 * ranges the fewer other documents' details it reads — down to a few kilobytes, where a read's
 * own cost would matter more than its bytes. On a 30,638-page shelf, six questions' cold first
 * searches read 47–129 KB of details in 16–40 ranges of 4 KB, against 71–247 KB in 12–37 of 8 KB
 * (2026-11-28); the edge manifest then lists 1,998 ranges' starts instead of 1,008 (5 KB more).
 */
export const DETAIL_RANGE_BYTES = 4 * 1024;

/**
 * Ranges a detail volume holds: every range again, in volumes of about 1 MB, which a request
 * needing every document's details (a list, `llms.txt`) reads instead of hundreds of ranges.
 */
export const DETAIL_VOLUME_RANGES = 256;

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
 * The range (0 …) holding document number `n`'s details, ranges starting at `starts` (the first
 * document of each, ascending from 0).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detailRangeOf } from "./document_details.ts";
 * assert.deepEqual([0, 2, 3, 9, 10, 40].map((n) => detailRangeOf(n, [0, 3, 10])), [0, 0, 1, 1, 2, 2]);
 * ```
 */
export function detailRangeOf(n: number, starts: readonly number[]): number {
  return rangeOf(n, starts);
}

/**
 * `compact` (a manifest in compact form) with its documents' details and ids moved into ranges
 * of consecutive documents whose details take at most `maxBytes` as JSON, ids aside
 * ({@link DETAIL_RANGE_BYTES}; a larger document has a range to itself); `detailRangeStarts`
 * names the first document of each, and range `k` lists its documents' details, each with the
 * fields it has. (A sharded build keeps the ids in id ranges as well: `id_ranges.ts`.)
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
 * const { edge, ranges } = splitDetails(compact, 100);
 * assert.deepEqual(edge.detailRangeStarts, [0, 2]);
 * assert.deepEqual(edge.compactDocuments, [{}, { f: "y.txt" }, {}]);
 * assert.deepEqual(ranges, [
 *   [
 *     { i: "d/x", n: "X", d: "about x", z: 1, m: { kind: "class" } },
 *     { i: "d/y", n: "Y", d: "", z: 2, url: "https://x.example/y" },
 *   ],
 *   [{ i: "d/z", n: "Z", d: "", z: 3, lastUpdated: "2026-01-01" }],
 * ]);
 * ```
 */
export function splitDetails(
  compact: Manifest,
  maxBytes = DETAIL_RANGE_BYTES,
): { edge: Manifest; ranges: DocumentDetails[][] } {
  const detail = new Set<string>(DETAIL_FIELDS);
  const kept: CompactDocument[] = [];
  const ranges: DocumentDetails[][] = [];
  const starts: number[] = [];
  let bytes = Infinity;
  for (const c of compact.compactDocuments ?? []) {
    const own: Record<string, unknown> = {};
    const apart: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(c)) {
      (detail.has(field) ? apart : own)[field] = value;
    }
    // Without its details: the store reads them from the ranges (`CompactDocumentView`).
    kept.push(own as unknown as CompactDocument);
    // Weighed without its id (front-coded, the ids add about a tenth to a range's bytes): the
    // ranges start where they would without them.
    const { i: _id, ...weighed } = apart;
    const size = JSON.stringify(weighed).length;
    // A new range when this one would pass the bound (a document larger has one to itself).
    if (bytes + size > maxBytes) {
      starts.push(kept.length - 1);
      ranges.push([]);
      bytes = 0;
    }
    ranges.at(-1)!.push(apart as DocumentDetails);
    bytes += size;
  }
  return { edge: { ...compact, compactDocuments: kept, detailRangeStarts: starts }, ranges };
}
