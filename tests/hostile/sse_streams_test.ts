/**
 * 2,000 legacy SSE streams opened and closed (half abruptly) leave no session behind. A client
 * that stops reading frees its session at once; a connection torn down without a word is
 * noticed at the next keep-alive write (15 s by default, 100 ms here).
 */
import assert from "node:assert/strict";
import { appFor, listen, manifestOf } from "../helpers.ts";

Deno.test("SSE: 2,000 streams opened and closed leave no session", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# A" }],
  }]);
  const { app } = appFor(manifest, { sse: { channel: null, maxStreams: 5000, keepAliveMs: 100 } });
  const server = listen(app);
  const base = server.url.replace("/mcp", "");
  const streams = async () => (await (await fetch(`${base}/health`)).json()).sseStreams;
  try {
    for (let round = 0; round < 10; round++) {
      const open = await Promise.all(Array.from({ length: 200 }, async () => {
        const controller = new AbortController();
        const res = await fetch(`${base}/sse`, { signal: controller.signal });
        const reader = res.body!.getReader();
        await reader.read(); // the endpoint event
        return { controller, reader };
      }));
      const before = await streams();
      assert.ok(before >= 200, `${before} open`);
      await Promise.all(open.map(async ({ controller, reader }, i) => {
        if (i % 2 === 0) controller.abort(); // abrupt: the connection is torn down
        else await reader.cancel(); // polite: the client stops reading
      }));
      // Polite closes are freed at once; abrupt ones by the next keep-alives.
      let now = await streams();
      for (let i = 0; i < 50 && now > before - 100; i++) {
        await new Promise((r) => setTimeout(r, 20));
        now = await streams();
      }
      assert.ok(now <= before - 100, `round ${round}: ${now} of ${before} still open`);
    }
    const started = performance.now();
    let left = await streams();
    while (left !== 0 && performance.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
      left = await streams();
    }
    assert.equal(left, 0, `${left} sessions left behind`);
  } finally {
    app.shutdown();
    await server.close();
  }
});
