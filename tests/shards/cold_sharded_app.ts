/**
 * A shards tests' helper: a cold edge app over a sharded build in memory, as a new isolate
 * serves it, with the names of the shards it has read.
 *
 * @module
 */
import { createEdgeApp } from "../../src/edge_app.ts";
import type { ShardRoot } from "../../src/shards/shard_root.ts";
import { shardSource } from "../../src/shards/shard_source.ts";

/** An edge app over `root`, its shards read from `shards` (name → text), each read recorded. */
export function coldShardedApp(root: ShardRoot, shards: ReadonlyMap<string, string>) {
  const reads: string[] = [];
  const app = createEdgeApp({
    env: () => undefined,
    manifest: { shards: root },
    index: () => Promise.reject(new Error("a sharded app imports no index module")),
    shardSource: shardSource("memory", (name) => {
      reads.push(name);
      return Promise.resolve(new TextEncoder().encode(shards.get(name)!));
    }),
  });
  return { app, reads };
}
