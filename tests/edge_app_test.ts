/**
 * The edge app's site files: a public site's are the CDN's static files (passed on to `next`); a
 * private one's (any auth mode) are served by the function, behind its check — never passed on.
 */
import assert from "node:assert/strict";
import { createEdgeApp } from "../src/edge_app.ts";
import { manifestOf } from "./helpers.ts";

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
