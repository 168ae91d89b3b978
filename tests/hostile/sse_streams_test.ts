/**
 * Legacy SSE streams under churn and abuse. Abrupt closes are real TCP closes on sockets the
 * test owns (a `fetch` abort leaves the socket's fate to the client library, which is what made
 * the old version of this test flaky); polite closes cancel the body through `fetch`. Nothing
 * here depends on timing beyond waiting, with a deadline, for a count to reach its value.
 */
import assert from "node:assert/strict";
import { appFor, listen, manifestOf } from "../helpers.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Opens `GET /sse` on a raw socket and reads until the endpoint event; returns the session. */
async function openRaw(port: number, headers = "") {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    encoder.encode(
      `GET /sse HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n${headers}\r\n`,
    ),
  );
  const buf = new Uint8Array(4096);
  let text = "";
  while (!/sessionId=([0-9a-f-]{36})/.test(text)) {
    const n = await conn.read(buf);
    if (n === null) throw new Error(`stream closed before the endpoint event: ${text}`);
    text += decoder.decode(buf.subarray(0, n));
  }
  return { conn, sessionId: /sessionId=([0-9a-f-]{36})/.exec(text)![1]! };
}

/** Polls `read` until it returns `want` or `ms` pass; returns the last value. */
async function waitFor<T>(read: () => Promise<T>, want: T, ms = 20_000): Promise<T> {
  const started = performance.now();
  let now = await read();
  while (now !== want && performance.now() - started < ms) {
    await new Promise((r) => setTimeout(r, 20));
    now = await read();
  }
  return now;
}

async function serve(sse: Record<string, unknown>, files = [{ path: "a.md", text: "# A" }]) {
  const built = await manifestOf([{ name: "docs", description: "", files }]);
  // The largest answer budget (≈ 400,000 characters): big bodies are answered whole.
  const manifest = { ...built, settings: { ...built.settings, maxResponseTokens: 100_000 } };
  const { app } = appFor(manifest, { sse: { channel: null, maxStreams: 5000, ...sse } });
  const server = listen(app);
  const base = server.url.replace("/mcp", "");
  return {
    base,
    port: Number(new URL(server.url).port),
    streams: async () => (await (await fetch(`${base}/health`)).json()).sseStreams as number,
    async close() {
      app.shutdown();
      await server.close();
    },
  };
}

Deno.test("SSE: 2,000 streams opened and closed (half abruptly) leave no session", async () => {
  // Keep-alives are slow on purpose: closes must be noticed by the close itself.
  const s = await serve({ keepAliveMs: 60_000 });
  try {
    for (let round = 0; round < 10; round++) {
      const abrupt = await Promise.all(Array.from({ length: 100 }, () => openRaw(s.port)));
      const polite = await Promise.all(Array.from({ length: 100 }, async () => {
        const res = await fetch(`${s.base}/sse`);
        const reader = res.body!.getReader();
        await reader.read(); // the endpoint event
        return reader;
      }));
      assert.equal(await s.streams(), 200, `round ${round}: all streams open`);
      for (const { conn } of abrupt) conn.close();
      await Promise.all(polite.map((reader) => reader.cancel()));
      assert.equal(await waitFor(s.streams, 0), 0, `round ${round}: sessions left behind`);
    }
  } finally {
    await s.close();
  }
});

Deno.test("SSE: a client that never reads is closed when its queue passes the bound", async () => {
  const text = "# Big\n\n" + "lorem ipsum dolor sit amet ".repeat(8_000); // ~216 KB
  const s = await serve({ keepAliveMs: 60_000, maxQueueBytes: 1024 * 1024 }, [
    { path: "big.md", text },
  ]);
  const { conn, sessionId } = await openRaw(s.port);
  try {
    const post = (id: number) =>
      fetch(`${s.base}/messages?sessionId=${sessionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "resources/read",
          params: { uri: "acdc://docs/big.md" },
        }),
      });
    // 200 answers of ~216 KB is ~43 MB; socket buffers take a few MB, the queue at most 1 MiB.
    let refused = 0;
    for (let i = 0; i < 200 && refused === 0; i++) {
      const res = await post(i);
      await res.body?.cancel();
      if (res.status === 404) refused++;
      else assert.equal(res.status, 202);
    }
    assert.equal(await waitFor(s.streams, 0), 0, "the stalled stream is closed");
    const after = await post(1000);
    assert.equal(after.status, 404, "its session is gone");
    await after.body?.cancel();
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test("SSE: a stalled stream is closed after three keep-alives without progress", async () => {
  const text = "# Big\n\n" + "lorem ipsum dolor sit amet ".repeat(14_000); // ~378 KB
  // The queue bound is out of reach here: only the stall rule can close this stream.
  const s = await serve({ keepAliveMs: 50, maxQueueBytes: 1 << 30 }, [{ path: "big.md", text }]);
  const { conn, sessionId } = await openRaw(s.port);
  try {
    // Fill the socket buffers so bytes wait in the queue (~10 MB), then read nothing.
    for (let i = 0; i < 28; i++) {
      const res = await fetch(`${s.base}/messages?sessionId=${sessionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: i,
          method: "resources/read",
          params: { uri: "acdc://docs/big.md" },
        }),
      });
      await res.body?.cancel();
    }
    assert.equal(await waitFor(s.streams, 0), 0);
  } finally {
    conn.close();
    await s.close();
  }
});

Deno.test("SSE: a session takes posts only with the credential that opened it", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# A" }],
  }]);
  const { app } = appFor(manifest, {
    auth: { type: "apikey", keys: ["key-one", "key-two"] },
    sse: { channel: null, keepAliveMs: 60_000 },
  });
  const server = listen(app);
  const port = Number(new URL(server.url).port);
  const base = server.url.replace("/mcp", "");
  const { conn, sessionId } = await openRaw(port, "X-API-Key: key-one\r\n");
  const post = async (key: string) => {
    const res = await fetch(`${base}/messages?sessionId=${sessionId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    await res.body?.cancel();
    return res.status;
  };
  try {
    assert.equal(await post("key-two"), 404, "another valid key cannot post into the session");
    assert.equal(await post("key-one"), 202);
  } finally {
    conn.close();
    app.shutdown();
    await server.close();
  }
});

Deno.test("SSE: 1,000 HEADs of the stream routes register nothing; a stream opens after", async () => {
  // Ten slots: before HEAD answered with headers only, the first ten HEADs took them all.
  const s = await serve({ keepAliveMs: 60_000, maxStreams: 10 });
  try {
    const head = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${s.base}${path}`, { method: "HEAD", headers });
      await res.body?.cancel();
      return [res.status, res.headers.get("content-type")];
    };
    for (let i = 0; i < 500; i++) {
      assert.deepEqual(await head("/sse"), [200, "text/event-stream"]);
      assert.deepEqual(await head("/mcp", { accept: "text/event-stream" }), [
        200,
        "text/event-stream",
      ]);
    }
    assert.equal(await s.streams(), 0, "no stream registered by a HEAD");
    const { conn, sessionId } = await openRaw(s.port);
    assert.match(sessionId, /^[0-9a-f-]{36}$/);
    assert.equal(await s.streams(), 1);
    conn.close();
    assert.equal(await waitFor(s.streams, 0), 0);
  } finally {
    await s.close();
  }
});
