/** Authentication, Origin and Host guards, body limits, health endpoints and request logs. */
import assert from "node:assert/strict";
import { appFor, listen, loopbackAppFor, manifestOf, post } from "./helpers.ts";
import type { RequestLog } from "../src/app.ts";
import {
  checkAuth,
  isLoopback,
  LOOPBACK_ORIGINS,
  originAllowed,
  timingSafeEqual,
} from "../src/transport/guards.ts";
import { CONFORMANCE, CONFORMANCE_NEXT, runScenario } from "./e2e/run_conformance.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [{ path: "a.md", text: "# A" }],
}]);
const PING = { jsonrpc: "2.0", id: 1, method: "ping" };
const JSON_CT = { "content-type": "application/json" };
const basic = (u: string, p: string) => `Basic ${btoa(`${u}:${p}`)}`;

Deno.test("auth: every mode with right, wrong and missing credentials", async () => {
  const modes = [
    {
      auth: { type: "basic" as const, username: "ann", password: "s3cret" },
      right: { authorization: basic("ann", "s3cret") },
      wrong: [{ authorization: basic("ann", "nope") }, { authorization: basic("bob", "s3cret") }, {
        authorization: "Basic !!!",
      }],
      challenge: /^Basic realm="shelf"/,
    },
    {
      auth: { type: "apikey" as const, keys: ["k-one", "k-two"] },
      right: { "x-api-key": "k-two" },
      wrong: [{ "x-api-key": "k-three" }, { authorization: "Bearer k-one" }],
      challenge: /^ApiKey header="X-API-Key"$/,
    },
    {
      auth: { type: "bearer" as const, keys: ["tok"] },
      right: { authorization: "Bearer tok" },
      wrong: [{ authorization: "Bearer nope" }, { "x-api-key": "tok" }, { authorization: "tok" }],
      challenge: /^Bearer realm="shelf"$/,
    },
  ];
  for (const mode of modes) {
    const { app } = appFor(manifest, { auth: mode.auth, sse: { channel: null } });
    const ok = await post(app, PING, { ...JSON_CT, ...mode.right });
    assert.equal(ok.status, 200, mode.auth.type);
    for (const headers of [{}, ...mode.wrong]) {
      const res = await post(app, PING, { ...JSON_CT, ...headers });
      assert.equal(res.status, 401, `${mode.auth.type} ${JSON.stringify(headers)}`);
      assert.match(res.headers.get("www-authenticate")!, mode.challenge);
      assert.equal(res.body.error.code, -32600);
      assert.equal(res.body.jsonrpc, "2.0");
    }
    // Every transport route is protected; health and preflight are public.
    for (
      const [path, init] of [["/sse", {}], ["/messages?sessionId=x", { method: "POST" }], ["/mcp", {
        method: "GET",
        headers: { accept: "text/event-stream" },
      }]] as const
    ) {
      const res = await app.request(path, init);
      assert.equal(res.status, 401, `${mode.auth.type} ${path}`);
      await res.body?.cancel();
    }
    const sse = await app.request("/sse", { headers: mode.right });
    assert.equal(sse.status, 200);
    await sse.body?.cancel();
    for (const path of ["/health", "/"]) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      await res.body?.cancel();
    }
    const preflight = await app.request("/mcp", {
      method: "OPTIONS",
      headers: { origin: "https://x.example" },
    });
    assert.equal(preflight.status, 204);
    app.shutdown();
  }
});

Deno.test("auth: credentials never reach the logs", async () => {
  const logs: RequestLog[] = [];
  const { app } = appFor(manifest, {
    auth: { type: "bearer", keys: ["super-secret-token"] },
    log: (e) => logs.push(e),
  });
  await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "get_article", arguments: { slug: "a" } },
  }, {
    ...JSON_CT,
    authorization: "Bearer super-secret-token",
  });
  await post(app, PING, { ...JSON_CT, authorization: "Bearer wrong-secret" });
  assert.equal(logs.length, 2);
  assert.deepEqual(
    { ...logs[0], time: "", durationMs: 0 },
    {
      time: "",
      method: "POST",
      path: "/mcp",
      status: 200,
      durationMs: 0,
      rpc: "tools/call",
      name: "get_article",
    },
  );
  assert.equal(logs[1]!.status, 401);
  assert.ok(!JSON.stringify(logs).includes("secret"));
});

Deno.test("guards: constant-time compare, loopback hosts, origin patterns", () => {
  assert.ok(timingSafeEqual("", "") && !timingSafeEqual("a", "") && !timingSafeEqual("ab", "abc"));
  for (
    const h of ["localhost", "LOCALHOST:3000", "127.0.0.1:8080", "[::1]:8080", "::1", "127.0.0.2"]
  ) {
    assert.ok(isLoopback(h), h);
  }
  for (
    const h of [
      "evil.example.com",
      "localhost.evil.com",
      "127.0.0.1.evil.com",
      "128.0.0.1",
      "0.0.0.0",
      "[::2]",
    ]
  ) {
    assert.ok(!isLoopback(h), h);
  }
  assert.ok(originAllowed("http://localhost:6274", LOOPBACK_ORIGINS));
  assert.ok(originAllowed("http://127.0.0.1", LOOPBACK_ORIGINS));
  assert.ok(!originAllowed("http://localhost.evil.com", LOOPBACK_ORIGINS));
  assert.ok(!originAllowed("http://localhost:80x", LOOPBACK_ORIGINS));
  assert.equal(checkAuth(new Headers(), { type: "none" }), undefined);
});

