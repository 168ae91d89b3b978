/**
 * Path completion on a sharded build (`completion/complete` of the resource template's `path`):
 * it reads the id ranges that may hold a path beginning with the typed prefix in any case
 * (`rangesMayHold` of `src/content/id_ranges.ts`), not every one, and answers as the unsharded
 * app does.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { rpc } from "../helpers.ts";
import { coldShardedApp } from "./cold_sharded_app.ts";
import { shardLists } from "./shard_lists.ts";
import { shardedManifest } from "./sharded_corpus.ts";

/** Two sources of pages in folders of several cases (and an İ and a Kelvin sign), in memory. */
async function shelf() {
  const folders = ["api", "API", "Guide", "guide", "kit", "\u212Ait", "\u0130ndex", "zeta"];
  const pages = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      path: `${folders[n % folders.length]}/page-${n}.md`,
      text: `# Page ${n}\n\nText ${n}.`,
    }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      { name: "docs", description: "", files: pages(1_400) },
      { name: "blog", description: "", files: pages(700) },
    ],
  });
  return { manifest, ...(await shardedManifest(manifest)) };
}

Deno.test("path completion: a prefix reads the id ranges that may hold it and answers as unsharded", async () => {
  const { manifest, index, root, shards } = await shelf();
  const lists = shardLists(root, shards);
  assert.ok(lists.ids.length >= 4);
  const whole = createEdgeApp({
    env: () => undefined,
    manifest,
    index: () => Promise.resolve(index),
  });
  const complete = (app: typeof whole, value: string, source?: string) =>
    rpc(app, "completion/complete", {
      ref: { type: "ref/resource", uri: "acdc://{source}/{+path}" },
      argument: { name: "path", value },
      ...(source !== undefined ? { context: { arguments: { source } } } : {}),
    });
  const asked: [string, string | undefined][] = [
    ["zeta/page-1", "docs"],
    ["ZETA/PAGE-2", "blog"],
    ["api/page-10", undefined],
    ["guide/", "docs"],
    ["kit/page-4", "docs"],
    ["i", "blog"],
    ["index/", "docs"],
    ["", "blog"],
    ["", undefined],
    ["nothing", "docs"],
    ["zeta", "no-such-source"],
    ["\u0130ndex", "docs"],
  ];
  for (const [value, source] of asked) {
    const { app: cold, reads } = coldShardedApp(root, shards);
    const label = `${value} in ${source}`;
    const answer = await complete(cold, value, source);
    assert.deepEqual(answer, await complete(whole, value, source), label);
    const idReads = reads.filter((name) => lists.ids.includes(name)).length;
    // A prefix that names a folder's page in a source reads the ranges of its few spellings (here
    // "kit", "KIT" and "Kit", which sorts after every ASCII one), not every one.
    if (/page-/.test(value) && source !== undefined) {
      assert.ok(idReads <= 3 && idReads < lists.ids.length, `${label}: ${idReads} id ranges`);
    }
    // An empty prefix: every path matches; the first 100 are read with their details (which
    // hold their ids), no id range, the count without reading.
    if (value === "") {
      assert.equal(idReads, 0, `${label}: ${idReads} id ranges`);
      const details = reads.filter((name) => lists.details.includes(name)).length;
      assert.ok(details >= 1 && details <= 2, `${label}: ${details} detail ranges`);
    }
    cold.shutdown();
  }
  // Some answers are long enough to be cut (100 values), and some find pages of several cases.
  const many = await complete(whole, "", undefined);
  assert.ok(many.result.completion.hasMore);
  const cased = await complete(whole, "zeta/page-1", "docs");
  assert.ok(cased.result.completion.total > 1);
  whole.shutdown();
});
