import assert from "node:assert/strict";
import { readLimited } from "../../src/transport/streamable_http.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/mcp", { method: "POST", body, headers });

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

Deno.test("readLimited: a body with Content-Length is read whole when it fits", async () => {
  assert.equal(await readLimited(post("héllo", { "content-length": "6" }), 6), "héllo");
  assert.equal(await readLimited(post(null, { "content-length": "0" }), 6), "");
});

Deno.test("readLimited: a declared length over the limit is refused before reading", async () => {
  const request = post("x".repeat(100), { "content-length": "100" });
  assert.equal(await readLimited(request, 99), undefined);
  assert.equal(request.bodyUsed, true); // cancelled, not left open
});

Deno.test("readLimited: a Content-Length smaller than the body does not let it past the limit", async () => {
  // "é" is two bytes: 60 of them are 120 bytes in 60 UTF-16 units.
  assert.equal(await readLimited(post("é".repeat(60), { "content-length": "10" }), 100), undefined);
  assert.equal(
    await readLimited(post("é".repeat(50), { "content-length": "10" }), 100),
    "é".repeat(50),
  );
});

Deno.test("readLimited: a body without Content-Length is counted while it is read", async () => {
  assert.equal(await readLimited(post(streamOf("ab", "cd")), 4), "abcd");
  assert.equal(await readLimited(post(streamOf("ab", "cd", "e")), 4), undefined);
  assert.equal(await readLimited(post(null), 4), "");
  // A character split between chunks is decoded whole.
  const bytes = new TextEncoder().encode("é");
  const split = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.subarray(0, 1));
      c.enqueue(bytes.subarray(1));
      c.close();
    },
  });
  assert.equal(await readLimited(post(split), 4), "é");
});
