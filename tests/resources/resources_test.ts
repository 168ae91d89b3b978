import assert from "node:assert/strict";
import {
  appFor,
  buildFolder,
  buildMultiFixture,
  CORPORA,
  FIXTURE_HIDDEN,
  rpc,
  rpcModern,
} from "../helpers.ts";

const { manifest } = await buildMultiFixture();
const { app, errors } = appFor(manifest);

Deno.test("resources/list: every exposed document with name, title, description, mimeType, size", async () => {
  const { result } = await rpc(app, "resources/list");
  assert.equal(result.nextCursor, undefined);
  assert.deepEqual(result.resources.map((r: { uri: string }) => r.uri), [
    "acdc://api/index",
    "acdc://api/legacy",
    "acdc://api/notes",
    "acdc://api/rest/conventions",
    "acdc://handbook/guides/deploy",
    "acdc://handbook/guides/getting-started",
  ]);
  const conventions = result.resources[3];
  assert.deepEqual(conventions, {
    uri: "acdc://api/rest/conventions",
    name: "rest/conventions.md",
    title: "REST Conventions",
    description: "Conventions for RESTful API design, including naming, versioning and errors.",
    mimeType: "text/markdown",
    size: conventions.size,
  });
  assert.ok(conventions.size > 100);
  const types = Object.fromEntries(
    result.resources.map((r: { uri: string; mimeType: string }) => [r.uri, r.mimeType]),
  );
  assert.equal(types["acdc://api/legacy"], "text/html");
  assert.equal(types["acdc://api/notes"], "text/plain");
  assert.ok(!JSON.stringify(result).includes("secret-plan"));
});

Deno.test("resources/list: 100 per page with opaque cursors; bad cursors are -32602", async () => {
  const { manifest: hugo } = await buildFolder(`${CORPORA}/hugo-docs`);
  const { app: big } = appFor(hugo);
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { result } = await rpc(big, "resources/list", cursor ? { cursor } : {});
    assert.ok(result.resources.length <= 100);
    for (const r of result.resources) seen.add(r.uri);
    cursor = result.nextCursor;
    pages++;
  } while (cursor);
  assert.equal(seen.size, hugo.documents.length);
  assert.equal(pages, Math.ceil(hugo.documents.length / 100));
  for (const bad of ["nope", "", 5, "x".repeat(300), btoa("prompts:100")]) {
    const res = await rpc(big, "resources/list", { cursor: bad });
    assert.equal(res.error?.code, -32602, String(bad));
    assert.match(res.error.message, /^cursor: /);
  }
});

Deno.test("resources/read: body without frontmatter, HTML converted; Windows separators normalized", async () => {
  const md = await rpc(app, "resources/read", { uri: "acdc://api/rest/conventions" });
  assert.equal(md.result.contents[0].mimeType, "text/markdown");
  assert.ok(md.result.contents[0].text.startsWith("# REST Conventions"));
  const html = await rpc(app, "resources/read", { uri: "acdc://api/legacy" });
  assert.match(html.result.contents[0].text, /^# Legacy Endpoints/m);
  assert.ok(!html.result.contents[0].text.includes("track()"));
  const win = await rpc(app, "resources/read", { uri: "acdc://api\\rest\\conventions" });
  assert.equal(win.result.contents[0].text, md.result.contents[0].text);
});

Deno.test("resources/read: not found is -32002 (legacy) or -32602 with data.uri (2026-07-28)", async () => {
  for (
    const uri of [
      "acdc://handbook/secret-plan",
      "acdc://api/../handbook/secret-plan",
      "file:///etc/passwd",
      "docs://../secret-plan.md",
    ]
  ) {
    const legacy = await rpc(app, "resources/read", { uri });
    assert.equal(legacy.error.code, -32002, uri);
    assert.deepEqual(legacy.error.data, { uri });
    const modern = await rpcModern(app, "resources/read", { uri });
    assert.equal(modern.body.error.code, -32602, uri);
    assert.deepEqual(modern.body.error.data, { uri });
  }
  const bad = await rpc(app, "resources/read", { uri: 42 });
  assert.equal(bad.error.code, -32602);
  const ok = await rpcModern(app, "resources/read", { uri: "acdc://api/index" });
  assert.equal(ok.status, 200);
  // The fixture sets cache.ttlSeconds: 60; the manifest decides what is advertised.
  assert.equal(ok.body.result.ttlMs, 60_000);
  assert.equal(ok.body.result.cacheScope, "public");
});

Deno.test("resources/read: docs:// alias only when the mcp-serve profile is on", async () => {
  const on = {
    ...manifest,
    settings: { ...manifest.settings, profiles: ["mcp-serve"] },
    contentHash: "on",
  };
  const res = await rpc(appFor(on).app, "resources/read", { uri: "docs://rest/conventions.md" });
  assert.ok(res.result.contents[0].text.startsWith("# REST Conventions"));
  const off = { ...manifest, settings: { profiles: ["articles"] }, contentHash: "off" };
  assert.equal(
    (await rpc(appFor(off).app, "resources/read", { uri: "docs://rest/conventions.md" })).error
      .code,
    -32002,
  );
});

Deno.test("resources/templates/list", async () => {
  const { result } = await rpc(app, "resources/templates/list");
  assert.equal(result.resourceTemplates[0].uriTemplate, "acdc://{source}/{+path}");
});

Deno.test("no hidden fixture content in resources", async () => {
  const list = JSON.stringify(await rpc(app, "resources/list"));
  const reads = [];
  for (const r of JSON.parse(list).result.resources) {
    reads.push(JSON.stringify(await rpc(app, "resources/read", { uri: r.uri })));
  }
  for (const marker of FIXTURE_HIDDEN) assert.ok(!(list + reads.join("")).includes(marker), marker);
  assert.deepEqual(errors, []);
});
