import assert from "node:assert/strict";
import { countingServer } from "../../../scripts/bench/counting_server.ts";

async function withSite(files: Record<string, string>, delayMs: number) {
  const dir = await Deno.makeTempDir();
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  const server = countingServer(dir, delayMs);
  return {
    server,
    get: (path: string) => fetch(`${server.url}${path}`),
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("only files served are counted, in order, with their stored size", async () => {
  await using site = await withSite({ "a.json": "[1,2,3]", "sub/b.js": "export {};\n" }, 0);
  assert.equal(await (await site.get("/sub/b.js")).text(), "export {};\n");
  assert.equal((await site.get("/missing")).status, 404);
  await (await site.get("/sub/../a.json")).body?.cancel(); // the URL is /a.json
  await (await site.get("/a.json")).body?.cancel();
  assert.deepEqual(site.server.served.map(({ path, bytes }) => ({ path, bytes })), [
    { path: "/sub/b.js", bytes: 11 },
    { path: "/a.json", bytes: 7 },
    { path: "/a.json", bytes: 7 },
  ]);
});

Deno.test("each file served says when its request came, in the client's clock", async () => {
  await using site = await withSite({ "a.json": "{}" }, 30);
  const before = performance.timeOrigin + performance.now();
  await (await site.get("/a.json")).body?.cancel();
  const after = performance.timeOrigin + performance.now();
  const { at } = site.server.served[0]!;
  // It came before the server's delay, not after.
  assert.ok(at >= before - 1 && at <= after - 25, `${before} ${at} ${after}`);
});

Deno.test("the mark splits the cold part from the rest; reset forgets both", async () => {
  await using site = await withSite({ "a.json": "{}", "b.json": "[]" }, 0);
  await (await site.get("/a.json")).body?.cancel();
  await (await site.get("/__mark")).body?.cancel();
  await (await site.get("/b.json")).body?.cancel();
  assert.equal(site.server.marked, 1);
  assert.deepEqual(site.server.served.map((f) => f.path), ["/a.json", "/b.json"]);
  site.server.reset();
  assert.equal(site.server.marked, undefined);
  assert.deepEqual(site.server.served, []);
});

Deno.test("content types let Deno and browsers take scripts and Wasm", async () => {
  await using site = await withSite({ "p.js": "", "w.pagefind": "", "x.json": "", "y.bin": "" }, 0);
  const type = async (path: string) => {
    const res = await site.get(path);
    await res.body?.cancel();
    return res.headers.get("content-type");
  };
  assert.equal(await type("/p.js"), "text/javascript");
  assert.equal(await type("/w.pagefind"), "application/wasm");
  assert.equal(await type("/x.json"), "application/json");
  assert.equal(await type("/y.bin"), "application/octet-stream");
});

Deno.test("gzipped bytes: each file's compressed size, counted per fetch", async () => {
  await using site = await withSite({ "big.txt": "shelf ".repeat(10_000), "tiny.txt": "x" }, 0);
  await (await site.get("/big.txt")).body?.cancel();
  const one = await site.server.gzipBytes(site.server.served);
  assert.ok(one > 20 && one < 1_000, `${one}`);
  await (await site.get("/big.txt")).body?.cancel();
  await (await site.get("/tiny.txt")).body?.cancel();
  const all = await site.server.gzipBytes(site.server.served);
  assert.ok(all > 2 * one && all < 2 * one + 40, `${all} vs ${one}`);
});
