import assert from "node:assert/strict";
import { appFor, manifestOf } from "../helpers.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [{ path: "a.md", text: "# Alpha\nbody" }],
}]);

/** An SSE event reader over a response: `next()` gives the next event (comments skipped). */
function sse(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: string }> {
      for (;;) {
        const i = buffer.indexOf("\n\n");
        if (i !== -1) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (block.startsWith(":")) continue;
          return {
            event: /^event: (.*)$/m.exec(block)?.[1] ?? "message",
            data: /^data: (.*)$/m.exec(block)?.[1] ?? "",
          };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

const postJson = (
  app: { request: (p: string, i: RequestInit) => Response | Promise<Response> },
  path: string,
  body: unknown,
) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

Deno.test("SSE: endpoint event first, POST answers 202, response arrives as event: message", async () => {
  const { app, errors } = appFor(manifest, { sse: { channel: null } });
  for (
    const [path, headers] of [["/sse", {}], ["/mcp", { accept: "text/event-stream" }]] as const
  ) {
    const res = await app.request(path, { headers });
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    assert.equal(res.headers.get("x-accel-buffering"), "no");
    const stream = sse(res);
    const first = await stream.next();
    assert.equal(first.event, "endpoint");
    assert.match(first.data, /^\/messages\?sessionId=[0-9a-f-]{36}$/);
    const post = await postJson(app, first.data, {
      jsonrpc: "2.0",
      id: 7,
      method: "initialize",
      params: { protocolVersion: "2025-06-18" },
    });
    assert.equal(post.status, 202);
    const reply = await stream.next();
    assert.equal(reply.event, "message");
    assert.equal(JSON.parse(reply.data).result.protocolVersion, "2025-06-18");
    // The same session through POST /mcp?sessionId=…, now in the negotiated era.
    const viaMcp = await postJson(app, first.data.replace("/messages", "/mcp"), {
      jsonrpc: "2.0",
      id: 8,
      method: "tools/call",
      params: { name: "get_article", arguments: { slug: "a" } },
    });
    assert.equal(viaMcp.status, 202);
    const tool = JSON.parse((await stream.next()).data);
    assert.equal(tool.id, 8);
    assert.equal(
      tool.result.structuredContent.slug,
      "a",
      "2025-06-18 session gets structuredContent",
    );
    const bad = await postJson(app, first.data, "{not json");
    assert.equal(bad.status, 202);
    assert.equal(JSON.parse((await stream.next()).data).error.code, -32700);
    await stream.cancel();
  }
  app.shutdown();
  assert.deepEqual(errors, []);
});

Deno.test("SSE: unknown session 404, missing sessionId 400, stream cap 503, closed streams freed", async () => {
  const { app } = appFor(manifest, { sse: { maxStreams: 2, channel: null } });
  const unknown = await postJson(
    app,
    "/messages?sessionId=00000000-0000-0000-0000-000000000000",
    "{}",
  );
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).error.code, -32600);
  const missing = await postJson(app, "/messages", "{}");
  assert.equal(missing.status, 400);
  await missing.body?.cancel();
  const a = sse(await app.request("/sse"));
  const b = sse(await app.request("/sse"));
  const endpoint = (await a.next()).data;
  await b.next();
  const c = await app.request("/sse");
  assert.equal(c.status, 503);
  await c.body?.cancel();
  await a.cancel();
  const gone = await postJson(app, endpoint, "{}");
  assert.equal(gone.status, 404, "a stream closed by the client frees its session at once");
  await gone.body?.cancel();
  const d = await app.request("/sse");
  assert.equal(d.status, 200, "and its slot");
  await d.body!.cancel();
  await b.cancel();
  app.shutdown();
});

Deno.test("SSE: GET /mcp with MCP headers is still 405", async () => {
  const { app } = appFor(manifest, { sse: { channel: null } });
  const res = await app.request("/mcp", {
    headers: { accept: "text/event-stream", "mcp-protocol-version": "2025-11-25" },
  });
  assert.equal(res.status, 405);
  await res.body?.cancel();
  app.shutdown();
});

Deno.test("SSE relay: a POST to the isolate without the stream reaches the one that has it", async () => {
  const channel = `relay-test-${crypto.randomUUID()}`;
  const { app: holder } = appFor(manifest, { sse: { channel } });
  const { app: other } = appFor(manifest, { sse: { channel } });
  const stream = sse(await holder.request("/sse"));
  const endpoint = (await stream.next()).data;
  const post = await postJson(other, endpoint, { jsonrpc: "2.0", id: "r", method: "ping" });
  assert.equal(post.status, 202, "relayed and acknowledged");
  assert.deepEqual(JSON.parse((await stream.next()).data), { jsonrpc: "2.0", id: "r", result: {} });
  const lost = await other.request("/messages?sessionId=11111111-1111-1111-1111-111111111111", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  assert.equal(lost.status, 404, "nobody holds it: no acknowledgement");
  await lost.body?.cancel();
  await stream.cancel();
  holder.shutdown();
  other.shutdown();
});
