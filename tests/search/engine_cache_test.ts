/**
 * The engine cache over a sharded build: a prebuilt index that is read but cannot be used is the
 * search's error (logged, nothing kept, read again by the next search), never an index built from
 * every body shard; an unsharded store still builds one.
 */
import assert from "node:assert/strict";
import { writeShards } from "../../src/build/write_shards.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { manifestOf, rpc } from "../helpers.ts";
import { shardLists } from "../shards/shard_lists.ts";

const SOURCES = [{
  name: "docs",
  description: "",
  files: Array.from({ length: 30 }, (_, i) => ({
    path: `guides/page-${i}.md`,
    text: `# Page ${i}\n\nAlpha beta ${i % 2 ? "gamma" : "delta"} words of page ${i}.`,
  })),
}];

Deno.test("engine cache, sharded: an unusable prebuilt index is the tool's logged error, read again next time, and no body shard is read", async () => {
  const manifest = await manifestOf(SOURCES);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const files = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (name, text) => {
    files.set(name, text);
    return Promise.resolve();
  });
  // The index's shard holds an index of another analyzer until the "redeploy" fixes it.
  let broken = true;
  const reads: string[] = [];
  const source = shardSource("memory", (name) => {
    reads.push(name);
    let text = files.get(name)!;
    if (broken && root.index.includes(name)) {
      text = JSON.stringify({ ...JSON.parse(text), analyzer: "another-analyzer" });
    }
    return Promise.resolve(new TextEncoder().encode(text));
  });
  const app = createEdgeApp({
    env: () => undefined,
    manifest: { shards: root },
    index: () => Promise.reject(new Error("a sharded app imports no index module")),
    shardSource: source,
  });
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(" "));
  try {
    const params = { name: "search", arguments: { query: "gamma" } };
    const failed = await rpc(app, "tools/call", params);
    assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
    assert.match(
      failed.result.content[0].text,
      /prebuilt search index of [0-9a-f]{12} could not be used \(.*analyzer.*\); no index is built from the shards in its place; try again/,
    );
    assert.equal(warnings.length, 1, "logged once");
    assert.match(String(warnings[0]), /^\[shelf\] the prebuilt search index of/);
    for (const name of shardLists(root, files).bodies) {
      assert.ok(!reads.includes(name), "no body shard read");
    }
    broken = false;
    const answered = await rpc(app, "tools/call", params);
    assert.equal(answered.result?.isError, undefined, JSON.stringify(answered).slice(0, 300));
    assert.match(answered.result.content[0].text, /Page \d+/);
  } finally {
    console.warn = warn;
    app.shutdown();
  }
});

Deno.test("engine cache: an unusable prebuilt index of an unsharded store is built in its place, with a warning", async () => {
  const store = createContentStore(await manifestOf(SOURCES));
  const warnings: string[] = [];
  const engines = createEngineCache({
    loadPrebuilt: () => Promise.reject(new SyntaxError("Unexpected end of JSON input")),
    onWarning: (message) => warnings.push(message),
  });
  const { hits } = await (await engines.get(store)).query("gamma", {
    weights: { name: 2, keywords: 3, description: 1, content: 1 },
    limit: 3,
  });
  assert.equal(hits.length, 3);
  assert.deepEqual(warnings, [
    "prebuilt search index not used (not loaded: Unexpected end of JSON input); " +
    "building one instead",
  ]);
});