Deno.test("Origin and Host: 403 for foreign origins and, on loopback, foreign hosts", async () => {
  const { app } = loopbackAppFor(manifest);
  const cases: [Record<string, string>, number][] = [
    [{ host: "localhost:8080" }, 200],
    [{ host: "127.0.0.1:8080", origin: "http://localhost:6274" }, 200],
    [{ host: "evil.example.com" }, 403],
    [{ host: "localhost:8080", origin: "http://evil.example.com" }, 403],
    [{ host: "localhost:8080", origin: "null" }, 403],
  ];
  for (const [headers, status] of cases) {
    const res = await post(app, PING, { ...JSON_CT, ...headers });
    assert.equal(res.status, status, JSON.stringify(headers));
    if (status === 403) assert.equal(res.body.error.code, -32600);
  }
});

for (const suite of [CONFORMANCE, CONFORMANCE_NEXT]) {
  Deno.test(`conformance: dns-rebinding-protection against a loopback server (${suite.split("@").at(-1)})`, async () => {
    const { app } = loopbackAppFor(manifest);
    const server = listen(app);
    try {
      await runScenario(server.url, "dns-rebinding-protection", { suite });
    } finally {
      await server.close();
    }
  });
}

Deno.test("body limit: 413 on /mcp and on /messages for an open session", async () => {
  const { app } = appFor(manifest, { maxBodyBytes: 2048, sse: { channel: null } });
  const big = JSON.stringify({ ...PING, params: { pad: "x".repeat(5000) } });
  assert.equal((await post(app, big)).status, 413);
  const stream = await app.request("/sse");
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let head = "";
  while (!head.includes("\n\n")) head += (await reader.read()).value;
  const endpoint = /data: (\S+)/.exec(head)![1]!;
  const res = await app.request(endpoint, { method: "POST", headers: JSON_CT, body: big });
  assert.equal(res.status, 413);
  await res.body?.cancel();
  // A post for no session is refused before its body is read, whatever its size.
  const none = await app.request("/messages?sessionId=x", {
    method: "POST",
    headers: JSON_CT,
    body: big,
  });
  assert.equal(none.status, 404);
  await none.body?.cancel();
  await reader.cancel();
  app.shutdown();
});

Deno.test("GET / answers the TechDoc health shape", async () => {
  const { app } = appFor(manifest);
  const res = await app.request("/", { headers: { accept: "application/json" } });
  assert.deepEqual(await res.json(), {
    status: "healthy",
    service: "test-kb",
    version: "9.9.9",
    protocol: "MCP 2025-11-25",
    endpoint: "/mcp",
  });
});

Deno.test("POST /mcp is answered directly, with the same rules as the routed path", async () => {
  const logs: RequestLog[] = [];
  const { app } = loopbackAppFor(manifest, {
    allowedOrigins: ["https://ok.example"],
    auth: { type: "bearer", keys: ["tok"] },
    log: (e) => logs.push(e),
  });
  const cases: Record<string, string>[] = [
    { host: "localhost", authorization: "Bearer tok" },
    { host: "localhost", authorization: "Bearer tok", origin: "https://ok.example" },
    { host: "localhost", authorization: "Bearer no", origin: "https://ok.example" },
    { host: "localhost", authorization: "Bearer tok", origin: "https://evil.example" },
    { host: "evil.example", authorization: "Bearer tok", origin: "https://ok.example" },
    { host: "localhost", authorization: "Bearer tok", "content-type": "text/plain" },
  ];
  for (const headers of cases) {
    // `/mcp` takes the direct path; `/mcp?via=router` the Hono route and middlewares.
    const direct = await post(app, PING, { ...JSON_CT, ...headers }, "/mcp");
    const routed = await post(app, PING, { ...JSON_CT, ...headers }, "/mcp?via=router");
    assert.equal(direct.status, routed.status, JSON.stringify(headers));
    assert.deepEqual(direct.body, routed.body, JSON.stringify(headers));
    for (const h of ["access-control-allow-origin", "www-authenticate", "content-type", "vary"]) {
      assert.equal(direct.headers.get(h), routed.headers.get(h), `${h} ${JSON.stringify(headers)}`);
    }
  }
  const statuses = logs.map((l) => l.status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 401, 401, 403, 403, 403, 403, 415, 415]);
  assert.deepEqual(logs.map((l) => l.path), logs.map(() => "/mcp"));
  assert.equal(logs[0]!.rpc, "ping");
});
