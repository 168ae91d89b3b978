/**
 * Category spans (`src/content/category_spans.ts`): on a sharded build a category filter —
 * `list_articles` or `search_articles` by category, an unknown category's error — reads no id
 * range (where each category's documents are is in the edge manifest), and answers byte for byte
 * as the unsharded app does.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { rpc } from "../helpers.ts";
import { coldShardedApp } from "./cold_sharded_app.ts";
import { shardLists } from "./shard_lists.ts";
import { shardedManifest } from "./sharded_corpus.ts";

/** A sharded build of two sources whose categories share names (in two cases), in memory. */
async function shelf() {
  const pages = (folders: readonly string[], count: number) =>
    Array.from({ length: count }, (_, n) => {
      const folder = folders[n % folders.length]!;
      return {
        path: `${folder}/widget-${n}.md`,
        text: `---\nlastUpdated: 2026-0${1 + (n % 9)}-01\n---\n# Widget ${n} of ${folder}\n\n` +
          `How to tune widget ${n}.`,
      };
    });
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      { name: "docs", description: "", files: [...pages(["guide", "api", "faq"], 900)] },
      {
        name: "blog",
        description: "",
        files: [...pages(["Guide", "news"], 700), { path: "top.md", text: "# Top\n\nwidget" }],
      },
    ],
  });
  return { manifest, ...(await shardedManifest(manifest)) };
}

Deno.test("category spans: a category filter reads no id range and answers as unsharded", async () => {
  const { manifest, index, root, shards } = await shelf();
  const lists = shardLists(root, shards);
  assert.ok(lists.ids.length >= 3);
  const whole = createEdgeApp({
    env: () => undefined,
    manifest,
    index: () => Promise.resolve(index),
  });
  const calls = [
    { name: "list_articles", arguments: { category: "guide", limit: 20 } },
    { name: "list_articles", arguments: { category: "NEWS", limit: 5, offset: 3 } },
    { name: "list_articles", arguments: { category: "nowhere" } },
    { name: "search_articles", arguments: { query: "tune widget", category: "Guide" } },
    { name: "search_articles", arguments: { query: "widget 12", category: "api", limit: 3 } },
    { name: "search_articles", arguments: { query: "widget", category: "nowhere" } },
  ];
  for (const call of calls) {
    const { app: cold, reads } = coldShardedApp(root, shards);
    const label = JSON.stringify(call.arguments);
    assert.deepEqual(
      await rpc(cold, "tools/call", call),
      await rpc(whole, "tools/call", call),
      label,
    );
    assert.deepEqual(reads.filter((name) => lists.ids.includes(name)), [], `${label}: id ranges`);
    cold.shutdown();
  }
  whole.shutdown();
});
