/**
 * The byte bound on chunks read from shards: past it, the least recently used chunk a loader holds
 * is forgotten (and read again when next wanted); one used within the pin is kept.
 */
import assert from "node:assert/strict";
import { createChunkCache } from "../../src/content/chunk_cache.ts";
import { createChunkLoader } from "../../src/content/chunk_loader.ts";

Deno.test("chunk cache: a loader's chunks past the bound are forgotten, then read again", async () => {
  let now = 0;
  const cache = createChunkCache(25, (raw) => (raw as string).length, {
    now: () => now,
    pinMs: 10,
  });
  const reads: number[] = [];
  const loader = createChunkLoader(
    4,
    (k) => (reads.push(k), Promise.resolve(`chunk-${k}`.padEnd(10, "."))),
    (raw) => raw as string,
    cache,
  );
  await loader.load([0, 1]);
  now = 100;
  assert.equal(loader.get(1), "chunk-1..."); // 1 used now, 0 not since 0
  await loader.load([2]); // 30 bytes: 0, the least recently used, goes
  assert.equal(loader.get(0), undefined);
  assert.equal(loader.get(1), "chunk-1...");
  assert.equal(cache.bytes, 20);
  await loader.load([0]); // read again; 1 and 2 used at 100, within the pin: kept, over the bound
  assert.deepEqual(reads, [0, 1, 2, 0]);
  assert.equal(cache.bytes, 30);
  now = 200;
  await loader.load([3]);
  assert.equal(cache.bytes, 20, "back under the bound once the pins are past");
  assert.equal(loader.get(3), "chunk-3...");
});

Deno.test("chunk cache: a request holding the cache keeps every chunk it loaded or found loaded until it answers, however long it takes", async () => {
  let now = 0;
  // No pin at all: only the hold keeps a chunk.
  const cache = createChunkCache(25, (raw) => (raw as string).length, {
    now: () => now,
    pinMs: 0,
  });
  const loader = createChunkLoader(
    4,
    (k) => Promise.resolve(`chunk-${k}`.padEnd(10, ".")),
    (raw) => raw as string,
    cache,
  );
  await loader.load([0]); // loaded by an earlier request
  await cache.hold(async () => {
    await loader.load([0]); // found loaded: this request uses it now
    now = 10_000; // a slow request (a loaded machine)
    await loader.load([1, 2, 3]); // 40 bytes: past the bound, but every chunk is this request's
    for (const k of [0, 1, 2, 3]) assert.equal(loader.get(k), `chunk-${k}`.padEnd(10, "."), `${k}`);
    assert.equal(cache.bytes, 40);
  });
  // After the answer, the next admission trims back under the bound.
  cache.admit("x".repeat(5), () => {});
  assert.ok(cache.bytes <= 25, `${cache.bytes} bytes`);
});

Deno.test("chunk cache: chunks used before a hold began may go during it; the bound still holds between requests", async () => {
  const cache = createChunkCache(25, (raw) => (raw as string).length, { pinMs: 0 });
  const evicted: string[] = [];
  cache.admit("a".repeat(10), () => evicted.push("a"));
  await cache.hold(async () => {
    cache.admit("b".repeat(10), () => evicted.push("b"));
    cache.admit("c".repeat(10), () => evicted.push("c")); // 30: a, not this request's, goes
    assert.deepEqual(evicted, ["a"]);
    return await Promise.resolve();
  });
  assert.equal(cache.bytes, 20);
});
