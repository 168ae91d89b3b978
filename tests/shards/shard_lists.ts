/**
 * A shards tests' helper: every kind's shard names of a root, read from its name pages
 * (`name_pages.ts`) among the shards written.
 *
 * @module
 */
import { namePage, SHARD_KINDS, type ShardLists } from "../../src/shards/name_pages.ts";
import type { ShardRoot } from "../../src/shards/shard_root.ts";

/** The shard names `root`'s name pages list, by kind, its pages read from `files` (name → text). */
export function shardLists(root: ShardRoot, files: ReadonlyMap<string, string>): ShardLists {
  const all = root.names.pages.flatMap((name) => {
    const page = namePage(JSON.parse(files.get(name)!));
    return Array.from({ length: page.length }, (_, i) => page.at(i));
  });
  const lists = {} as ShardLists;
  let at = 0;
  for (const kind of SHARD_KINDS) {
    lists[kind] = all.slice(at, at += root.names.counts[kind]);
  }
  return lists;
}
