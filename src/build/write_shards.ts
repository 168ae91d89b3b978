/**
 * A sharded build (`src/shards/`): the edge manifest, the edge index, the body and postings
 * chunks and the scoped views' indexes as content-addressed shards, and the root naming them —
 * what the edge function bundles in place of the data itself, so that its bundle does not grow
 * with the knowledge base.
 *
 * @module
 */
import { bodyRangeBytes, bodyRangeStarts, splitBodyRanges } from "../content/body_ranges.ts";
import { categorySpans } from "../content/category_spans.ts";
import { compactManifest } from "../content/compact_documents.ts";
import { DETAIL_VOLUME_RANGES, splitDetails } from "../content/document_details.ts";
import { ID_RANGE_SIZE, splitIds } from "../content/id_ranges.ts";
import { manifestOutline } from "../content/manifest_outline.ts";
import { splitSections } from "../content/section_chunks.ts";
import { splitSlugs } from "../content/slug_ranges.ts";
import { LIST_ORDER_RANGE, splitListOrder } from "../content/list_order.ts";
import type { Manifest } from "../content/manifest.ts";
import { asciiJson } from "../protocol/ascii_json.ts";
import { apiMembers } from "../search/api_document.ts";
import { splitDictionary } from "../search/dictionary_ranges.ts";
import { SHARD_POSTINGS_CHARS, splitPostings } from "../search/postings_chunks.ts";
import type { SearchIndexData } from "../search/search_index.ts";
import { packDetails } from "../shards/detail_columns.ts";
import { packManifest } from "../shards/document_columns.ts";
import { packIdRange } from "../shards/id_range_columns.ts";
import { splitDocuments } from "../search/document_ranges.ts";
import { packIndex } from "../shards/packed_index.ts";
import { packNamesRange, packStatsRange } from "../shards/packed_ranges.ts";
import {
  namePageTexts,
  NAMES_PER_PAGE,
  PAGES_IN_ROOT,
  SHARD_KINDS,
  type ShardKind,
  type ShardLists,
} from "../shards/name_pages.ts";
import { packSlugRange } from "../shards/slug_range_columns.ts";
import { type ShardRoot, SHARDS_LAYOUT } from "../shards/shard_root.ts";

/** Longest part (characters, which are bytes: the JSON is ASCII) of a file split into shards. */
export const SHARD_PART_CHARS = 4 * 1024 * 1024;

/**
 * The name of a shard of `text`: 20 hex digits of its SHA-256, then `.json`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shardName } from "./write_shards.ts";
 * assert.equal(await shardName("[]"), "4f53cda18c2baa0c0354.json");
 * ```
 */
export async function shardName(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 20)}.json`;
}

/** Options of {@link writeShards}. */
export interface WriteShardsOptions {
  /** Longest part of a file split into shards ({@link SHARD_PART_CHARS} by default). */
  partChars?: number;
  /** Names in a name page (`NAMES_PER_PAGE` of `name_pages.ts` by default). */
  namesPerPage?: number;
  /** Name pages the root holds as well (`PAGES_IN_ROOT` of `name_pages.ts` by default). */
  pagesInRoot?: number;
}

/**
 * Writes `manifest`, its `index` and the `views`' indexes as shards through `write` (name, text;
 * a name already written is not written again) and returns the root.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeShards } from "./write_shards.ts";
 * import { namePage, namePlace } from "../shards/name_pages.ts";
 * import { buildManifest } from "./build_manifest.ts";
 * import { buildIndexFor } from "../search/search_engine.ts";
 * import { createContentStore } from "../content/content_store.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "a.md", text: "# A\n\nalpha" }] },
 * ] });
 * const index = await buildIndexFor(createContentStore(manifest)).export();
 * const files = new Map<string, string>();
 * const root = await writeShards(manifest, index, [], "site", (name, text) => {
 *   files.set(name, text);
 *   return Promise.resolve();
 * });
 * assert.equal(root.contentHash, manifest.contentHash);
 * // The manifest, the index, one body range, one detail range and one volume of it, one id range,
 * // one slug range, one order range, one postings chunk, one dictionary range, one neighbour range
 * // and one volume of the dictionary, one stats range, one name range and one volume of it; and
 * // the name page naming them, which the root holds as well.
 * assert.equal(files.size, 16);
 * assert.equal(root.names.first?.length, 1);
 * assert.equal(root.names.pages.length, 1);
 * const page = namePage(JSON.parse(files.get(root.names.pages[0]!)!));
 * const body = page.at(namePlace(root.names, "bodies", 0)!.at);
 * assert.deepEqual(JSON.parse(files.get(body)!).bodies, [manifest.bodies["docs/a"]]);
 * ```
 */
