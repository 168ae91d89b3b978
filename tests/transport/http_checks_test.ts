import assert from "node:assert/strict";
import {
  checkModernHeaders,
  decodeHeaderValue,
  isJsonContentType,
  wantsEventStream,
} from "../../src/transport/http_checks.ts";
import { corsHeaders, isOriginAllowed } from "../../src/transport/cors.ts";

Deno.test("isJsonContentType", () => {
  assert.ok(isJsonContentType("application/json"));
  assert.ok(isJsonContentType("Application/JSON; charset=UTF-8"));
  assert.ok(isJsonContentType("application/vnd.api+json"));
  for (
    const t of [null, "", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
  ) {
    assert.ok(!isJsonContentType(t), String(t));
  }
});

Deno.test("wantsEventStream: only when SSE is the sole acceptable type", () => {
  assert.ok(wantsEventStream("text/event-stream"));
  assert.ok(wantsEventStream("text/event-stream;q=1, text/plain"));
  for (
    const a of [
      null,
      "",
      "*/*",
      "application/json",
      "application/json, text/event-stream",
      "text/event-stream, */*",
    ]
  ) {
    assert.ok(!wantsEventStream(a), String(a));
  }
});

Deno.test("decodeHeaderValue: Base64 sentinel", () => {
  assert.equal(decodeHeaderValue("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="), "=?base64?literal?=");
  assert.equal(decodeHeaderValue("=?base64?IHBhZGRlZCA=?="), " padded ");
  assert.equal(decodeHeaderValue("=?base64?!!!?="), undefined);
  assert.equal(decodeHeaderValue("=?base64?/w==?="), undefined, "not UTF-8");
});

Deno.test("checkModernHeaders: each rule", () => {
  const msg = {
    jsonrpc: "2.0" as const,
    id: 1,
    method: "tools/call",
    params: { name: "get_article" },
  };
  const h = (o: Record<string, string>) => new Headers(o);
  const ok = {
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": "get_article",
  };
  assert.equal(checkModernHeaders(h(ok), msg, "2026-07-28"), undefined);
  assert.equal(
    checkModernHeaders(h({ ...ok, "mcp-name": "=?base64?Z2V0X2FydGljbGU=?=" }), msg, "2026-07-28"),
    undefined,
  );
  const bad: [Record<string, string>, RegExp][] = [
    [
      { "mcp-method": "tools/call", "mcp-name": "get_article" },
      /MCP-Protocol-Version header is required/,
    ],
    [{ ...ok, "mcp-protocol-version": "2025-11-25" }, /does not match _meta/],
    [
      { "mcp-protocol-version": "2026-07-28", "mcp-name": "get_article" },
      /Mcp-Method header is required/,
    ],
    [{ ...ok, "mcp-method": "tools/list" }, /does not match body method/],
    [
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call" },
      /Mcp-Name header is required/,
    ],
    [{ ...ok, "mcp-name": "search" }, /Mcp-Name header value does not match/],
    [{ ...ok, "mcp-name": "=?base64?***?=" }, /invalid Base64/],
  ];
  for (const [headers, pattern] of bad) {
    const e = checkModernHeaders(h(headers), msg, "2026-07-28");
    assert.equal(e?.code, -32020);
    assert.match(e!.message, pattern);
  }
  const list = { jsonrpc: "2.0" as const, id: 2, method: "tools/list" };
  assert.equal(
    checkModernHeaders(
      h({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" }),
      list,
      "2026-07-28",
    ),
    undefined,
    "Mcp-Name is only required where the method names something",
  );
});

Deno.test("origin checks and CORS headers", () => {
  assert.ok(isOriginAllowed(null, []));
  assert.ok(!isOriginAllowed("https://evil.example", []));
  assert.ok(isOriginAllowed("https://a.example/", ["https://a.example"]));
  assert.deepEqual(corsHeaders(null, ["*"], true), {});
  assert.deepEqual(corsHeaders("https://evil.example", ["https://a.example"], false), {});
  const pre = corsHeaders("https://a.example", ["https://a.example"], true);
  assert.equal(pre["access-control-allow-origin"], "https://a.example");
  for (
    const name of [
      "Mcp-Method",
      "Mcp-Name",
      "MCP-Protocol-Version",
      "Authorization",
      "X-API-Key",
      "Last-Event-ID",
    ]
  ) {
    assert.ok(pre["access-control-allow-headers"]!.includes(name), name);
  }
  assert.ok(corsHeaders("https://a.example", ["*"], false)["access-control-expose-headers"]);
});
