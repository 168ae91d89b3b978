/**
 * The error of a shard (`src/shards/`) that could not be read: below the search engine and the
 * tools, which tell it from other failures (a tool reports it as its error; the engine cache does
 * not build an index instead).
 *
 * @module
 */

/**
 * A shard could not be read: what a tool reports as its error (`isError`), so that the client
 * can ask again — nothing of the failure is kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ShardUnavailableError } from "./shard_unavailable_error.ts";
 * const error = new ShardUnavailableError("0123456789abcdef0123.json", "https://kb.example/_shelf/shards/", "503");
 * assert.match(error.message, /could not be read from https:\/\/kb\.example\/_shelf\/shards\/ \(503\); try again/);
 * ```
 */
export class ShardUnavailableError extends Error {
  constructor(name: string, where: string, reason: string) {
    super(`search data ${name} could not be read from ${where} (${reason}); try again`);
    this.name = "ShardUnavailableError";
  }
}
