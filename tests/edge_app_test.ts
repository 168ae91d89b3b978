/**
 * The edge app's site files: a public site's are the CDN's static files (passed on to `next`); a
 * private one's (any auth mode) are served by the function, behind its check — never passed on.
 * `SHELF_MANIFEST` naming a sharded site's `shards.json`: the function reads that root and its
 * shards beside it.
 */
import assert from "node:assert/strict";
import { writeShards } from "../src/build/write_shards.ts";
import { createContentStore } from "../src/content/content_store.ts";
import { createEdgeApp } from "../src/edge_app.ts";
import { buildIndexFor } from "../src/search/search_engine.ts";
import { publishedRoot } from "../src/shards/published_root.ts";
import { manifestOf, rpc } from "./helpers.ts";

Deno.test("edge app: site files pass to the CDN on a public site, stay behind auth on a private one", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# Alpha\n\nPrivate runbook." }],
  }]);
  const fromCdn = () => Promise.resolve(new Response("static file"));
  const make = (env: Record<string, string>) =>
    createEdgeApp({
      env: (n) => env[n],
      manifest,
      index: () => Promise.resolve({ external: "x" }),
    });
  const open = make({});
  for (const path of ["/llms.txt", "/llms-full.txt", "/_shelf/md/docs/a.md"]) {
    const res = await open.serve(new Request(`https://kb.example${path}`), fromCdn);
    assert.equal(await res.text(), "static file", path);
  }
  const closed = make({ ACDC_MCP_AUTH_TYPE: "apikey", ACDC_MCP_AUTH_API_KEYS: "k" });
  for (
    const path of ["/llms.txt", "/llms-full.txt", "/_shelf/md/docs/a.md", "/_shelf/manifest.json"]
  ) {
    const res = await closed.serve(new Request(`https://kb.example${path}`), fromCdn);
    assert.equal(res.status, 401, path);
    assert.doesNotMatch(await res.text(), /static file|runbook/, path);
  }
  const withKey = await closed.serve(
    new Request("https://kb.example/_shelf/md/docs/a.md", { headers: { "x-api-key": "k" } }),
    fromCdn,
  );
  assert.match(await withKey.text(), /Private runbook/);
  open.shutdown();
  closed.shutdown();
});

Deno.test("edge app: a build private only through a scoped source serves its site files itself", async () => {
  // The build publishes nothing when a source has a scope, whatever the auth mode: with no auth
  // mode set, the CDN has no llms.txt or twin to answer with.
  const manifest = await manifestOf([
    { name: "guides", description: "", files: [{ path: "a.md", text: "# Alpha\n\nPublic." }] },
    {
      name: "runbooks",
      description: "",
      scope: "docs:internal",
      files: [{ path: "b.md", text: "# Beta\n\nZanzibar runbook." }],
    },
  ]);
  const app = createEdgeApp({
    env: () => undefined,
    manifest,
    index: () => Promise.resolve({ external: "x" }),
  });
  const cdnHasNothing = () => Promise.resolve(new Response("Not Found", { status: 404 }));
  const llms = await app.serve(new Request("https://kb.example/llms.txt"), cdnHasNothing);
  assert.equal(llms.status, 200);
  const text = await llms.text();
  assert.match(text, /Alpha/);
  assert.doesNotMatch(text, /Beta|Zanzibar/);
  const twin = await app.serve(
    new Request("https://kb.example/_shelf/md/guides/a.md"),
    cdnHasNothing,
  );
  assert.equal(twin.status, 200);
  const hidden = await app.serve(
    new Request("https://kb.example/_shelf/md/runbooks/b.md"),
    cdnHasNothing,
  );
  assert.equal(hidden.status, 404);
  assert.doesNotMatch(await hidden.text(), /Zanzibar/);
  for (const path of ["/llms-full.txt", "/_shelf/manifest.json", "/_shelf/index.json"]) {
    const res = await app.serve(new Request(`https://kb.example${path}`), cdnHasNothing);
    assert.doesNotMatch(await res.text(), /Zanzibar/, path);
  }
  app.shutdown();
});

Deno.test("edge app: SHELF_MANIFEST naming a sharded site's shards.json reads its root and the shards beside it", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: Array.from({ length: 6 }, (_, i) => ({
      path: `p${i}.md`,
      text: `# Page ${i}\n\nRotate the keys of page ${i}.`,
    })),
  }]);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const files = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (name, text) => {
    files.set(`/kb/_shelf/shards/${name}`, text);
    return Promise.resolve();
  });
  files.set("/kb/_shelf/shards.json", JSON.stringify(publishedRoot(manifest, root)));
  const asked: string[] = [];
  const site = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    asked.push(path);
    const text = files.get(path);
    return text === undefined ? new Response("no", { status: 404 }) : new Response(text);
  });
  const env: Record<string, string> = {
    URL: `http://127.0.0.1:${site.addr.port}`,
    SHELF_MANIFEST: "/kb/_shelf/shards.json",
  };
  const app = createEdgeApp({
    env: (n) => env[n],
    manifest: { external: "/_shelf/manifest.json" },
    index: () => Promise.reject(new Error("no index module")),
  });
  try {
    const found = await rpc(app, "tools/call", {
      name: "search",
      arguments: { query: "rotate keys" },
    });
    assert.equal(found.result?.isError, undefined, JSON.stringify(found).slice(0, 300));
    assert.match(found.result.content[0].text, /\[Page \d\]/);
    assert.equal(asked[0], "/kb/_shelf/shards.json");
    assert.ok(asked.slice(1).every((p) => p.startsWith("/kb/_shelf/shards/")), asked.join());
  } finally {
    app.shutdown();
    await site.shutdown();
  }
});
