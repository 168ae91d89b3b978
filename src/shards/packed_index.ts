/**
 * The packed edge index: how a sharded build writes its edge index's per-document data, what a
 * cold isolate reads for every document of the shelf before its first answer.
 *
 * - `ids` are left out when they are the edge manifest's documents' (the pages, in order) and
 *   their parts' (`part_ids.ts`' `partId` of its page's id and its section's place, the places
 *   written as numbers, deflated): the runtime reads none of them — the engine joins the pages to
 *   the store's documents by position (whose ids are read with their details: `id_ranges.ts`),
 *   and the part rule reads a part's section from the places (`partSections`).
 * - `lengths` and `inbound` are numbers (`number_text.ts`), not JSON arrays, read back as the
 *   typed arrays they decode to; `parts` (each part's page) too, deflated (`deflated_bytes.ts`):
 *   a page's parts are consecutive, and their pages and places were 315 of the 381 KB of a
 *   30,638-page shelf's edge index as base64 typed arrays (2026-11-28).
 * - `names` is a value column (`value_column.ts`: parts' headings repeat).
 * - When the index keeps its per-document data in ranges (`documentRanges`,
 *   `document_ranges.ts`), `names`, `lengths` and `inbound` are left out: they are in the ranges'
 *   shards (`packed_ranges.ts`).
 *
 * - Where its dictionary ranges and postings chunks start ({@link PackedIndex.starts}) is JSON,
 *   deflated.
 *
 * Everything else is written as it is.
 *
 * @module
 */
import type { DocumentIds } from "../search/document_ids.ts";
import { fieldRecord, FIELDS } from "../search/index_fields.ts";
import { partId, sectionOfPart } from "../search/part_ids.ts";
import type { SearchIndexData } from "../search/search_index.ts";
import { deflateNumbers, deflateText, inflateNumbers, inflateText } from "./deflated_bytes.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/** Marks a {@link PackedIndex} (a scoped view's index is written unpacked). */
export const PACKED_INDEX = "shelf-packed-index-2";

/** The edge index with its per-document data packed. */
export interface PackedIndex
  extends
    Omit<SearchIndexData, "ids" | "names" | "lengths" | "inbound" | "parts" | "partSections"> {
  packed: typeof PACKED_INDEX;
  /** Its documents: pages, then parts. */
  documents: number;
  /** The ids, when they are not the manifest's documents' and their parts'. */
  ids?: string[];
  /**
   * Each part's place in its page's sections, when `ids` is left out: numbers, deflated
   * (`deflated_bytes.ts`: they run 1, 2, 3… page after page).
   */
  partSections?: string;
  /** Absent when the index keeps its per-document data in ranges (so are the next two). */
  names?: Column;
  lengths?: Record<string, string>;
  inbound?: string;
  /** Each part's page: numbers, deflated (a page's parts are consecutive). */
  parts?: string;
  /**
   * `dictionaryRanges`, `postingsChunks`, `documentRanges` and `heavyPostings` (where each range and
   * chunk starts, each dictionary and name range's first term or name, the heavy terms: sorted, so
   * they share their heads) as
   * JSON, deflated: 70 of a 30,638-page shelf's 80 KB edge index written out, 34 KB so
   * (2026-11-28).
   */
  starts?: string;
}

/** The fields of the edge index {@link PackedIndex.starts} holds. */
const STARTS = ["dictionaryRanges", "postingsChunks", "documentRanges", "heavyPostings"] as const;

/** `data`'s ids are `pageIds`, then their parts' ids: the sections' places, else `undefined`. */
function derivedParts(data: SearchIndexData, pageIds: readonly string[]): number[] | undefined {
  const { ids } = data;
  const parts = data.parts ?? [];
  const pages = ids.length - parts.length;
  if (pageIds.length !== pages || pageIds.some((id, n) => ids.at(n) !== id)) return undefined;
  const sections = Array.from(parts, (_, k) => sectionOfPart(ids.at(pages + k)!));
  const same = sections.every((section, k) =>
    Number.isSafeInteger(section) && section >= 0 &&
    partId(pageIds[parts[k]!]!, section) === ids.at(pages + k)
  );
  return same ? sections : undefined;
}

/**
 * The ids of a packed index that leaves them out: its pages' are the manifest's documents'
 * (`pageIds`), each part's its page's with its section's place (`partId`), each made when read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DerivedIds } from "./packed_index.ts";
 * const ids = new DerivedIds(["d/a", "d/b"], Uint32Array.of(1, 1), Uint32Array.of(0, 3));
 * assert.deepEqual([0, 1, 2, 3, 4].map((n) => ids.at(n)), ["d/a", "d/b", "d/b#0", "d/b#3", undefined]);
 * assert.equal(ids.length, 4);
 * ```
 */
