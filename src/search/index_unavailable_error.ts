/**
 * The error of a sharded build's prebuilt search index that was read but cannot be used (not an
 * index, another content's, or another analyzer's): the engine cache does not build an index
 * from every body instead, which would read every shard of a large knowledge base.
 *
 * @module
 */
import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";

/**
 * A {@link ShardUnavailableError} (so a tool reports it as its error and nothing of it is kept:
 * the next search reads the index again) that says why the index was not used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IndexUnavailableError } from "./index_unavailable_error.ts";
 * import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";
 * const error = new IndexUnavailableError("0123456789ab", "not an index");
 * assert.ok(error instanceof ShardUnavailableError);
 * assert.equal(
 *   error.message,
 *   "the prebuilt search index of 0123456789ab could not be used (not an index); " +
 *     "no index is built from the shards in its place; try again",
 * );
 * ```
 */
export class IndexUnavailableError extends ShardUnavailableError {
  constructor(contentHash: string, reason: string) {
    super(contentHash, "", reason);
    this.name = "IndexUnavailableError";
    this.message = `the prebuilt search index of ${contentHash.slice(0, 12)} could not be used ` +
      `(${reason}); no index is built from the shards in its place; try again`;
  }
}
