/**
 * Reading shards as JSON, over one {@link ShardSource}: concurrent readers of a shard share one
 * read, a failed read is not kept (the next call reads again), and each value read remembers its
 * size in bytes (the weight the isolate's chunk cache counts: {@link ShardReader.chunkCache}).
 *
 * @module
 */
import { type ChunkCache, createChunkCache } from "../content/chunk_cache.ts";
import {
  isShardName,
  notAShardName,
  type ShardSource,
  ShardUnavailableError,
} from "./shard_source.ts";

/** Bytes of chunks an isolate keeps by default (bodies and postings together). */
export const CHUNK_CACHE_BYTES = 48 * 1024 * 1024;

/** JSON over a shard source, with what it read counted. */
export interface ShardReader {
  readonly source: ShardSource;
  /**
   * The shard's JSON value, or what `as` makes of it (weighed by the chunk cache as the shard's
   * bytes, as the value is).
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
 * A reader over `source`, its chunks bounded to `maxBytes`.
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
): ShardReader {
  const sizes = new WeakMap<object, number>();
  const pending = new Map<string, Promise<Uint8Array>>();
  const stats = { reads: 0, bytes: 0 };
  const read = (name: string): Promise<Uint8Array> => {
    // A bundled root's names are checked here, not at start (`isShardRoot`), and whatever the
    // source is, it never sees another name as a path or URL.
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
  const parse = (name: string, bytes: Uint8Array): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new ShardUnavailableError(name, source.where, "not JSON");
    }
    if (typeof value === "object" && value !== null) sizes.set(value, bytes.byteLength);
    return value;
  };
  return {
    source,
    stats,
    chunkCache: createChunkCache(
      maxBytes,
      (raw) => typeof raw === "object" && raw !== null ? sizes.get(raw) ?? 0 : 0,
    ),
    async json(name, as) {
      const bytes = await read(name);
      const value = parse(name, bytes);
      if (!as) return value;
      const made = as(value);
      if (typeof made === "object" && made !== null) sizes.set(made, bytes.byteLength);
      return made;
    },
    async jsonOfParts(names) {
      const parts = await Promise.all(names.map(read));
      if (parts.length === 1) return parse(names[0]!, parts[0]!);
      const whole = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
      let at = 0;
      for (const part of parts) {
        whole.set(part, at);
        at += part.byteLength;
      }
      return parse(names.join("+"), whole);
    },
  };
}