export class DerivedIds implements DocumentIds {
  readonly #pages: DocumentIds;
  readonly #partOf: ArrayLike<number>;
  readonly #sections: ArrayLike<number>;
  constructor(pageIds: DocumentIds, partOf: ArrayLike<number>, sections: ArrayLike<number>) {
    this.#pages = pageIds;
    this.#partOf = partOf;
    this.#sections = sections;
  }
  get length(): number {
    return this.#pages.length + this.#sections.length;
  }
  at(n: number): string | undefined {
    const pages = this.#pages.length;
    if (n < pages) return this.#pages.at(n);
    const k = n - pages;
    const page = this.#pages.at(this.#partOf[k]!);
    return page === undefined || k >= this.#sections.length
      ? undefined
      : partId(page, this.#sections[k]!);
  }
}

/**
 * `data` packed, its ids left out when they are `pageIds` and their parts'.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packIndex, unpackIndex } from "./packed_index.ts";
 * import { buildSearchIndex } from "../search/search_index.ts";
 * import { plainIndexData } from "../search/document_numbers.ts";
 * const data = await buildSearchIndex([
 *   { id: "d/a", name: "Alpha", keywords: [], description: "", content: "one two", inbound: 2 },
 *   { id: "d/b", name: "Beta", keywords: [], description: "", content: "three" },
 *   { id: "d/b#1", name: "Gamma", keywords: [], description: "", content: "four", partOf: 1 },
 * ], "h").export();
 * const packed = await packIndex(data, ["d/a", "d/b"]);
 * assert.equal(packed.ids, undefined);
 * assert.equal(packed.inbound, "1AgAA");
 * assert.deepEqual(plainIndexData(await unpackIndex(packed, ["d/a", "d/b"]) as typeof data), data);
 * assert.deepEqual((await packIndex(data, ["d/b", "d/a"])).ids, data.ids);
 * ```
 */
export async function packIndex(
  data: SearchIndexData,
  pageIds: readonly string[],
): Promise<PackedIndex> {
  const { ids, names, lengths, inbound, parts, ...others } = data;
  const { dictionaryRanges, postingsChunks, documentRanges, heavyPostings, ...more } = others;
  const { partSections: _sections, manifestOrder: _order, ...written } = more;
  const sections = derivedParts(data, pageIds);
  const starts = { dictionaryRanges, postingsChunks, documentRanges, heavyPostings };
  const packed: PackedIndex = {
    ...written,
    ...(dictionaryRanges || postingsChunks || documentRanges
      ? { starts: await deflateText(new TextEncoder().encode(JSON.stringify(starts))) }
      : {}),
    packed: PACKED_INDEX,
    documents: ids.length,
    ...(sections
      ? { partSections: await deflateNumbers(sections) }
      : { ids: Array.from({ length: ids.length }, (_, n) => ids.at(n)!) }),
    ...(documentRanges ? {} : {
      names: encodeColumn(names),
      lengths: Object.fromEntries(FIELDS.map((f) => [f, encodeNumbers(lengths[f])])),
      inbound: encodeNumbers(inbound),
    }),
    ...(parts ? { parts: await deflateNumbers(parts) } : {}),
  };
  return packed;
}

/**
 * The index `value` stands for: a {@link PackedIndex} unpacked, its ids, when left out, made from
 * `pageIds` (the manifest's documents', in order) when read ({@link DerivedIds}; the index then
 * says its pages are in `manifestOrder`, and gives its parts' sections as `partSections`);
 * anything else as it is (for `importSearchIndex` to check). Throws a `TypeError` on a packed
 * index it cannot unpack.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unpackIndex } from "./packed_index.ts";
 * const view = { layout: "shelf-postings-5", ids: ["a"] };
 * assert.equal(await unpackIndex(view, []), view);
 * await assert.rejects(
 *   unpackIndex({ packed: "shelf-packed-index-2", documents: 2, names: [], lengths: {} }, []),
 *   /packed index/,
 * );
 * ```
 */
export async function unpackIndex(value: unknown, pageIds: DocumentIds): Promise<unknown> {
  if (typeof value !== "object" || value === null || !("packed" in value)) return value;
  const p = value as PackedIndex;
  try {
    if (p.packed !== PACKED_INDEX) throw new Error(`it is ${p.packed}`);
    const {
      packed: _,
      documents,
      ids,
      partSections,
      names,
      lengths,
      inbound,
      parts,
      starts,
      ...rest
    } = p;
    // Each field it names must be one of them, and is checked where the index is imported.
    const listed = starts === undefined
      ? {}
      : JSON.parse(new TextDecoder().decode(await inflateText(starts))) as Record<string, unknown>;
    const kept = Object.fromEntries(
      STARTS.flatMap((k) => listed[k] === undefined ? [] : [[k, listed[k]]]),
    );
    // The numbers stay typed arrays (`SearchIndexData` takes them): no list made of them.
    const numbers = (what: string, text: unknown) => {
      if (typeof text !== "string") throw new Error(`${what} is missing`);
      const list = decodeNumbers(text);
      if (list.length !== documents) throw new Error(`${what} has ${list.length} of ${documents}`);
      return list;
    };
    const partOf = parts === undefined ? undefined : await inflateNumbers(parts);
    let allIds: DocumentIds | undefined = ids;
    let sections: ArrayLike<number> | undefined;
    if (allIds === undefined) {
      sections = partSections === undefined ? [] : await inflateNumbers(partSections);
      const pages = documents - sections.length;
      if (pageIds.length !== pages || sections.length !== (partOf?.length ?? 0)) {
        throw new Error(`its ${pages} pages are not the manifest's ${pageIds.length}`);
      }
      // (`importSearchIndex` checks that each part's page is one.)
      allIds = new DerivedIds(pageIds, partOf ?? sections, sections);
    }
    const ranged = kept.documentRanges !== undefined;
    return {
      ...rest,
      ...kept,
      ids: allIds,
      // Its parts' sections read without their ids (`SearchIndex.sectionOfPart`).
      ...(sections ? { manifestOrder: true, partSections: sections } : {}),
      names: ranged ? [] : decodeColumn("names", names, documents),
      lengths: ranged ? fieldRecord(() => []) : Object.fromEntries(
        FIELDS.map((f) => [f, numbers(`lengths.${f}`, lengths?.[f])]),
      ) as SearchIndexData["lengths"],
      inbound: ranged ? [] : numbers("inbound", inbound),
      ...(partOf ? { parts: partOf } : {}),
    } as SearchIndexData;
  } catch (error) {
    throw new TypeError(`Cannot read the packed index: ${(error as Error).message}`);
  }
}
