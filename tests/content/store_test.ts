import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { newestFirst } from "../../src/content/list_order.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { manifestOf } from "../helpers.ts";

const files = [
  { path: "concepts/a.md", text: "---\nlastUpdated: 2025-01-01\n---\n# A" },
  { path: "patterns/a.md", text: "---\nlastUpdated: 2025-03-01\n---\n# A2" },
  { path: "patterns/b.md", text: "# B" },
  { path: "top.md", text: "---\nlastUpdated: 2025-02-01\n---\n# Top" },
];

Deno.test("store: documents newest first, undated last", async () => {
  const store = createContentStore(await manifestOf([{ name: "docs", description: "", files }]));
  assert.deepEqual(store.documents.map((d) => d.path), [
    "patterns/a",
    "top",
    "concepts/a",
    "patterns/b",
  ]);
  assert.deepEqual(store.categories, ["concepts", "patterns"]);
});

Deno.test("store: lookup by slug, category/slug, source/path; ambiguity lists candidates", async () => {
  const store = createContentStore(await manifestOf([{ name: "docs", description: "", files }]));
  assert.equal((await store.lookup("b")).kind, "found");
  assert.equal((await store.lookup("patterns/a")).kind, "found");
  assert.equal((await store.lookup("docs/patterns/a")).kind, "found");
  assert.equal((await store.lookup("/patterns/b/")).kind, "found");
  assert.deepEqual(await store.lookup("a"), {
    kind: "ambiguous",
    candidates: ["concepts/a", "patterns/a"],
  });
  assert.deepEqual(await store.lookup("missing"), { kind: "missing" });
  assert.deepEqual(await store.lookup("../patterns/a"), { kind: "missing" });
  assert.equal((await store.byUri("acdc://docs/top"))?.path, "top");
});

Deno.test("store: refuses a manifest of another schema version", () => {
  assert.throws(
    () => createContentStore({ schemaVersion: 99 } as unknown as Manifest),
    /schemaVersion/,
  );
});

Deno.test("newestFirst", () => {
  assert.deepEqual(["2024-01-01", undefined, "2025-01-01"].sort(newestFirst), [
    "2025-01-01",
    "2024-01-01",
    undefined,
  ]);
});

Deno.test("store cache: TTL, reuse by content hash, last good copy on failure", async () => {
  const m1 = await manifestOf([{ name: "docs", description: "", files }]);
  const m2 = await manifestOf([{ name: "docs", description: "", files: files.slice(1) }]);
  let clock = 0;
  let next: Manifest | Error = m1;
  let loads = 0;
  const errors: unknown[] = [];
  const cache = createStoreCache({
    ttlMs: 1000,
    now: () => clock,
    load: () => {
      loads++;
      if (next instanceof Error) throw next;
      return structuredClone(next);
    },
    onError: (e) => errors.push(e),
  });
  const first = await cache.get();
  clock = 999;
  assert.equal(await cache.get(), first);
  assert.equal(loads, 1);
  clock = 1000;
  assert.equal(await cache.get(), first, "same hash keeps the same store");
  assert.equal(loads, 2);
  next = m2;
  clock = 2000;
  const second = await cache.get();
  assert.notEqual(second, first);
  assert.equal(second.documents.length, 3);
  next = new Error("network down");
  clock = 3000;
  assert.equal(await cache.get(), second, "a failed reload serves the last good store");
  assert.equal(errors.length, 1);
  cache.reset();
  await assert.rejects(cache.get(), /network down/);
});

Deno.test("store cache: concurrent callers share one load", async () => {
  const m = await manifestOf([{ name: "docs", description: "", files }]);
  let loads = 0;
  const cache = createStoreCache({
    load: async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return m;
    },
  });
  const stores = await Promise.all([cache.get(), cache.get(), cache.get()]);
  assert.equal(loads, 1);
  assert.ok(stores.every((s) => s === stores[0]));
});

Deno.test("store cache: the head given at start until a store is loaded, the loaded one's after, none after reset", async () => {
  const m1 = await manifestOf([{ name: "docs", description: "", files }]);
  const m2 = { ...m1, builtAt: "2030-01-01T00:00:00.000Z", contentHash: "rebuilt" };
  const head = { builtAt: "2026-01-01T00:00:00.000Z", server: { name: "from root", version: "1" } };
  let next = m1;
  let loads = 0;
  const cache = createStoreCache({ load: () => (loads++, next), head });
  assert.equal(await cache.head(), head);
  assert.equal(loads, 0, "the head is answered without a load");
  await cache.get();
  assert.equal((await cache.head()).server.name, m1.server.name);
  // A rebuild (a stale prebuilt build replaced) resets the cache: its head, not the root's.
  next = m2;
  cache.reset();
  assert.equal((await cache.head()).builtAt, "2030-01-01T00:00:00.000Z");
  assert.equal(loads, 2);
});
