/**
 * Shards read from a folder on disk: what a local server (`deno task start`) or a test reads a
 * sharded build from — `dist/_shelf/shards/` of a public build, or the Blobs upload folder of a
 * private one. Not for edge isolates, which read no files.
 *
 * @module
 */
import { blobFile } from "./blobs_shard_source.ts";
import { type ShardSource, shardSource } from "./shard_source.ts";

/**
 * Reads shard `name` from `folder/name`, or, with `layout: "blobs"`, from `folder` as a Blobs
 * upload folder (`<folder>/shelf-shards/<name>/blob`; `folder` is `.netlify/v1/blobs/deploy` unless
 * the build's `--blobs-out` moved it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diskShardSource } from "./disk_shard_source.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/0123456789abcdef0123.json`, "[1]");
 * const source = diskShardSource(dir);
 * assert.equal(new TextDecoder().decode(await source.read("0123456789abcdef0123.json")), "[1]");
 * await assert.rejects(source.read("ffffffffffffffffffff.json"), /could not be read/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function diskShardSource(folder: string, layout: "flat" | "blobs" = "flat"): ShardSource {
  const pathOf = layout === "flat"
    ? (name: string) => `${folder}/${name}`
    : (name: string) => blobFile(folder, name);
  return shardSource(folder, (name) => Deno.readFile(pathOf(name)));
}
