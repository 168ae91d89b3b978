/**
 * Where a sharded build's shards are read from (`shard_root.ts`): each shard is an immutable,
 * content-addressed file (`<hash>.json`, the hash of its bytes in its name), so whatever read it
 * once can keep it. The entry picks one source, once: the site's own URL (a public build's
 * `dist/_shelf/shards/`), Netlify Blobs (a private build's deploy store) or a folder on disk.
 *
 * @module
 */

import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";

export { ShardUnavailableError };

/** Reads shards by name. */
export interface ShardSource {
  /** Where the shards come from, for messages (a URL, "Netlify Blobs", a folder). */
  readonly where: string;
  /**
   * The bytes of shard `name`; rejects with a {@link ShardUnavailableError} when the shard is
   * missing or could not be read (a later call tries again).
   */
  read(name: string): Promise<Uint8Array>;
}

/** A shard's name: 20 hex digits of the SHA-256 of its bytes, then `.json`. */
export const SHARD_NAME: RegExp = /^[0-9a-f]{20}\.json$/;

/**
 * Whether `name` is a shard's name ({@link SHARD_NAME}): the only names a source is asked for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isShardName } from "./shard_source.ts";
 * assert.ok(isShardName("0123456789abcdef0123.json"));
 * assert.ok(!isShardName("../secret.json") && !isShardName(7));
 * ```
 */
export const isShardName = (name: unknown): name is string =>
  typeof name === "string" && SHARD_NAME.test(name);

/** The error of a read refused because `name` is not a shard's (before any source sees it). */
export const notAShardName = (name: unknown, where: string): ShardUnavailableError =>
  new ShardUnavailableError(String(name).slice(0, 40), where, "not a shard name");

/**
 * Reads with `read`, turning any failure into a {@link ShardUnavailableError} and refusing a
 * name that is not a shard's (so that no source is asked for another path).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shardSource } from "./shard_source.ts";
 * const source = shardSource("memory", () => Promise.reject(new Error("offline")));
 * await assert.rejects(source.read("0123456789abcdef0123.json"), /\(offline\); try again/);
 * await assert.rejects(source.read("../secret.json"), /not a shard name/);
 * ```
 */
export function shardSource(
  where: string,
  read: (name: string) => Promise<Uint8Array>,
): ShardSource {
  return {
    where,
    async read(name) {
      if (!isShardName(name)) throw notAShardName(name, where);
      try {
        return await read(name);
      } catch (error) {
        if (error instanceof ShardUnavailableError) throw error;
        throw new ShardUnavailableError(name, where, (error as Error).message ?? String(error));
      }
    },
  };
}
