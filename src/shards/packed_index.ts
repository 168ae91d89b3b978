/**
 * The packed edge index: how a sharded build writes its edge index's per-document data, what a
 * cold isolate reads for every document of the shelf before its first answer.
 *
 * - `ids` are left out when they are the edge manifest's documents' (the pages, in order) and
 *   their parts' (`part_rule.ts`'s `partId` of its page's id and its section's place, the places
 *   written as numbers, deflated): the runtime takes them from the manifest it reads anyway.
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
import { fieldRecord, FIELDS } from "../search/index_fields.ts";
import { partId, sectionOfPart } from "../search/part_rule.ts";
import type { SearchIndexData } from "../search/search_index.ts";
import { deflateNumbers, deflateText, inflateNumbers, inflateText } from "./deflated_bytes.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { type Column, decodeColumn, encodeColumn } from "./value_column.ts";

/** Marks a {@link PackedIndex} (a scoped view's index is written unpacked). */
export const PACKED_INDEX = "shelf-packed-index-2";

/** The edge index with its per-document data packed. */
export interface PackedIndex
  extends Omit<SearchIndexData, "ids" | "names" | "lengths" | "inbound" | "parts"> {
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
   * `dictionaryRanges` and `postingsChunks` (where each range and chunk starts, each range's first
   * term: sorted, so they share their heads) as JSON, deflated: 70 of a 30,638-page shelf's 80 KB
   * edge index written out, 34 KB so (2026-11-28).
   */
  starts?: string;
}

/** The fields of the edge index {@link PackedIndex.starts} holds. */
const STARTS = ["dictionaryRanges", "postingsChunks"] as const;

/** `data`'s ids are `pageIds`, then their parts' ids: the sections' places, else `undefined`. */
function derivedParts(data: SearchIndexData, pageIds: readonly string[]): number[] | undefined {
  const parts = data.parts ?? [];
  const pages = data.ids.length - parts.length;
  if (pageIds.length !== pages || pageIds.some((id, n) => data.ids[n] !== id)) return undefined;
  const sections = Array.from(parts, (_, k) => sectionOfPart(data.ids[pages + k]!));
  const same = sections.every((section, k) =>
    Number.isSafeInteger(section) && section >= 0 &&
    partId(pageIds[parts[k]!]!, section) === data.ids[pages + k]
  );
  return same ? sections : undefined;
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
  const { ids, names, lengths, inbound, parts, dictionaryRanges, postingsChunks, ...rest } = data;
  const sections = derivedParts(data, pageIds);
  const starts = { dictionaryRanges, postingsChunks };
  const packed: PackedIndex = {
    ...rest,
    ...(dictionaryRanges || postingsChunks
      ? { starts: await deflateText(new TextEncoder().encode(JSON.stringify(starts))) }
      : {}),
    packed: PACKED_INDEX,
    documents: ids.length,
    ...(sections ? { partSections: await deflateNumbers(sections) } : { ids }),
    ...(rest.documentRanges ? {} : {
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
 * `pageIds` (the manifest's documents'); anything else as it is (for `importSearchIndex` to
 * check). Throws a `TypeError` on a packed index it cannot unpack.
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
export async function unpackIndex(value: unknown, pageIds: readonly string[]): Promise<unknown> {
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
    let allIds = ids;
    if (allIds === undefined) {
      const sections = partSections === undefined ? [] : await inflateNumbers(partSections);
      const pages = documents - sections.length;
      if (pageIds.length !== pages || sections.length !== (partOf?.length ?? 0)) {
        throw new Error(`its ${pages} pages are not the manifest's ${pageIds.length}`);
      }
      allIds = pageIds.slice();
      for (let k = 0; k < sections.length; k++) {
        const page = pageIds[partOf![k]!];
        if (page === undefined) throw new Error(`part ${k} has no page`);
        allIds.push(partId(page, sections[k]!));
      }
    }
    const ranged = rest.documentRanges !== undefined;
    return {
      ...rest,
      ...kept,
      ids: allIds,
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
