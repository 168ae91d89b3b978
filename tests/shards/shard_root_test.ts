/**
 * The root of a sharded build (`src/shards/shard_root.ts`): what the edge function bundles does
 * not grow with the knowledge base — its shards are named in name pages (`name_pages.ts`), and
 * the root names the pages.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { writeShards, type WriteShardsOptions } from "../../src/build/write_shards.ts";
import { PAGES_IN_ROOT } from "../../src/shards/name_pages.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";

/** A sharded build of `count` pages of words of their own: its root and how many shards. */
async function shelfOf(count: number, options: WriteShardsOptions = {}) {
  const files = Array.from({ length: count }, (_, n) => ({
    path: `guides/part-${Math.floor(n / 50)}/topic-${n}.md`,
    text: `# Topic ${n}\n\n` +
      Array.from({ length: 60 }, (_, w) => `word${n}x${w} common${w % 7}`).join(" "),
  }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const shards = new Set<string>();
  const root = await writeShards(manifest, index, [], "site", (name) => {
    shards.add(name);
    return Promise.resolve();
  }, options);
  // What the edge function bundles in place of edge-manifest.json.
  return { stub: JSON.stringify({ shards: root }), shards: shards.size };
}

Deno.test("shard root: the bundled root does not grow with the number of shards", async () => {
  // Holding none of its name pages: the names of the pages only.
  const none = { pagesInRoot: 0 };
  const [small, large] = [await shelfOf(200, none), await shelfOf(2000, none)];
  assert.ok(large.shards >= 8 * small.shards, `${small.shards} and ${large.shards} shards`);
  // Listing each shard took about 24 bytes a shard: 9 times as many shards, 9 times the bytes.
  const grown = large.stub.length - small.stub.length;
  assert.ok(grown <= 40, `${small.stub.length} then ${large.stub.length} bytes`);
  assert.ok(large.stub.length < 1000, `${large.stub.length} bytes`);
});

Deno.test("shard root: it holds its first name pages, and past them grows by the pages' names only", async () => {
  // 16 names a page: 10 pages, then about 90.
  const [small, large] = [
    await shelfOf(200, { namesPerPage: 16 }),
    await shelfOf(2000, {
      namesPerPage: 16,
    }),
  ];
  for (const { stub } of [small, large]) {
    const { names } = JSON.parse(stub).shards;
    assert.equal(names.first.length, PAGES_IN_ROOT);
    assert.ok(names.pages.length > PAGES_IN_ROOT + 4, `${names.pages.length} pages`);
  }
  const pages = (stub: string) => JSON.parse(stub).shards.names.pages.length;
  // About 30 bytes a page's name (its 16 shards' names took about 24 bytes each).
  const grown = large.stub.length - small.stub.length;
  const perPage = grown / (pages(large.stub) - pages(small.stub));
  assert.ok(perPage <= 32, `${grown} bytes for ${pages(large.stub) - pages(small.stub)} pages`);
});
