/**
 * Shards bundled with the root (`src/shards/inline_shards.ts`): all of the first reads or none,
 * within the bound; an edge stub's bundled shards checked before any shard is read (the app opens
 * its shards on its first request); the others read from the store.
 */
import assert from "node:assert/strict";
import { edgeShards } from "../../src/shards/edge_shards.ts";
import { inlineShards, withInlineShards } from "../../src/shards/inline_shards.ts";
import { shardSource } from "../../src/shards/shard_source.ts";

const [M1, M2, I1] = [
  "0123456789abcdef0123.json",
  "1123456789abcdef0123.json",
  "2123456789abcdef0123.json",
];
const TEXTS: Record<string, string> = {
  [M1]: "a".repeat(10),
  [M2]: "b".repeat(20),
  [I1]: "c".repeat(30),
};
const read = (name: string) => Promise.resolve(TEXTS[name]!);

Deno.test("inline shards: the manifest's parts then the index's, all of them up to the bound as JSON, else none", async () => {
  const root = { manifest: [M1, M2], index: [I1] };
  // 10 + 20 + 30 characters, each 2 more as a JSON string.
  assert.deepEqual(Object.keys((await inlineShards(root, read, 66))!), [M1, M2, I1]);
  assert.equal(await inlineShards(root, read, 65), undefined);
  // Escapes count: a text of quotes is twice as long in the stub.
  const quotes = (name: string) => Promise.resolve(name === M1 ? '"'.repeat(10) : TEXTS[name]!);
  assert.equal(await inlineShards({ manifest: [M1], index: [] }, quotes, 21), undefined);
  assert.ok(await inlineShards({ manifest: [M1], index: [] }, quotes, 22));
  // A part named twice (the same text) is bundled and counted once.
  const twice = { manifest: [M1], index: [M1] };
  assert.deepEqual(await inlineShards(twice, read, 12), { [M1]: TEXTS[M1] });
});

Deno.test("inline shards: a read of another shard goes to the store, and its failure is the store's", async () => {
  const source = shardSource(
    "memory",
    (name) =>
      name === I1
        ? Promise.reject(new Error("HTTP 503"))
        : Promise.resolve(new TextEncoder().encode(TEXTS[name]!)),
  );
  const bundled = withInlineShards(source, { [M1]: "{}" });
  assert.equal(new TextDecoder().decode(await bundled.read(M1)), "{}");
  assert.equal(new TextDecoder().decode(await bundled.read(M2)), TEXTS[M2]);
  await assert.rejects(bundled.read(I1), /HTTP 503/);
});

Deno.test("inline shards: an edge stub bundling anything but shard texts is refused when its shards are opened, before any is read", () => {
  const counts = {
    dictionary: 0,
    documentStats: 0,
    postings: 0,
    documentNames: 0,
    details: 0,
    bodies: 1,
    ids: 0,
    slugs: 0,
    order: 0,
    dictionaryVolumes: 0,
    detailVolumes: 0,
  };
  const root = {
    layout: "shelf-shards-10",
    store: "site",
    contentHash: "h",
    manifest: [M1],
    index: [I1],
    names: { perPage: 8192, counts, pages: [M2] },
    views: {},
  };
  const site = "https://kb.example";
  assert.ok(edgeShards({ manifest: { shards: root, inline: { [M1]: "{}" } } }, site, undefined));
  for (const inline of [{ "../secret.json": "{}" }, { [M1]: 1 }, ["{}"], "{}"]) {
    assert.throws(
      () => edgeShards({ manifest: { shards: root, inline } }, site, undefined),
      /bundles shards that are not shard texts/,
      JSON.stringify(inline),
    );
  }
});
