/**
 * The root of a sharded build: the one small file an edge function bundles (as the stub
 * `{ "shards": root }` in place of `edge-manifest.json`, with the texts of the first shards every
 * request reads when they fit: `inline_shards.ts`), naming by content hash the edge
 * manifest (documents without ids, bodies and most sections: its size grows with the number of
 * id ranges, not of documents) and the edge index (without postings or dictionary), each in
 * parts, the prebuilt indexes of scoped views, and the name pages (`name_pages.ts`) that name
 * every other shard: the body ranges with the documents' sections (`body_ranges.ts`), the
 * postings chunks (`postings_chunks.ts`), the dictionary ranges (`dictionary_ranges.ts`), the
 * detail ranges (`document_details.ts`), the id ranges (`id_ranges.ts`), the slug ranges
 * (`slug_ranges.ts`) and the document stats and name ranges (`document_ranges.ts`). It holds the
 * first name pages too (`PAGES_IN_ROOT`), and past them grows by about 24 bytes a page of 8,192
 * shards: 188 KB on the reference shelf (2 pages), where listing its shards took 350 KB, and at
 * most about 440 KB whatever the shelf's size (2026-11-28). `shardedLoaders`
 * (`sharded_loaders.ts`) turns it into the loaders the content store and the engine cache take,
 * each shard read on first need.
 *
 * @module
 */
import { isNamePages, type NamePages } from "./name_pages.ts";
import { isShardName } from "./shard_source.ts";

/**
 * Identifies the layout of {@link ShardRoot} (`shelf-shards-8` listed every shard in the root).
 */
export const SHARDS_LAYOUT = "shelf-shards-10";

/** Names every shard of a build, itself or through its name pages. */
export interface ShardRoot {
  /** {@link SHARDS_LAYOUT}. */
  layout: string;
  /** Where the build put the shards: published with the site, or in the deploy's Blobs store. */
  store: "site" | "blobs";
  /** The manifest's content hash. */
  contentHash: string;
  /** The parts of the edge manifest's JSON text, in order. */
  manifest: string[];
  /** The parts of the edge index's JSON text, in order. */
  index: string[];
  /**
   * The name pages of the other shards (`name_pages.ts`): body range `k`'s (`body_ranges.ts`),
   * detail range `k`'s (`document_details.ts`) and their volumes (the ranges again, in runs read
   * when every range is wanted), id range `k`'s (`id_ranges.ts`), slug range `k`'s
   * (`slug_ranges.ts`: the manifest keeps where each range starts), postings chunk `k`'s,
   * dictionary range `k`'s (`dictionary_ranges.ts`) and their volumes (read after a first
   * search), stats range `k`'s (`document_ranges.ts`, packed by `packed_ranges.ts`) and name
   * range `k`'s (`name_ranges.ts`; then the ranges again in volumes:
   * `NameRangesData.volumeRanges`).
   */
  names: NamePages;
  /** The parts of each scoped view's index, by the view's content hash. */
  views: Record<string, string[]>;
}

/** Whether `value` is a list of at least `min` shard names. */
const names = (value: unknown, min: number): value is string[] =>
  Array.isArray(value) && value.length >= min && value.every(isShardName);

/**
 * Whether `value` is a root this code reads: its layout, its fields and every shard name it holds
 * (a few dozen: checked at once, even in a bundled root, before any source sees one as a path or
 * URL).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isShardRoot } from "./shard_root.ts";
 * const name = "0123456789abcdef0123.json";
 * const counts = { dictionary: 0, documentStats: 0, postings: 0, documentNames: 0, details: 0,
 *   bodies: 1, ids: 0, slugs: 0, order: 0, dictionaryVolumes: 0, detailVolumes: 0 };
 * const root = { layout: "shelf-shards-10", store: "site", contentHash: "h", manifest: [name],
 *   index: [name], names: { perPage: 8192, counts, pages: [name] }, views: {} };
 * assert.ok(isShardRoot(root));
 * assert.ok(!isShardRoot({ ...root, names: { perPage: 8192, counts, pages: ["../x.json"] } }));
 * assert.ok(!isShardRoot({ ...root, names: { perPage: 8192, counts, pages: [] } }));
 * assert.ok(!isShardRoot({ ...root, names: { perPage: 8192, counts: { ...counts, bodies: 0 },
 *   pages: [] } }));
 * assert.ok(!isShardRoot({ ...root, layout: "shelf-shards-8" }));
 * ```
 */
export function isShardRoot(value: unknown): value is ShardRoot {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  const views = r.views;
  return r.layout === SHARDS_LAYOUT && (r.store === "site" || r.store === "blobs") &&
    typeof r.contentHash === "string" && names(r.manifest, 1) && names(r.index, 1) &&
    isNamePages(r.names, isShardName) &&
    (r.names as NamePages).counts.bodies >= 1 && typeof views === "object" && views !== null &&
    Object.values(views).every((parts) => names(parts, 1));
}
