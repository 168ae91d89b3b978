import assert from "node:assert/strict";
import { createChunkLoader } from "../../src/content/chunk_loader.ts";
import { approxBytes } from "../../src/remembered.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import { shardSource } from "../../src/shards/shard_source.ts";

const nameOf = (k: number) => k.toString(16).padStart(20, "0") + ".json";

/** Shards of sections as a build writes them: many small objects per chunk. */
function sectionShards(count: number, accent = false): Map<string, string> {
  const files = new Map<string, string>();
  for (let k = 0; k < count; k++) {
    const chunk: Record<string, unknown> = {};
    for (let d = 0; d < 40; d++) {
      chunk[`doc-${k}-${d}.md`] = Array.from({ length: 6 }, (_, s) => ({
        title: `Section ${s}${accent ? " caf\u00e9 \u2014" : ""}`,
        start: 100 * s,
        end: 100 * s + 99,
      }));
    }
    files.set(nameOf(k), JSON.stringify(chunk));
  }
  return files;
}

const readerOver = (files: Map<string, string>, maxBytes: number, pinMs?: number) => {
  let reads = 0;
  const reader = createShardReader(
    shardSource("memory", (name) => {
      reads++;
      return Promise.resolve(new TextEncoder().encode(files.get(name)!));
    }),
    maxBytes,
    pinMs === undefined ? undefined : { pinMs },
  );
  return { reader, reads: () => reads };
};

Deno.test("shard reader: the chunk cache weighs a chunk at what its decoded objects cost the heap, not at its JSON bytes", async () => {
  const files = sectionShards(1);
  const { reader } = readerOver(files, 1 << 30);
  const chunks = createChunkLoader(1, (k) => reader.json(nameOf(k)), (c) => c, reader.chunkCache);
  await chunks.load([0]);
  const text = files.get(nameOf(0))!;
  // 240 sections of three properties: their objects cost more than their text.
  assert.equal(reader.chunkCache.bytes, approxBytes(chunks.get(0), 1));
  assert.ok(
    reader.chunkCache.bytes > 1.3 * text.length,
    `${reader.chunkCache.bytes} vs ${text.length}`,
  );
});

Deno.test("shard reader: a value is weighed only when the chunk cache takes it, and once", async () => {
  const files = sectionShards(2);
  const { reader } = readerOver(files, 1 << 30);
  // Counts the walks of a value's properties (what weighing it does).
  let walks = 0;
  const watched = (value: unknown) =>
    new Proxy(value as object, {
      ownKeys(target) {
        walks++;
        return Reflect.ownKeys(target);
      },
    });
  // Read and dropped (as a stats range is copied, or a dictionary volume kept elsewhere).
  await reader.json(nameOf(0), watched);
  assert.equal(walks, 0);
  const chunks = createChunkLoader(
    1,
    () => reader.json(nameOf(1), watched),
    (c) => c,
    reader.chunkCache,
  );
  await chunks.load([0]);
  assert.equal(walks, 1);
  const bytes = reader.chunkCache.bytes;
  assert.equal(bytes, approxBytes(files.get(nameOf(1)) && JSON.parse(files.get(nameOf(1))!), 1));
  // Taken again after it was forgotten: the weight is remembered, not walked again.
  assert.equal(reader.chunkCache.admit(chunks.get(0), () => {}) !== undefined, true);
  assert.equal(walks, 1);
});

Deno.test("shard reader: a chunk with characters past ASCII is weighed at two bytes a character", async () => {
  const files = sectionShards(1, true);
  const { reader } = readerOver(files, 1 << 30);
  const chunks = createChunkLoader(1, (k) => reader.json(nameOf(k)), (c) => c, reader.chunkCache);
  await chunks.load([0]);
  assert.equal(reader.chunkCache.bytes, approxBytes(chunks.get(0), 2));
});

Deno.test("shard reader: the chunks kept never pass the cache's bound in its own accounting, and a chunk forgotten then read again is the same", async () => {
  const files = sectionShards(12);
  const one = approxBytes(JSON.parse(files.get(nameOf(0))!), 1);
  const bound = 3 * one + one / 2;
  const { reader, reads } = readerOver(files, bound, 0);
  const chunks = createChunkLoader(
    12,
    (k) => reader.json(nameOf(k)),
    (c) => c,
    reader.chunkCache,
  );
  const first: unknown[] = [];
  for (let round = 0; round < 2; round++) {
    for (let k = 0; k < 12; k++) {
      // One request each, past its end: nothing is held then.
      await reader.chunkCache.hold(() => chunks.load([k]));
      const chunk = structuredClone(chunks.get(k));
      if (round === 0) first.push(chunk);
      else assert.deepEqual(chunk, first[k]);
      assert.ok(reader.chunkCache.bytes <= bound, `${reader.chunkCache.bytes} > ${bound}`);
    }
  }
  assert.equal(reads(), 24, "every chunk was forgotten and read again");
});
