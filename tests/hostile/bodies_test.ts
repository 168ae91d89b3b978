/**
 * Large bodies and bodies for nobody: the app holds at most its allowance of large bodies in
 * flight (more get 503 with `Retry-After`), and a legacy SSE post for a session no isolate holds
 * is refused without a byte of its body read.
 */
import assert from "node:assert/strict";
import { appFor, manifestOf } from "../helpers.ts";

const tiny = () => manifestOf([{ name: "docs", description: "", files: [] }]);

Deno.test("body budget: a large body past the app's allowance in flight is 503, then served", async () => {
  const { app } = appFor(await tiny(), { maxBodyBytesInFlight: 300_000, sse: { channel: null } });
  const ping = (pad: number) =>
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(pad) } });
  const first = ping(200_000);
  // The first body arrives in two parts; the second waits until the test lets it go.
  let release!: () => void;
  const released = new Promise<void>((r) => release = r);
  const bytes = new TextEncoder().encode(first);
  const slow = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, 1000));
      await released;
      controller.enqueue(bytes.subarray(1000));
      controller.close();
    },
  });
  const post = (body: BodyInit, length: number) =>
    app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(length) },
      body,
    });
  const held = post(slow, bytes.byteLength);
  await new Promise((r) => setTimeout(r, 20));
  const refused = await post(ping(200_000), first.length);
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get("retry-after"), "1");
  await refused.body?.cancel();
  const small = await post(ping(10), ping(10).length);
  assert.equal(small.status, 200, "small bodies are not counted");
  await small.body?.cancel();
  release();
  assert.equal((await held).status, 200);
  const after = await post(ping(200_000), first.length);
  assert.equal(after.status, 200, "given back once answered");
  await after.body?.cancel();
  app.shutdown();
});

Deno.test("SSE relay: a post for a session nobody holds is refused without reading its body", async () => {
  const { app } = appFor(await tiny(), {
    sse: { channel: `relay-test-${crypto.randomUUID()}`, relayTimeoutMs: 50 },
  });
  // A body that never ends: reading it would hang the test; it must only be cancelled.
  let pulls = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  const res = await app.request("/messages?sessionId=22222222-2222-2222-2222-222222222222", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  assert.equal(res.status, 404);
  await res.body?.cancel();
  assert.equal(pulls, 0, "no byte of the body was read");
  assert.ok(cancelled, "the body was released");
  app.shutdown();
});
