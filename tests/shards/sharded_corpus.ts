/**
 * A shards tests' helper: a corpus of `../shared/corpora` built, indexed and sharded in memory.
 *
 * @module
 */
import { writeShards } from "../../src/build/write_shards.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { buildFolder, CORPORA } from "../helpers.ts";
import { shardLists } from "./shard_lists.ts";

/**
 * A sharded build of `name`'s corpus: its manifest, index, root, shards (name → text) and shard
 * lists (`shard_lists.ts`).
 */
export async function shardedCorpus(name: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${name}`);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const files = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (file, text) => {
    files.set(file, text);
    return Promise.resolve();
  });
  return { manifest, index, root, files, lists: shardLists(root, files) };
}
