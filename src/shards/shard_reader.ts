/**
 * Reading shards as JSON, over one {@link ShardSource}: concurrent readers of a shard share one
 * read, a failed read is not kept (the next call reads again), and each value read remembers what
 * it costs the heap once decoded (the weight the isolate's chunk cache counts:
 * {@link ShardReader.chunkCache}): its strings, arrays and objects as V8 holds them
 * (`approxBytes`), not its JSON text — a shard of small objects costs half as much again as its
 * bytes, and a string-heavy one with any character past Latin-1 twice its characters.
 *
 * @module
 */
import { type ChunkCache, createChunkCache } from "../content/chunk_cache.ts";
import { approxBytes } from "../remembered.ts";
import {
  isShardName,
  notAShardName,
  type ShardSource,
  ShardUnavailableError,
} from "./shard_source.ts";

/**
 * Heap bytes of decoded chunks an isolate keeps by default (bodies, sections, details, postings
 * and document statistics together), as {@link approxBytes} weighs them.
 */
export const CHUNK_CACHE_BYTES = 32 * 1024 * 1024;

/** JSON over a shard source, with what it read counted. */
export interface ShardReader {
  readonly source: ShardSource;
  /**
   * The shard's JSON value, or what `as` makes of it (each weighed by the chunk cache as the heap
   * it holds).
   */
  json(name: string, as?: (value: unknown) => unknown): Promise<unknown>;
  /** The JSON value of the text of `names` in order (a file the build split in parts). */
  jsonOfParts(names: readonly string[]): Promise<unknown>;
  /** The byte bound of the chunks read through this reader. */
  readonly chunkCache: ChunkCache;
  /** Shards read and their bytes so far (successful reads). */
  readonly stats: { reads: number; bytes: number };
}

/**
 * A reader over `source`, its chunks bounded to `maxBytes` (the chunk cache's `cacheOptions`:
 * its clock and pin time, for tests).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shardSource } from "./shard_source.ts";
 * import { createShardReader } from "./shard_reader.ts";
 * const files: Record<string, string> = { "0000000000000000000a.json": '{"a":', "0000000000000000000b.json": "[1]}" };
 * const reader = createShardReader(shardSource("memory", (name) =>
 *   files[name] ? Promise.resolve(new TextEncoder().encode(files[name])) : Promise.reject(new Error("missing"))));
 * assert.deepEqual(await reader.jsonOfParts(["0000000000000000000a.json", "0000000000000000000b.json"]), { a: [1] });
 * await assert.rejects(reader.json("0000000000000000000c.json"), /missing/);
 * assert.deepEqual(reader.stats, { reads: 2, bytes: 9 });
 * ```
 */
export function createShardReader(
  source: ShardSource,
  maxBytes = CHUNK_CACHE_BYTES,
  cacheOptions?: Parameters<typeof createChunkCache>[2],
): ShardReader {
  // Per value read: whether its text was one-byte (then its heap weight, once asked).
  const weights = new WeakMap<object, boolean | number>();
  const pending = new Map<string, Promise<Uint8Array>>();
  const stats = { reads: 0, bytes: 0 };
  const read = (name: string): Promise<Uint8Array> => {
    // A name page's names are checked here (`shard_names.ts`), and whatever the source is, it
    // never sees another name as a path or URL.
    if (!isShardName(name)) return Promise.reject(notAShardName(name, source.where));
    let p = pending.get(name);
    if (!p) {
      p = source.read(name).then((bytes) => {
        stats.reads++;
        stats.bytes += bytes.byteLength;
        return bytes;
      }).finally(() => pending.delete(name));
      pending.set(name, p);
    }
    return p;
  };
  // What `value` costs the heap: its strings are one-byte when its text was all ASCII (as many
  // characters as bytes, and no `\u` escape), else counted at two bytes a character. Counted
  // when the chunk cache first asks, so a value that is copied and dropped (a stats range) or
  // kept outside the cache (a dictionary volume) is never walked: on the reference shelf, weighing
  // the dictionary's volumes took about as long as parsing them.
  const weightOf = (value: unknown): number => {
    if (typeof value !== "object" || value === null) return 0;
    const known = weights.get(value);
    if (typeof known !== "boolean") return known ?? 0;
    const bytes = approxBytes(value, known ? 1 : 2);
    weights.set(value, bytes);
    return bytes;
  };
  const parse = (name: string, text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new ShardUnavailableError(name, source.where, "not JSON");
    }
  };
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return {
    source,
    stats,
    chunkCache: createChunkCache(maxBytes, weightOf, cacheOptions),
    async json(name, as) {
      // (A root's parts, read whole by `jsonOfParts`, are no chunks: they are not weighed.)
      const bytes = await read(name);
      const text = decode(bytes);
      const value = parse(name, text);
      const made = as ? as(value) : value;
      if (typeof made === "object" && made !== null) {
        weights.set(made, text.length === bytes.byteLength && !text.includes("\\u"));
      }
      return made;
    },
    async jsonOfParts(names) {
      const parts = await Promise.all(names.map(read));
      if (parts.length === 1) return parse(names[0]!, decode(parts[0]!));
      const whole = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
      let at = 0;
      for (const part of parts) {
        whole.set(part, at);
        at += part.byteLength;
      }
      return parse(names.join("+"), decode(whole));
    },
  };
}
