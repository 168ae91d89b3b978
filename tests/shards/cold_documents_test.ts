/**
 * What a cold isolate makes of a sharded build's documents: its first search makes the document
 * objects of its candidates and hits only, not one for each document of the shelf.
 */
import assert from "node:assert/strict";
import { bodyRangeStarts } from "../../src/content/body_ranges.ts";

import { madeItems } from "../../src/content/lazy_list.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { PHRASE_CANDIDATES } from "../../src/search/search_engine.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { unpackManifest } from "../../src/shards/document_columns.ts";
import { rootLoaders, shardedCacheOptions } from "../../src/shards/root_loaders.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { shardedCorpus } from "./sharded_corpus.ts";
import { shardLists } from "./shard_lists.ts";

/** A cold sharded isolate's store and engine caches over `name`'s corpus, and its documents. */
async function coldIsolate(name: string) {
  const { manifest, root, files } = await shardedCorpus(name);
  const source = shardSource("memory", (file) => {
    const text = files.get(file);
    return text === undefined
      ? Promise.reject(new Error("no such shard"))
      : Promise.resolve(new TextEncoder().encode(text));
  });
  const loaders = rootLoaders(() => Promise.resolve(root), createShardReader(source));
  const options = shardedCacheOptions(loaders);
  return {
    manifest,
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

Deno.test("cold documents: a search narrowed to a category or a source, scored by its statistics, makes no more", async () => {
  const { manifest, stores, engines } = await coldIsolate("hugo-docs");
  const store = await stores.get();
  const engine = await engines.get(store);
  const category = manifest.documents[manifest.documents.length >> 1]!.category;
  for (const narrowed of [{ category }, { source: manifest.documents[0]!.source }]) {
    const { hits } = await engine.query("shortcode template", {
      weights: acdcWeights(DEFAULT_SEARCH_SETTINGS),
      limit: 5,
      reads: "bodies",
      ...narrowed,
    });
    assert.ok(hits.length > 0, JSON.stringify(narrowed));
  }
  // A scope's statistics test each document of the index, which makes none.
  const made = madeItems(store.manifest.documents);
  assert.ok(made <= 2 * Math.max(PHRASE_CANDIDATES, 100), `${made} made`);
});

Deno.test("cold documents: the suggestions for a word no page has make the documents they quote, not their words' pages", async () => {
  const { stores, engines } = await coldIsolate("hugo-docs");
  const store = await stores.get();
  const engine = await engines.get(store);
  const { unmatched } = await engine.query("shrtcodz paramtrz", {
    weights: acdcWeights(DEFAULT_SEARCH_SETTINGS),
    limit: 5,
    reads: "bodies",
  });
  assert.ok(unmatched.some((u) => u.suggestions.length > 0), JSON.stringify(unmatched));
  // The pages of "shortcode" (about 90) are tested for the best to quote, none made for it.
  const made = madeItems(store.manifest.documents);
  assert.ok(made <= 2 * PHRASE_CANDIDATES, `${made} made`);
});

Deno.test("cold documents: the edge manifest holds no sizes, but where the body ranges start", async () => {
  const { manifest, root, files } = await shardedCorpus("hugo-docs");
  const edge = JSON.parse(root.manifest.map((name) => files.get(name)).join(""));
  // Of each document: its source, format and file name (sizes are in the detail ranges, ids in
  // the detail ranges and the id ranges).
  for (const field of Object.keys(edge.documentColumns.columns)) {
    assert.ok(["s", "t", "f"].includes(field), `column ${field}`);
  }
  // Range starts as the gaps between them.
  assert.equal(typeof edge.bodyRangeStarts, "string");
  assert.equal(typeof edge.detailRangeStarts, "string");
  const unpacked = unpackManifest(edge);
  const sizes = manifest.documents.map((d) => d.size);
  assert.deepEqual(unpacked.bodyRangeStarts, bodyRangeStarts(sizes, edge.bodyRangeBytes));
  assert.equal(unpacked.bodyRangeStarts!.length, shardLists(root, files).bodies.length);
  assert.equal(unpacked.detailRangeStarts!.length, shardLists(root, files).details.length);
  // A document's size is read with its details.
  const { stores } = await coldIsolate("hugo-docs");
  const store = await stores.get();
  const doc = store.manifest.documents[3]!;
  assert.throws(() => doc.size, /read before they were loaded/);
  await store.loadDocuments([doc]);
  assert.equal(doc.size, manifest.documents[3]!.size);
});

Deno.test("cold documents: a look-up by id, URI or path makes the document it finds only", async () => {
  const { manifest, stores } = await coldIsolate("hugo-docs");
  const store = await stores.get();
  const wanted = manifest.documents[120]!;
  assert.equal(
    (await store.lookup(wanted.id)).kind === "found" && (await store.byId(wanted.id))?.id,
    wanted.id,
  );
  assert.equal(madeItems(store.manifest.documents), 1);
  assert.equal(await store.byUri(wanted.uri), await store.byId(wanted.id));
  assert.deepEqual(await store.lookup(`/${wanted.path}/`), {
    kind: "found",
    doc: await store.byId(wanted.id),
  });
  assert.equal(await store.byId(`${wanted.id}x`), undefined);
  assert.equal((await store.lookup("no/such/page")).kind, "missing");
  assert.equal(madeItems(store.manifest.documents), 1);
  // A slug alone reads every id, and makes the documents it finds.
  const found = await store.lookup(wanted.slug);
  assert.ok(found.kind !== "missing");
  assert.ok(madeItems(store.manifest.documents) < 10);
});
