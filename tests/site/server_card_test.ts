/**
 * The server card at `/.well-known/mcp`: public, the same tools as `tools/list`, the auth a
 * deployment needs (never its keys), and the discovery `Link` headers.
 */
import assert from "node:assert/strict";
import { appFor, buildFolder, post, ROOT } from "../helpers.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { SUPPORTED_VERSIONS } from "../../src/protocol/versions.ts";

const { manifest } = await buildFolder(`${ROOT}/content`);
const PROFILES = ["articles", "acdc", "sections", "mcp-serve", "techdoc"];

async function card(app: ReturnType<typeof appFor>["app"], url = "http://kb.test/.well-known/mcp") {
  const res = await app.request(url);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  return { link: res.headers.get("link") ?? "", body: await res.json() };
}

Deno.test("server card: the tools of tools/list, with their schemas, for every profile set", async () => {
  for (const profiles of [undefined, PROFILES, ["techdoc"]]) {
    const m: Manifest = profiles
      ? { ...manifest, settings: { ...manifest.settings, profiles } }
      : manifest;
    const { app, errors } = appFor(m);
    const listed = await post(app, { jsonrpc: "2.0", id: 1, method: "tools/list" }, {
      "content-type": "application/json",
      "mcp-protocol-version": "2025-11-25",
    });
    for (const path of ["/.well-known/mcp", "/.well-known/mcp.json"]) {
      const { body } = await card(app, `http://kb.test${path}`);
      assert.deepEqual(body.tools, listed.body.result.tools, `${profiles ?? "default"} ${path}`);
    }
    assert.deepEqual(errors, []);
  }
});

Deno.test("server card: identity, endpoint, revisions, transports, freshness", async () => {
  const { app } = appFor(manifest);
  const { body, link } = await card(app);
  assert.equal(body.name, manifest.server.name);
  assert.equal(body.version, manifest.server.version);
  assert.equal(body.endpoint, "http://kb.test/mcp", "the origin the request came to");
  assert.deepEqual(body.protocolVersions, [...SUPPORTED_VERSIONS]);
  assert.deepEqual(body.transports.map((t: { type: string }) => t.type), [
    "streamable-http",
    "sse",
  ]);
  assert.deepEqual(body.authentication, { required: false });
  assert.equal(body.freshness.builtAt, manifest.builtAt);
  assert.equal(body.llmsTxt, "http://kb.test/llms.txt");
  assert.match(link, /<\/llms\.txt>; rel="describedby"/);
  assert.match(link, /<\/\.well-known\/mcp>; rel="service-desc"/);

  const sited = appFor({
    ...manifest,
    settings: { ...manifest.settings, siteUrl: "https://docs.acme.example/kb" },
  }).app;
  const configured = (await card(sited)).body;
  assert.equal(configured.endpoint, "https://docs.acme.example/kb/mcp", "site.url wins");
});

Deno.test("server card: public under auth, states the scheme, never the keys; content stays guarded", async () => {
  const { app } = appFor(manifest, { auth: { type: "apikey", keys: ["card-secret-key"] } });
  const res = await app.request("http://kb.test/.well-known/mcp");
  assert.equal(res.status, 200);
  const text = await res.text();
  assert.ok(!text.includes("card-secret-key"));
  assert.deepEqual(JSON.parse(text).authentication, {
    required: true,
    scheme: "apiKey",
    header: "X-API-Key",
  });
  for (const path of ["/llms.txt", "/llms-full.txt", "/_shelf/md/docs/guides/deploy-netlify.md"]) {
    const denied = await app.request(`http://kb.test${path}`);
    assert.equal(denied.status, 401, `${path} needs the key like /mcp`);
    await denied.body?.cancel();
    const allowed = await app.request(`http://kb.test${path}`, {
      headers: { "x-api-key": "card-secret-key" },
    });
    assert.equal(allowed.status, 200, path);
    await allowed.body?.cancel();
  }
  const basic = appFor(manifest, { auth: { type: "basic", username: "u", password: "p" } }).app;
  assert.equal((await card(basic)).body.authentication.scheme, "basic");
});

Deno.test("discovery Link headers on /health and /", async () => {
  const { app } = appFor(manifest);
  for (const path of ["/health", "/"]) {
    const res = await app.request(`http://kb.test${path}`);
    assert.equal(res.status, 200);
    assert.equal(
      res.headers.get("link"),
      '</llms.txt>; rel="describedby"; type="text/plain", ' +
        '</.well-known/mcp>; rel="service-desc"; type="application/json"',
      path,
    );
    await res.body?.cancel();
  }
  const twin = await app.request("http://kb.test/_shelf/md/docs/guides/deploy-netlify.md");
  assert.equal(
    twin.headers.get("link"),
    '<http://kb.test/llms.txt>; rel="describedby"; type="text/plain"',
  );
  await twin.body?.cancel();
});
