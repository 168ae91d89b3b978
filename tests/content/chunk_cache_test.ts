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
