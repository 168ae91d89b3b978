/**
 * What a cold isolate makes of a sharded build's documents: its first search makes the document
 * objects of its candidates and hits only, not one for each document of the shelf.
 */
import assert from "node:assert/strict";
import { writeShards } from "../../src/build/write_shards.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { madeItems } from "../../src/content/lazy_list.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor, PHRASE_CANDIDATES } from "../../src/search/search_engine.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { rootLoaders, shardedCacheOptions } from "../../src/shards/root_loaders.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

/** A cold sharded isolate's store and engine caches over `name`'s corpus, and its documents. */
async function coldIsolate(name: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${name}`);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const files = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (file, text) => {
    files.set(file, text);
    return Promise.resolve();
  });
  const source = shardSource("memory", (file) => {
    const text = files.get(file);
    return text === undefined
      ? Promise.reject(new Error("no such shard"))
      : Promise.resolve(new TextEncoder().encode(text));
  });
  const loaders = rootLoaders(() => Promise.resolve(root), createShardReader(source));
  const options = shardedCacheOptions(loaders);
  return {
    documents: manifest.documents.length,
    stores: createStoreCache(options.store),
    engines: createEngineCache(options.engine),
  };
}

Deno.test("cold documents: a first search makes the documents of its candidates, not the shelf's", async () => {
  const { documents, stores, engines } = await coldIsolate("hugo-docs");
  const store = await stores.get();
  // The store and its documents are made without an object for each.
  assert.equal(madeItems(store.manifest.documents), 0);
  const engine = await engines.get(store);
  const { hits } = await engine.query("shortcode template", {
    weights: acdcWeights(DEFAULT_SEARCH_SETTINGS),
    limit: 5,
    reads: "bodies",
  });
  assert.ok(hits.length > 0);
  await store.loadBodies(hits.map((h) => h.doc));
  for (const hit of hits) {
    assert.ok(typeof store.body(hit.doc) === "string" && hit.doc.title !== "");
  }
  const made = madeItems(store.manifest.documents);
  assert.ok(documents > 500, `${documents} documents`);
  // The phrase rule's and part rule's candidates at most (the part rule reads 100).
  assert.ok(made >= hits.length && made <= Math.max(PHRASE_CANDIDATES, 100), `${made} made`);
});
