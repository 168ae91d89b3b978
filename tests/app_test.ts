import assert from "node:assert/strict";
import {
  appFor,
  DEFAULT_TOOLS,
  manifestOf,
  MODERN_META,
  modernHeaders,
  post,
  testWithoutInternalErrors,
} from "./helpers.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [
    {
      path: "guides/alpha.md",
      text: "---\ntitle: Alpha\nstatus: Live\nlastUpdated: 2025-01-02\n---\n# Alpha\nBody",
    },
    { path: "guides/beta.md", text: "---\ntitle: Beta\nstatus: Draft\n---\n# Beta" },
  ],
}]);
const { app, errors } = appFor(manifest);

/** Each test also asserts that it caused no internal error. */
const test = testWithoutInternalErrors(errors);
const JSON_ONLY = { "content-type": "application/json" };
const LEGACY = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

test("initialize: every legacy version is echoed, others answer 2025-11-25", async () => {
  for (const v of [...LEGACY, "2026-07-28", "1999-01-01"]) {
    const res = await post(app, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("mcp-session-id"), null, "stateless: no session minted");
    assert.deepEqual(res.body, {
      jsonrpc: "2.0",
      id: 1,
      result: {
        protocolVersion: LEGACY.includes(v) ? v : "2025-11-25",
        capabilities: {
          tools: { listChanged: false },
          resources: { subscribe: false, listChanged: false },
          prompts: { listChanged: false },
          completions: {},
          logging: {},
        },
        serverInfo: { name: "test-kb", version: "9.9.9" },
        // Freshness (issue 13): when the content was built, in the instructions and _meta.
        instructions: `Content built ${manifest.builtAt}.`,
        _meta: { "io.github.shelf/freshness": { builtAt: manifest.builtAt } },
      },
    });
  }
});

test("notifications and client responses are accepted with 202 and no body", async () => {
  for (
    const body of [
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
      { jsonrpc: "2.0", id: 5, result: {} },
    ]
  ) {
    const res = await post(app, body);
    assert.equal(res.status, 202);
    assert.equal(res.body, undefined);
  }
});

test("ping answers {}", async () => {
  const res = await post(app, { jsonrpc: "2.0", id: "p", method: "ping" });
  assert.deepEqual(res.body, { jsonrpc: "2.0", id: "p", result: {} });
});

test("tools/list: outputSchema and title only from 2025-06-18", async () => {
  for (const v of LEGACY) {
    const res = await post(app, { jsonrpc: "2.0", id: 1, method: "tools/list" }, {
      ...JSON_ONLY,
      "mcp-protocol-version": v,
    });
    const tools = res.body.result.tools;
    assert.deepEqual(tools.map((t: { name: string }) => t.name), DEFAULT_TOOLS);
    const structured = v >= "2025-06-18";
    assert.equal("outputSchema" in tools[0], structured, v);
    assert.equal("title" in tools[0], structured, v);
    assert.deepEqual(tools[0].inputSchema.properties.category.enum, ["guides"]);
  }
});

test("tools/call: structuredContent from 2025-06-18, text JSON always", async () => {
  const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_articles" } };
  const old = await post(app, call, { ...JSON_ONLY, "mcp-protocol-version": "2025-03-26" });
  assert.equal(old.body.result.structuredContent, undefined);
  const parsed = JSON.parse(old.body.result.content[0].text);
  assert.deepEqual(parsed.articles.map((a: { slug: string }) => a.slug), ["alpha"]);
  const recent = await post(app, call, { ...JSON_ONLY, "mcp-protocol-version": "2025-11-25" });
  assert.deepEqual(recent.body.result.structuredContent, parsed);
});

test("legacy errors: unsupported header version 400 -32022, unknown method -32601", async () => {
  const bad = await post(app, { jsonrpc: "2.0", id: 1, method: "ping" }, {
    ...JSON_ONLY,
    "mcp-protocol-version": "2030-01-01",
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, -32022);
  assert.deepEqual(bad.body.error.data.requested, "2030-01-01");
  const unknown = await post(app, { jsonrpc: "2.0", id: 2, method: "nope/nothing" });
  assert.equal(unknown.status, 200);
  assert.deepEqual(unknown.body.error, {
    code: -32601,
    message: "Method 'nope/nothing' not found",
  });
  const discover = await post(app, { jsonrpc: "2.0", id: 3, method: "server/discover" });
  assert.equal(discover.body.error.code, -32601, "server/discover needs the modern _meta");
});

test("tools/call protocol errors: unknown tool and bad arguments are -32602", async () => {
  const unknown = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "no_such_tool" },
  });
  assert.equal(unknown.body.error.code, -32602);
  assert.match(unknown.body.error.message, /Unknown tool: no_such_tool/);
  const args = await post(app, {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "get_article", arguments: "slug" },
  });
  assert.equal(args.body.error.code, -32602);
  const missing = await post(app, { jsonrpc: "2.0", id: 3, method: "tools/call", params: {} });
  assert.equal(missing.body.error.code, -32602);
});

