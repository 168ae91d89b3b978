/**
 * Id ranges (`src/content/id_ranges.ts`): a sharded build's edge manifest, which a cold isolate
 * reads whole, holds no document ids, so it does not grow with the number of documents; a
 * look-up by id, URI or path reads one id range (by slug alone: a slug range), and a shown
 * document's id comes with its details.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { writeShards } from "../../src/build/write_shards.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { ID_RANGE_SIZE } from "../../src/content/id_ranges.ts";
import { scopedStore } from "../../src/content/scoped_store.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { rootLoaders, shardedCacheOptions } from "../../src/shards/root_loaders.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { shardLists } from "./shard_lists.ts";

/** A sharded build of `count` pages in nested folders, its shards in memory. */
async function shelfOf(count: number) {
  const files = Array.from({ length: count }, (_, n) => ({
    path: `guides/part-${Math.floor(n / 50)}/topic-number-${n}.md`,
    text: `# Topic ${n}\n\nAbout topic ${n}.`,
  }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const shards = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (name, text) => {
    shards.set(name, text);
    return Promise.resolve();
  });
  return { manifest, root, shards };
}

/** A cold isolate's store over `shelf`, and the shards it reads. */
async function coldStore(shelf: Awaited<ReturnType<typeof shelfOf>>) {
  const reads: string[] = [];
  const source = shardSource("memory", (name) => {
    reads.push(name);
    return Promise.resolve(new TextEncoder().encode(shelf.shards.get(name)!));
  });
  const loaders = rootLoaders(() => Promise.resolve(shelf.root), createShardReader(source));
  const store = await createStoreCache(shardedCacheOptions(loaders).store).get();
  return { store, reads };
}

const manifestBytes = (shelf: Awaited<ReturnType<typeof shelfOf>>) =>
  shelf.root.manifest.reduce((sum, name) => sum + shelf.shards.get(name)!.length, 0);

Deno.test("id ranges: the edge manifest does not grow with the documents' ids", async () => {
  const [small, large] = [await shelfOf(400), await shelfOf(1600)];
  // What grows with the documents: where each detail and body range starts (a few bytes a range
  // of about ten documents) and each id range's first id — not an id for each document, which
  // took 7 bytes a document here, front-coded.
  const perDocument = (manifestBytes(large) - manifestBytes(small)) / 1200;
  assert.ok(perDocument < 1, `${perDocument.toFixed(2)} bytes a document`);
  assert.equal(shardLists(large.root, large.shards).ids.length, Math.ceil(1600 / ID_RANGE_SIZE));
  // No id is in it but each id range's first.
  const text = large.root.manifest.map((name) => large.shards.get(name)!).join("");
  large.manifest.documents.forEach((doc, n) => {
    if (n % ID_RANGE_SIZE !== 0) assert.ok(!text.includes(doc.path), doc.id);
  });
});

Deno.test("id ranges: a look-up by id, URI, path or file name reads one id range, a slug none", async () => {
  const shelf = await shelfOf(1600);
  const wanted = shelf.manifest.documents[1300]!; // in the third range
  const range = shardLists(shelf.root, shelf.shards).ids[Math.floor(1300 / ID_RANGE_SIZE)]!;
  for (
    const find of [
      (store: Awaited<ReturnType<typeof coldStore>>["store"]) => store.byId(wanted.id),
      (store: Awaited<ReturnType<typeof coldStore>>["store"]) => store.byUri(wanted.uri),
      async (store: Awaited<ReturnType<typeof coldStore>>["store"]) => {
        const found = await store.lookup(wanted.path);
        return found.kind === "found" ? found.doc : undefined;
      },
    ]
  ) {
    const { store, reads } = await coldStore(shelf);
    const before = reads.length;
    const doc = await find(store);
    // The id range only: not the others, nor the document's details.
    assert.deepEqual(reads.slice(before), [range]);
    assert.equal(doc?.id, wanted.id);
    assert.equal(doc?.uri, wanted.uri);
    // Its details are read when it is shown; its id is read from them as well.
    await store.loadDocuments([doc!]);
    assert.equal(doc.title, wanted.title);
  }
  // By file name or path, with or without the source: one range (`table_of_contents`,
  // `get_document`).
  for (const name of [`${wanted.path}.md`, wanted.path, `docs/${wanted.path}.md`, wanted.id]) {
    const { store, reads } = await coldStore(shelf);
    const before = reads.length;
    assert.deepEqual((await store.byFile(name)).map((doc) => doc.id), [wanted.id], name);
    assert.deepEqual(reads.slice(before), [range], name);
  }
  // A document not there reads the range it would be in, and finds none.
  const { store, reads } = await coldStore(shelf);
  const before = reads.length;
  assert.equal(await store.byId(`${wanted.id}x`), undefined);
  assert.deepEqual(reads.slice(before), [range]);
  // A slug alone reads its slug range (`slug_ranges.ts`), no id range.
  for (const slug of [wanted.slug, "topic-number-3"]) {
    const from = reads.length;
    assert.equal((await store.lookup(slug)).kind, "found");
    // (Its range once: "topic-number-3" may be in the one read already.)
    const read = reads.slice(from);
    assert.ok(
      read.length <= 1 &&
        read.every((name) => shardLists(shelf.root, shelf.shards).slugs.includes(name)),
      slug,
    );
  }
});

Deno.test("id ranges: a scoped view of a sharded build finds, searches and lists its documents", async () => {
  // Dated so that the list (newest first) interleaves the sources; in the same category ("o").
  const files = (name: string) =>
    Array.from({ length: 700 }, (_, n) => ({
      path: `o/page-${n}.md`,
      text: `---\nlastUpdated: 2026-01-${String((n % 28) + 1).padStart(2, "0")}\n---\n` +
        `# ${name} page ${n}\n\nWidgets of ${name}, number ${n}.`,
    }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      { name: "open", description: "", files: files("o") },
      { name: "team", description: "", scope: "team", files: files("t") },
    ],
  });
  const whole = createContentStore(manifest);
  const wholeView = scopedStore(whole, []);
  const index = await buildIndexFor(whole).export();
  const views = [{
    hash: wholeView.contentHash,
    json: JSON.stringify(await buildIndexFor(wholeView).export()),
  }];
  const shards = new Map<string, string>();
  const root = await writeShards(manifest, index, views, "site", (name, text) => {
    shards.set(name, text);
    return Promise.resolve();
  });
  const reads: string[] = [];
  const source = shardSource(
    "memory",
    (name) => (reads.push(name), Promise.resolve(new TextEncoder().encode(shards.get(name)!))),
  );
  const options = shardedCacheOptions(
    rootLoaders(() => Promise.resolve(root), createShardReader(source)),
  );
  const store = await createStoreCache(options.store).get();
  const view = scopedStore(store, []);
  // A page of its list (newest first, of its sources only) reads the order ranges and the
  // page's detail ranges, not every document's details, and is the unsharded view's page.
  const lists = shardLists(root, shards);
  const listed = (page: { docs: { id: string }[]; total: number }) => ({
    ids: page.docs.map((d) => d.id),
    total: page.total,
  });
  for (const [wanted, offset, limit] of [["", 0, 50], ["", 650, 100], ["o", 10, 20]] as const) {
    const from = reads.length;
    const page = listed(await view.listPage(wanted, offset, limit));
    assert.deepEqual(page, listed(await wholeView.listPage(wanted, offset, limit)));
    assert.ok(page.ids.length > 0 && page.ids.every((id) => id.startsWith("open/")), wanted);
    assert.equal(page.total, 700);
    const read = reads.slice(from);
    assert.deepEqual(read.filter((name) => lists.detailVolumes.includes(name)), []);
    const details = read.filter((name) => lists.details.includes(name)).length;
    assert.ok(
      details <= page.ids.length && details < lists.details.length,
      `${details}/${lists.details.length}`,
    );
  }
  // Its prebuilt index finds the store's documents by their ids (a cold isolate reads them all
  // first): the same hits as unsharded.
  const query = { weights: acdcWeights(DEFAULT_SEARCH_SETTINGS), limit: 5 };
  const hits =
    (await (await createEngineCache(options.engine).get(view)).query("widgets 12", query))
      .hits.map((h) => [h.doc.id, h.score]);
  const expected = (await (await createEngineCache().get(wholeView)).query("widgets 12", query))
    .hits.map((h) => [h.doc.id, h.score]);
  assert.deepEqual(hits, expected);
  assert.ok(hits.length > 0 && hits.every(([id]) => String(id).startsWith("open/")));
  // Look-ups see the view's documents only.
  assert.equal((await view.byId("open/o/page-5"))?.path, "o/page-5");
  assert.equal(await view.byId("team/o/page-5"), undefined);
  assert.equal(await view.byUri("acdc://team/o/page-5"), undefined);
  assert.equal((await view.lookup("page-5")).kind, "found");
});
