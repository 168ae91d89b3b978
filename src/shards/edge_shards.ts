/**
 * How the edge app reads a sharded build (`edge_app.ts`), imported with its first request: the
 * root `SHELF_MANIFEST` names (a public build's `_shelf/shards.json`, fetched again after each
 * cache TTL, its shards beside it), else the bundled stub's (`{ shards: root }`), its shards read
 * from `inputs.shardSource`, else where the root says the build put them (the site's URL, or the
 * deploy's Netlify Blobs store). An app serving a bundled build never imports this module, nor
 * anything that reads shards.
 *
 * @module
 */
import { blobsShardSource, type BlobStoreLike } from "./blobs_shard_source.ts";
import { isInlineShards, withInlineShards } from "./inline_shards.ts";
import { fetchPublishedRoot } from "./published_root.ts";
import { rootLoaders, type ShardedCacheOptions, shardedCacheOptions } from "./root_loaders.ts";
import { createShardReader } from "./shard_reader.ts";
import { isShardRoot } from "./shard_root.ts";
import type { ShardSource } from "./shard_source.ts";
import { siteShardSource, urlShardSource } from "./site_shard_source.ts";

/** What {@link edgeShards} reads of the edge app's inputs (`EdgeInputs` of `edge_app.ts`). */
export interface ShardInputs {
  /**
   * The bundled edge manifest: a stub `{ shards: root }` (with `inline`, the texts of the shards
   * every first request reads: `inline_shards.ts`) unless `SHELF_MANIFEST` names a root.
   */
  manifest: unknown;
  /** Opens the deploy's Netlify Blobs store (a private build's shards). */
  blobs?: () => Promise<BlobStoreLike>;
  /** Where the shards are read from, when not where the build put them. */
  shardSource?: ShardSource;
}

/**
 * The store and engine caches' options over the sharded build of `inputs` (`remote`:
 * `SHELF_MANIFEST`, naming a root file, else the bundled stub's root), the site at `site`.
 * Throws a `TypeError` for a bundled root of another layout, bundled shards that are not shard
 * texts, or a root in Netlify Blobs with no `inputs.blobs` to open them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { edgeShards } from "./edge_shards.ts";
 * const inputs = { manifest: { shards: { layout: -1 } } };
 * assert.throws(() => edgeShards(inputs, "https://kb.example", undefined), /another layout/);
 * const remote = edgeShards(inputs, "https://kb.example", "/_shelf/shards.json");
 * assert.equal(remote.engine.unusable, "fail");
 * ```
 */
export function edgeShards(
  inputs: ShardInputs,
  site: string,
  remote: string | undefined,
): ShardedCacheOptions {
  if (remote !== undefined) {
    const url = new URL(remote, site);
    const fetchRoot = fetchPublishedRoot(url.href);
    const source = inputs.shardSource ?? urlShardSource(new URL("shards/", url));
    return shardedCacheOptions(
      rootLoaders(async () => (await fetchRoot()).shards, createShardReader(source)),
    );
  }
  const { shards: root, inline } = inputs.manifest as { shards?: unknown; inline?: unknown };
  if (!isShardRoot(root)) {
    throw new TypeError("edge-manifest.json names shards in another layout");
  }
  if (inline !== undefined && !isInlineShards(inline)) {
    throw new TypeError("edge-manifest.json bundles shards that are not shard texts");
  }
  let source = inputs.shardSource;
  if (!source && root.store === "blobs") {
    if (!inputs.blobs) throw new TypeError("the build put its shards in Netlify Blobs: no reader");
    source = blobsShardSource(inputs.blobs);
  }
  // The shards every first request reads, when the build bundled them (`inline_shards.ts`).
  const read = withInlineShards(source ?? siteShardSource(site), inline);
  return shardedCacheOptions(rootLoaders(() => Promise.resolve(root), createShardReader(read)));
}
