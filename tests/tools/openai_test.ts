/**
 * The `openai` profile on `/mcp/openai`: ChatGPT's `search` and `fetch` in the shapes OpenAI
 * documents, citable URLs, the answer budget, and the same door as `/mcp`.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { appFor, manifestOf, post } from "../helpers.ts";

const HEADERS = { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" };

async function kb(profiles: string[], extra: Record<string, unknown> = {}) {
  const built = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      { path: "guides/deploy.md", text: "# Deploying\n\nPush to main; the site rebuilds." },
      { path: "long.md", text: "# Long\n\n" + "Paragraph of text about deploys.\n\n".repeat(3000) },
    ],
  }]);
  const manifest = { ...built, settings: { ...built.settings, profiles } };
  return appFor(manifest, { sse: { channel: null }, ...extra });
}

const call = async (app: any, name: string, args: Record<string, unknown>, extra = {}) =>
  await post(
    app,
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
    { ...HEADERS, ...extra, host: "kb.example" },
    "/mcp/openai",
  );

Deno.test("openai: search and fetch in OpenAI's shapes, with citable URLs", async () => {
  const { app, errors } = await kb(["acdc", "openai"]);
  const list = await post(
    app,
    { jsonrpc: "2.0", id: 1, method: "tools/list" },
    HEADERS,
    "/mcp/openai",
  );
  assert.deepEqual(list.body.result.tools.map((t: any) => t.name), ["search", "fetch"]);
  const found = JSON.parse(
    (await call(app, "search", { query: "deploying" })).body.result.content[0].text,
  );
  assert.deepEqual(found.results[0], {
    id: "acdc://docs/guides/deploy",
    title: "Deploying",
    url: "http://kb.example/_shelf/md/docs/guides/deploy.md",
  });
  const doc = JSON.parse(
    (await call(app, "fetch", { id: "acdc://docs/guides/deploy" })).body.result.content[0].text,
  );
  assert.equal(doc.title, "Deploying");
  assert.match(doc.text, /Push to main/);
  assert.equal(doc.url, "http://kb.example/_shelf/md/docs/guides/deploy.md");
  assert.equal(doc.metadata.source, "docs");
  // A long document comes in parts within the answer budget.
  const part = JSON.parse(
    (await call(app, "fetch", { id: "acdc://docs/long" })).body.result.content[0].text,
  );
  assert.ok(part.text.length < 30_000 && part.metadata.nextOffset > 0);
  const next = JSON.parse(
    (await call(app, "fetch", { id: "acdc://docs/long", offset: part.metadata.nextOffset })).body
      .result.content[0].text,
  );
  assert.equal(next.metadata.offset, part.metadata.nextOffset);
  const missing = await call(app, "fetch", { id: "acdc://docs/nope" });
  assert.equal(missing.body.result.isError, true);
  // /mcp keeps the ACDC search.
  const acdc = await post(app, { jsonrpc: "2.0", id: 1, method: "tools/list" }, HEADERS);
  assert.ok(acdc.body.result.tools.every((t: any) => t.name !== "fetch"));
  assert.deepEqual(errors, []);
  app.shutdown();
});

Deno.test("openai: 404 while the profile is off; behind the same authentication as /mcp", async () => {
  const off = await kb(["acdc"]);
  const res = await call(off.app, "search", { query: "deploying" });
  assert.equal(res.status, 404);
  off.app.shutdown();
  const locked = await kb(["openai"], { auth: { type: "apikey", keys: ["k"] } });
  assert.equal((await call(locked.app, "search", { query: "deploying" })).status, 401);
  assert.equal(
    (await call(locked.app, "search", { query: "deploying" }, { "x-api-key": "k" })).status,
    200,
  );
  locked.app.shutdown();
});
