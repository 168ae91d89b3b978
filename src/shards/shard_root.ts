/**
 * The root of a sharded build: the one small file an edge function bundles (as the stub
 * `{ "shards": root }` in place of `edge-manifest.json`), naming every shard by content hash —
 * the edge manifest (documents without ids, bodies and most sections: its size grows with the
 * number of id ranges, not of documents) and the edge index (without
 * postings or dictionary), each in parts, the body ranges with the documents' sections
 * (`body_ranges.ts`), the postings chunks (`postings_chunks.ts`), the dictionary ranges
 * (`dictionary_ranges.ts`), the detail ranges (`document_details.ts`), the id ranges
 * (`id_ranges.ts`) and slug ranges (`slug_ranges.ts`), the document stats and name
 * ranges (`document_ranges.ts`) and the prebuilt indexes of scoped views. Its size grows with the
 * number of chunks only (about 24 bytes a chunk), not with the knowledge base's text.
 * `shardedLoaders` (`sharded_loaders.ts`) turns it into the loaders the content store and the
 * engine cache take, each shard read on first need.
 *
 * @module
 */
import { isShardName } from "./shard_source.ts";

/** Identifies the layout of {@link ShardRoot}. */
export const SHARDS_LAYOUT = "shelf-shards-9";

/** Names every shard of a build. */
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
  /** Body range `k`'s shard: its documents' bodies and sections (`body_ranges.ts`). */
  bodies: string[];
  /** Detail range `k`'s shard (`document_details.ts`). */
  details: string[];
  /** Id range `k`'s shard (`id_ranges.ts`): the manifest keeps each range's first id. */
  ids: string[];
  /** Slug range `k`'s shard (`slug_ranges.ts`): the manifest keeps where each range starts. */
  slugs: string[];
  /** Detail volume `k`'s shard: the ranges again, in runs read when every range is wanted. */
  detailVolumes: string[];
  /** Postings chunk `k`'s shard. */
  postings: string[];
  /** Dictionary range `k`'s shard (`dictionary_ranges.ts`). */
  dictionary: string[];
  /** Dictionary volume `k`'s shard: the ranges again, in runs read after a first search. */
  dictionaryVolumes: string[];
  /** Stats range `k`'s shard (`document_ranges.ts`, packed by `packed_ranges.ts`). */
  documentStats: string[];
  /**
   * Name range `k`'s shard: names sorted, each with its documents (`name_ranges.ts`); then the
   * ranges again in volumes (`NameRangesData.volumeRanges`).
   */
  documentNames: string[];
  /** The parts of each scoped view's index, by the view's content hash. */
  views: Record<string, string[]>;
}

/** Whether `value` is a list of at least `min` names, each a shard's when `check` is set. */
const names = (value: unknown, min: number, check: boolean): value is string[] =>
  Array.isArray(value) && value.length >= min && (!check || value.every(isShardName));

/** Options of {@link isShardRoot}. */
export interface ShardRootCheck {
  /**
   * Whether every shard name is checked now (default true). A bundled root, written by the build
   * beside the function's code, skips it: on the reference shelf its 20,000 names took 5 ms of a
   * cold isolate's start (V8's profiler, 2026-11-28), and each name is checked when it is read
   * (`shard_reader.ts`), before any source sees it as a path or URL.
   */
  names?: boolean;
}

/**
 * Whether `value` is a root this code reads: its layout, its fields, and (unless `check.names`
 * is false) every shard name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isShardRoot } from "./shard_root.ts";
 * const name = "0123456789abcdef0123.json";
 * const root = { layout: "shelf-shards-9", store: "site", contentHash: "h", manifest: [name],
 *   index: [name], bodies: [name], details: [], ids: [], slugs: [], detailVolumes: [],
 *   postings: [], dictionary: [], dictionaryVolumes: [], documentStats: [], documentNames: [],
 *   views: {} };
 * assert.ok(isShardRoot(root));
 * assert.ok(!isShardRoot({ ...root, bodies: ["../x.json"] }));
 * assert.ok(isShardRoot({ ...root, bodies: ["../x.json"] }, { names: false }));
 * assert.ok(!isShardRoot({ ...root, bodies: [] }, { names: false }));
 * assert.ok(!isShardRoot({ ...root, layout: "shelf-shards-2" }));
 * ```
 */
export function isShardRoot(value: unknown, check: ShardRootCheck = {}): value is ShardRoot {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  const views = r.views;
  const c = check.names ?? true;
  return r.layout === SHARDS_LAYOUT && (r.store === "site" || r.store === "blobs") &&
    typeof r.contentHash === "string" && names(r.manifest, 1, c) && names(r.index, 1, c) &&
    names(r.bodies, 1, c) && names(r.details, 0, c) && names(r.ids, 0, c) && names(r.slugs, 0, c) &&
    names(r.detailVolumes, 0, c) && names(r.postings, 0, c) && names(r.dictionary, 0, c) &&
    names(r.dictionaryVolumes, 0, c) && names(r.documentStats, 0, c) &&
    names(r.documentNames, 0, c) && typeof views === "object" && views !== null &&
    Object.values(views).every((parts) => names(parts, 1, c));
}