test("batches: allowed up to 2025-03-26, refused after; empty batch refused", async () => {
  const batch = [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "nope" },
    { jsonrpc: "2.0", id: 3 },
  ];
  const ok = await post(app, batch);
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.body.map((r: { id: unknown }) => r.id), [1, 2, 3]);
  assert.deepEqual(ok.body[0].result, {});
  assert.equal(ok.body[1].error.code, -32601);
  assert.equal(ok.body[2].error.code, -32600);
  const notes = await post(app, [{ jsonrpc: "2.0", method: "notifications/initialized" }]);
  assert.equal(notes.status, 202);
  const refused = await post(app, batch, { ...JSON_ONLY, "mcp-protocol-version": "2025-06-18" });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error.code, -32600);
  const empty = await post(app, []);
  assert.equal(empty.status, 400);
});

test("modern: server/discover", async () => {
  const res = await post(app, {
    jsonrpc: "2.0",
    id: "d",
    method: "server/discover",
    params: { _meta: MODERN_META },
  }, modernHeaders("server/discover"));
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    jsonrpc: "2.0",
    id: "d",
    result: {
      supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: `Content built ${manifest.builtAt}.`,
      _meta: {
        "io.github.shelf/freshness": { builtAt: manifest.builtAt },
        "io.modelcontextprotocol/serverInfo": { name: "test-kb", version: "9.9.9" },
      },
      resultType: "complete",
      ttlMs: 300000,
      cacheScope: "public",
    },
  });
});

test("modern: tools/list is cacheable, tools/call is not", async () => {
  const list = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: MODERN_META },
  }, modernHeaders("tools/list"));
  assert.equal(list.body.result.resultType, "complete");
  assert.equal(list.body.result.ttlMs, 300000);
  assert.equal(list.body.result.cacheScope, "public");
  assert.ok(list.body.result.tools[0].outputSchema);
  const call = await post(app, {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "get_article", arguments: { slug: "alpha" }, _meta: MODERN_META },
  }, modernHeaders("tools/call", "get_article"));
  assert.equal(call.status, 200);
  assert.equal(call.body.result.resultType, "complete");
  assert.equal(call.body.result.ttlMs, undefined);
  assert.equal(call.body.result.structuredContent.slug, "alpha");
  assert.deepEqual(call.body.result._meta, {
    "io.modelcontextprotocol/serverInfo": { name: "test-kb", version: "9.9.9" },
  });
});

test("modern: unsupported version, header mismatches, unknown method", async () => {
  const meta = (v: string) => ({ ...MODERN_META, "io.modelcontextprotocol/protocolVersion": v });
  const unsupported = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: meta("2030-01-01") },
  }, { ...modernHeaders("tools/list"), "mcp-protocol-version": "2030-01-01" });
  assert.equal(unsupported.status, 400);
  assert.equal(unsupported.body.error.code, -32022);
  assert.deepEqual(unsupported.body.error.data, {
    supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
    requested: "2030-01-01",
  });
  const call = (headers: Record<string, string>) =>
    post(app, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "get_article", arguments: { slug: "alpha" }, _meta: MODERN_META },
    }, headers);
  for (
    const headers of [
      modernHeaders("tools/call"),
      modernHeaders("tools/call", "list_articles"),
      modernHeaders("tools/list", "get_article"),
      { ...modernHeaders("tools/call", "get_article"), "mcp-protocol-version": "2025-11-25" },
      JSON_ONLY,
    ]
  ) {
    const res = await call(headers);
    assert.equal(res.status, 400, JSON.stringify(headers));
    assert.equal(res.body.error.code, -32020);
    assert.equal(res.body.id, 2);
  }
  const b64 = await call(modernHeaders("tools/call", `=?base64?${btoa("get_article")}?=`));
  assert.equal(b64.status, 200);
  const noMeta = await post(
    app,
    { jsonrpc: "2.0", id: 3, method: "tools/list" },
    modernHeaders("tools/list"),
  );
  // 2026-07-28 requires the _meta fields: their absence is -32602 (basic/index.mdx), not -32020.
  assert.equal(noMeta.status, 400);
  assert.equal(noMeta.body.error.code, -32602);
  for (const method of ["resources/subscribe", "initialize", "ping"]) {
    const res = await post(app, {
      jsonrpc: "2.0",
      id: 4,
      method,
      params: { _meta: MODERN_META },
    }, modernHeaders(method));
    assert.equal(res.status, 404, method);
    assert.equal(res.body.error.code, -32601);
  }
});

