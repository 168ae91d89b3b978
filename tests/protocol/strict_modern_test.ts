/**
 * 2026-07-28 as written, and JSON-RPC ids as the specification allows them: strings and
 * integers, echoed exactly however large.
 */
import assert from "node:assert/strict";
import { appFor, manifestOf, MODERN_META, modernHeaders, post } from "../helpers.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [{ path: "a.md", text: "# A" }],
}]);
const { app } = appFor(manifest);
const LEGACY = { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" };

Deno.test("2026-07-28: required _meta fields are -32602 with HTTP 400", async () => {
  const cases = [
    {},
    { "io.modelcontextprotocol/clientCapabilities": {} },
    { "io.modelcontextprotocol/protocolVersion": "2026-07-28" },
    { ...MODERN_META, "io.modelcontextprotocol/clientCapabilities": "all" },
  ];
  for (const meta of cases) {
    const res = await post(app, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/list",
      params: { _meta: meta },
    }, modernHeaders("tools/list"));
    assert.equal(res.status, 400, JSON.stringify(meta));
    assert.equal(res.body.error.code, -32602, JSON.stringify(meta));
    assert.equal(res.body.id, 7);
  }
  const withoutClientInfo = { ...MODERN_META } as Record<string, unknown>;
  delete withoutClientInfo["io.modelcontextprotocol/clientInfo"];
  const ok = await post(app, {
    jsonrpc: "2.0",
    id: 8,
    method: "tools/list",
    params: { _meta: withoutClientInfo },
  }, modernHeaders("tools/list"));
  assert.equal(ok.status, 200, "clientInfo is a SHOULD, never required");
});

Deno.test("2026-07-28: a header naming it with another _meta version is -32020", async () => {
  const res = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "2025-11-25" } },
  }, modernHeaders("tools/list"));
  assert.equal(res.status, 400);
  assert.equal(res.body.error.code, -32020);
});

Deno.test("ids: strings and integers only; an integer past 2^53 comes back exactly", async () => {
  const bad = await post(app, { jsonrpc: "2.0", id: 1.5, method: "ping" }, LEGACY);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, -32600);
  const res = await app.request("/mcp", {
    method: "POST",
    headers: LEGACY,
    body: '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
  });
  assert.equal(await res.text(), '{"jsonrpc":"2.0","id":9007199254740993,"result":{}}');
});

Deno.test("resources/templates/list refuses a cursor it did not issue", async () => {
  const res = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "resources/templates/list",
    params: { cursor: "bogus" },
  }, LEGACY);
  assert.equal(res.body.error.code, -32602);
});