export async function writeShards(
  manifest: Manifest,
  index: SearchIndexData,
  views: readonly { hash: string; json: string }[],
  store: ShardRoot["store"],
  write: (name: string, text: string) => Promise<void>,
  {
    partChars = SHARD_PART_CHARS,
    namesPerPage = NAMES_PER_PAGE,
    pagesInRoot = PAGES_IN_ROOT,
  }: WriteShardsOptions = {},
): Promise<ShardRoot> {
  const written = new Set<string>();
  const put = async (text: string) => {
    const name = await shardName(text);
    if (!written.has(name)) {
      written.add(name);
      await write(name, text);
    }
    return name;
  };
  const parts = async (text: string) => {
    const names: string[] = [];
    for (let at = 0; at < text.length || at === 0; at += partChars) {
      names.push(await put(text.slice(at, at + partChars)));
    }
    return names;
  };
  let total = 0;
  for (const doc of manifest.documents) total += doc.size;
  // Bodies and sections in ranges of consecutive documents (`body_ranges.ts`).
  const compact = compactManifest({ ...manifest, bodies: {} });
  const rangeBytes = bodyRangeBytes(total);
  // Where each body range starts: the ranges written and the manifest's `bodyRangeStarts`.
  const starts = bodyRangeStarts(manifest.documents.map((d) => d.size), rangeBytes);
  const bodies = splitBodyRanges(
    compact.compactDocuments ?? [],
    manifest.bodies,
    rangeBytes,
    starts,
  );
  // A term whose postings fill a chunk is listed, so a search reads it with its dictionary range.
  const postings = splitPostings(index, SHARD_POSTINGS_CHARS, SHARD_POSTINGS_CHARS);
  // Positions are the whole dictionary's: the postings are split first.
  const dictionary = splitDictionary(postings.edge);
  // Each document's lengths, inbound count and names, in ranges read for the documents a search
  // touches.
  const documents = splitDocuments(dictionary.edge);
  // The pages scored by their parts: the part rule reads their sections' titles.
  const paged = new Set(Array.from(index.parts ?? [], (page) => index.ids.at(page)!));
  // API pages keep their member names: the phrase rule reads them, not the section shards.
  const sectioned = splitSections({ ...compact, bodyRangeBytes: rangeBytes }, paged, apiMembers);
  // What a request shows of a document, in ranges read for the documents it shows.
  // The sizes go with the details: the manifest says where the body ranges start instead.
  // The ids too (`id_ranges.ts`): in the detail ranges, and in id ranges, each range's first id
  // in the manifest, so that the manifest does not grow with the number of documents.
  const details = splitDetails({ ...sectioned, bodyRangeStarts: starts });
  const ids = splitIds(manifest.documents.map((d) => d.id));
  // Each slug's documents and their ids (`slug_ranges.ts`): a look-up by slug reads one range.
  const slugs = splitSlugs(manifest.documents);
  const outline = manifestOutline(manifest);
  // Where each category's documents are (`category_spans.ts`): a category filter reads no id.
  const spans = categorySpans(outline, manifest.documents);
  const edge: Manifest = {
    ...details.edge,
    idRangeFirsts: ids.firsts,
    idRangeSize: ID_RANGE_SIZE,
    slugRangeFirsts: slugs.firsts,
    listOrderSize: LIST_ORDER_RANGE,
    outline,
    ...(spans ? { categorySpans: spans } : {}),
  };
  const lists: ShardLists = {
    dictionary: [],
    documentStats: [],
    postings: [],
    documentNames: [],
    details: [],
    bodies: [],
    ids: [],
    slugs: [],
    order: [],
    dictionaryVolumes: [],
    detailVolumes: [],
  };
  // What a cold isolate reads of every document: packed (`document_columns.ts`,
  // `packed_index.ts`), the index's ids left out where they are the manifest's.
  const manifestParts = await parts(asciiJson(packManifest(edge)));
  const indexParts = await parts(
    asciiJson(await packIndex(documents.edge, manifest.documents.map((d) => d.id))),
  );
  for (const range of bodies) lists.bodies.push(await put(asciiJson(range)));
  const packed = details.ranges.map((range) => asciiJson(packDetails(range)));
  for (const text of packed) lists.details.push(await put(text));
  for (let at = 0; at < packed.length; at += DETAIL_VOLUME_RANGES) {
    lists.detailVolumes.push(
      await put(`[${packed.slice(at, at + DETAIL_VOLUME_RANGES).join(",")}]`),
    );
  }
  for (const range of ids.ranges) lists.ids.push(await put(asciiJson(packIdRange(range))));
  for (const range of slugs.ranges) lists.slugs.push(await put(asciiJson(packSlugRange(range))));
  // The order `list_articles` lists them in (`list_order.ts`): a page reads the range holding it.
  for (const runs of splitListOrder(manifest.documents)) lists.order.push(await put(`[${runs}]`));
  for (const chunk of postings.chunks) lists.postings.push(await put(asciiJson(chunk)));
  // The neighbour ranges numbered on from the dictionary's (`neighbour_ranges.ts`).
  for (const range of [...dictionary.ranges, ...dictionary.neighbours]) {
    lists.dictionary.push(await put(asciiJson(range)));
  }
  for (const volume of dictionary.volumes) {
    lists.dictionaryVolumes.push(await put(asciiJson(volume)));
  }
  for (const range of documents.stats) {
    lists.documentStats.push(await put(asciiJson(await packStatsRange(range))));
  }
  // The name ranges, then their volumes (`NameRangesData.volumeRanges`).
  const names = documents.names.map((range) => asciiJson(packNamesRange(range)));
  for (const text of names) lists.documentNames.push(await put(text));
  const perVolume = documents.edge.documentRanges?.names.volumeRanges ?? names.length;
  for (let at = 0; at < names.length; at += perVolume) {
    lists.documentNames.push(await put(`[${names.slice(at, at + perVolume).join(",")}]`));
  }
  // Every shard above is named in the name pages, not in the root (`name_pages.ts`).
  // The first pages in the root too: a cold isolate reads none of them (`PAGES_IN_ROOT`).
  const pages: string[] = [];
  const texts = namePageTexts(lists, namesPerPage);
  for (const text of texts) pages.push(await put(text));
  const first = texts.slice(0, pagesInRoot).map((text) => JSON.parse(text) as string);
  const root: ShardRoot = {
    layout: SHARDS_LAYOUT,
    store,
    contentHash: manifest.contentHash,
    manifest: manifestParts,
    index: indexParts,
    names: {
      perPage: namesPerPage,
      counts: Object.fromEntries(SHARD_KINDS.map((kind) => [kind, lists[kind].length])) as Record<
        ShardKind,
        number
      >,
      pages,
      ...(first.length > 0 ? { first } : {}),
    },
    views: {},
  };
  for (const view of views) root.views[view.hash] = await parts(view.json);
  return root;
}
