/**
 * A shards tests' helper: a manifest, or a corpus of `../shared/corpora` built, indexed and
 * sharded in memory.
 *
 * @module
 */
import { writeShards } from "../../src/build/write_shards.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { buildFolder, CORPORA } from "../helpers.ts";
import { shardLists } from "./shard_lists.ts";

/**
 * `manifest` indexed and sharded in memory: its index, root, shards (name → text) and shard lists
 * (`shard_lists.ts`).
 */
export async function shardedManifest(manifest: Manifest) {
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const shards = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (name, text) => {
    shards.set(name, text);
    return Promise.resolve();
  });
  return { index, root, shards, lists: shardLists(root, shards) };
}

/**
 * A sharded build of `name`'s corpus: its manifest, index, root, shards (name → text) and shard
 * lists (`shard_lists.ts`).
 */
export async function shardedCorpus(name: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${name}`);
  const { index, root, shards, lists } = await shardedManifest(manifest);
  return { manifest, index, root, files: shards, lists };
}
