/**
 * Slug ranges (`src/content/slug_ranges.ts`): on a sharded build a look-up by slug alone reads
 * one slug range — not every id range — whatever the number of documents, and answers as the
 * unsharded store does, shared slugs included (the build's warning says such a slug needs
 * `category/slug`, and `get_article` lists the candidates).
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { type ContentStore, createContentStore } from "../../src/content/content_store.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { rootLoaders, shardedCacheOptions } from "../../src/shards/root_loaders.ts";
import { createShardReader } from "../../src/shards/shard_reader.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { rpc } from "../helpers.ts";
import { shardLists } from "./shard_lists.ts";
import { shardedManifest } from "./sharded_corpus.ts";

/** Pages whose slugs are shared within a source, across sources, and with a top-level page. */
const SHARED = [
  "intro.md",
  "guide/intro.md",
  "api/intro.md",
  "api/setup.md",
  "guide/setup.md",
  "faq/only-here.md",
];

/** A sharded build of `sources` (each `filler` more pages in nested folders), in memory. */
async function shelfOf(sources: readonly string[], filler: number) {
  const { manifest, report } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: sources.map((name) => ({
      name,
      description: "",
      files: [
        ...SHARED.map((path) => ({ path, text: `# ${name} ${path}\n\nAbout ${path}.` })),
        ...Array.from({ length: filler }, (_, n) => ({
          path: `part-${n % 7}/topic-${Math.floor(n / 3)}.md`,
          text: `# Topic ${n}\n\nAbout topic ${n}.`,
        })),
      ],
    })),
  });
  return { manifest, report, ...(await shardedManifest(manifest)) };
}

type Shelf = Awaited<ReturnType<typeof shelfOf>>;

/** A source over `shelf`'s shards recording what it reads. */
function sourceOf(shelf: Shelf) {
  const reads: string[] = [];
  const source = shardSource("memory", (name) => {
    reads.push(name);
    return Promise.resolve(new TextEncoder().encode(shelf.shards.get(name)!));
  });
  return { source, reads };
}

/** A cold isolate's store over `shelf`, and the shards it reads. */
async function coldStore(shelf: Shelf) {
  const { source, reads } = sourceOf(shelf);
  const loaders = rootLoaders(() => Promise.resolve(shelf.root), createShardReader(source));
  const store = await createStoreCache(shardedCacheOptions(loaders).store).get();
  return { store, reads };
}

/** A look-up's answer as plain values. */
async function lookedUp(store: ContentStore, ref: string) {
  const found = await store.lookup(ref);
  if (found.kind === "found") return { kind: "found", id: found.doc.id, uri: found.doc.uri };
  return found;
}

Deno.test("slug ranges: a look-up by slug reads one shard, whatever the number of id ranges", async () => {
  for (const filler of [1_500, 6_000]) {
    const shelf = await shelfOf(["docs"], filler);
    assert.ok(
      shardLists(shelf.root, shelf.shards).ids.length >= Math.floor(filler / 512),
      "id ranges",
    );
    for (const slug of ["topic-400", "intro", "setup", "only-here", "not-a-slug"]) {
      const { store, reads } = await coldStore(shelf);
      const before = reads.length;
      await store.lookup(slug);
      const read = reads.slice(before);
      assert.ok(
        read.length <= 2,
        `${slug}: ${read.length} reads of ${shardLists(shelf.root, shelf.shards).ids.length} ids`,
      );
      assert.ok(
        read.every((name) => shardLists(shelf.root, shelf.shards).slugs.includes(name)),
        slug,
      );
    }
  }
});

Deno.test("slug ranges: every slug answers as the unsharded store, shared ones too", async () => {
  for (const sources of [["docs"], ["docs", "blog"]]) {
    const shelf = await shelfOf(sources, 1_200);
    assert.ok(
      shardLists(shelf.root, shelf.shards).slugs.length > 1 &&
        shardLists(shelf.root, shelf.shards).ids.length > 1,
    );
    // The build warns of each shared slug: get_article needs category/slug for them.
    assert.ok(shelf.report.warnings.some((w) => /slug 'intro' is shared with/.test(w.reason)));
    const whole = createContentStore(shelf.manifest);
    const slugs = new Set(shelf.manifest.documents.map((doc) => doc.slug));
    const refs = [...slugs, " intro ", "/setup/", "guide/intro", "docs/intro", "nothing", ""];
    // One warm store for them all, and a cold one for each shared slug.
    const { store } = await coldStore(shelf);
    for (const ref of refs) {
      assert.deepEqual(await lookedUp(store, ref), await lookedUp(whole, ref), ref);
    }
    // "intro" is a top-level page of each source (found, or one per source), "setup" only
    // nested ones.
    const kinds = sources.length === 1 ? ["found", "ambiguous"] : ["ambiguous", "ambiguous"];
    for (const [k, slug] of ["intro", "setup"].entries()) {
      const cold = await coldStore(shelf);
      const expected = await lookedUp(whole, slug);
      assert.equal(expected.kind, kinds[k], slug);
      assert.deepEqual(await lookedUp(cold.store, slug), expected, slug);
    }
  }
});

Deno.test("slug ranges: get_article by slug answers byte for byte as the unsharded app", async () => {
  const shelf = await shelfOf(["docs", "blog"], 1_200);
  const whole = createEdgeApp({
    env: () => undefined,
    manifest: shelf.manifest,
    index: () => Promise.resolve(shelf.index),
  });
  for (const slug of ["intro", "setup", "only-here", "topic-5", "docs/intro", "nothing"]) {
    const { source, reads } = sourceOf(shelf);
    const cold = createEdgeApp({
      env: () => undefined,
      manifest: { shards: shelf.root },
      index: () => Promise.reject(new Error("a sharded app imports no index module")),
      shardSource: source,
    });
    const call = { name: "get_article", arguments: { slug } };
    const answer = await rpc(cold, "tools/call", call);
    assert.deepEqual(answer, await rpc(whole, "tools/call", call), slug);
    if (!slug.includes("/")) {
      assert.ok(
        !reads.some((name) => shardLists(shelf.root, shelf.shards).ids.includes(name)),
        `${slug}: no id range`,
      );
    }
    cold.shutdown();
  }
  whole.shutdown();
});