test("HTTP: content type, size, parse errors, invalid requests", async () => {
  const text = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "{}",
  });
  assert.equal(text.status, 415);
  assert.equal((await text.json()).error.code, -32600);
  const { app: small } = appFor(manifest, { maxBodyBytes: 100 });
  const big = await post(small, {
    jsonrpc: "2.0",
    id: 1,
    method: "ping",
    params: { x: "y".repeat(200) },
  });
  assert.equal(big.status, 413);
  const parse = await post(app, "{not json");
  assert.equal(parse.status, 400);
  assert.deepEqual(parse.body, {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32700, message: "Parse error: the body is not valid JSON" },
  });
  const invalid = await post(app, { jsonrpc: "2.0", id: 9, method: 1 });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.id, 9);
  assert.equal(invalid.body.error.code, -32600);
  const charset = await post(app, { jsonrpc: "2.0", id: 1, method: "ping" }, {
    "content-type": "application/json; charset=utf-8",
  });
  assert.equal(charset.status, 200);
});

test("HTTP: GET and DELETE on the endpoint are 405; /mcp/ is served; unknown paths 404", async () => {
  for (const method of ["GET", "DELETE"]) {
    for (const path of ["/mcp", "/mcp/"]) {
      const res = await app.request(path, {
        method,
        headers: { "mcp-protocol-version": "2025-11-25", accept: "text/event-stream" },
      });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get("allow"), "POST, OPTIONS");
      assert.equal((await res.json()).error.code, -32600);
    }
  }
  const slash = await post(app, { jsonrpc: "2.0", id: 1, method: "ping" }, JSON_ONLY, "/mcp/");
  assert.equal(slash.status, 200);
  const missing = await app.request("/nowhere");
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
});

test("HTTP: lenient Accept; SSE only when the client accepts only text/event-stream", async () => {
  for (
    const accept of [
      "",
      "*/*",
      "application/json",
      "text/html",
      "application/json, text/event-stream",
    ]
  ) {
    const res = await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", ...(accept ? { accept } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    assert.equal(res.headers.get("content-type"), "application/json", accept);
    await res.body?.cancel();
  }
  const sse = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }),
  });
  assert.equal(sse.headers.get("content-type"), "text/event-stream");
  assert.equal(sse.headers.get("x-accel-buffering"), "no");
  assert.equal(await sse.text(), 'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n');
});

test("HTTP: CORS preflight, exposed headers, and forbidden origins", async () => {
  const pre = await app.request("/mcp", {
    method: "OPTIONS",
    headers: { origin: "https://inspector.example", "access-control-request-method": "POST" },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get("access-control-allow-origin"), "https://inspector.example");
  assert.match(pre.headers.get("access-control-allow-headers")!, /Mcp-Method/);
  const real = await post(app, { jsonrpc: "2.0", id: 1, method: "ping" }, {
    ...JSON_ONLY,
    origin: "https://inspector.example",
  });
  assert.equal(real.headers.get("access-control-allow-origin"), "https://inspector.example");
  assert.match(real.headers.get("access-control-expose-headers")!, /MCP-Protocol-Version/);
  const { app: locked } = appFor(manifest, { allowedOrigins: ["https://ok.example"] });
  const evil = await post(locked, { jsonrpc: "2.0", id: 1, method: "ping" }, {
    ...JSON_ONLY,
    origin: "https://evil.example",
  });
  assert.equal(evil.status, 403);
  assert.equal(evil.body.error.code, -32600);
  const fine = await post(locked, { jsonrpc: "2.0", id: 1, method: "ping" }, {
    ...JSON_ONLY,
    origin: "https://ok.example",
  });
  assert.equal(fine.status, 200);
});

test("GET /health", async () => {
  const res = await app.request("/health");
  const body = await res.json();
  assert.equal(res.status, 200);
  assert.equal(body.status, "ok");
  assert.equal(body.documents, 1);
  assert.equal(body.service, "test-kb");
});
