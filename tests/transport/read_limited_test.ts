import assert from "node:assert/strict";
import { SMALL_BODY_BYTES } from "../../src/transport/body_budget.ts";
import { readLimited } from "../../src/transport/streamable_http.ts";

const request = (body: string, declared?: number) =>
  new Request("http://localhost/mcp", {
    method: "POST",
    body,
    headers: declared === undefined ? {} : { "content-length": String(declared) },
  });

Deno.test("readLimited: small, large and undeclared bodies read whole, past the cap refused", async () => {
  const small = "s".repeat(100);
  const large = "é".repeat(SMALL_BODY_BYTES); // two bytes each: past the small path
  const bytes = (s: string) => new TextEncoder().encode(s).byteLength;
  assert.equal(await readLimited(request(small, bytes(small)), 1 << 20), small);
  assert.equal(await readLimited(request(large, bytes(large)), 1 << 20), large);
  assert.equal(await readLimited(request(large), 1 << 20), large, "no Content-Length");
  assert.equal(
    await readLimited(request(large, bytes(large)), 1000),
    undefined,
    "declared too big",
  );
  assert.equal(await readLimited(request(large), 1000), undefined, "counted while reading");
  // A body longer than it declared is refused, not cut to the declared size.
  assert.equal(await readLimited(request(large, SMALL_BODY_BYTES + 10), 1 << 20), undefined);
  // One shorter than declared gives what it held.
  assert.equal(await readLimited(request(large, bytes(large) + 10), 1 << 20), large);
});

Deno.test("readLimited: a large body over a real connection is read into one buffer", async () => {
  const texts: string[] = [];
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: controller.signal, onListen: () => {} },
    async (req) => {
      const text = await readLimited(req, 1 << 20);
      texts.push(text ?? "<refused>");
      return new Response(null, { status: text === undefined ? 413 : 204 });
    },
  );
  try {
    const url = `http://127.0.0.1:${server.addr.port}/`;
    const body = JSON.stringify({ pad: "x".repeat(900_000), end: "ü" });
    for (const size of [body, "y".repeat(2 << 20)]) {
      const res = await fetch(url, { method: "POST", body: size });
      await res.body?.cancel();
    }
    assert.equal(texts.length, 2);
    assert.ok(texts[0] === body, `read ${texts[0]!.length} of ${body.length} characters`);
    assert.equal(texts[1], "<refused>");
  } finally {
    controller.abort();
    await server.finished;
  }
});
