/**
 * Requests an attacker would send, each answered with a clear error: hostile section ids,
 * malformed Host headers, message posts without a JSON content type, a client that closes
 * stdout, and absurd configuration values.
 */
import assert from "node:assert/strict";
import { parseMetadata } from "../../src/build/parse_metadata.ts";
import { ConfigError } from "../../src/config/config_error.ts";
import { appFor, callTool, listen, loopbackAppFor, manifestOf, rawHttp, ROOT } from "../helpers.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [{ path: "a.md", text: "# A\n\n## Part\n\ntext" }],
}]);

Deno.test("read_sections: non-string ids are INVALID_SECTION_ID, never an internal error", async () => {
  const { app, errors } = appFor(manifest);
  let deep: unknown = [];
  for (let i = 0; i < 3000; i++) deep = [deep];
  for (const id of [{ toString: 1 }, deep, 5, null, true, { valueOf: () => 1 }]) {
    const result = await callTool(app, "read_sections", { filename: "a.md", section_ids: [id] });
    assert.equal(result?.isError, true, JSON.stringify(result).slice(0, 200));
    assert.match(result.content[0].text, /INVALID_SECTION_ID/);
  }
  assert.deepEqual(errors, []);
});

Deno.test("Host guard: only well-formed loopback Host headers pass when bound to loopback", async () => {
  // A real server: Deno makes the request URL of an origin-form target from the raw `Host`.
  const { app } = loopbackAppFor(manifest);
  const server = listen(app);
  const port = Number(new URL(server.url).port);
  const status = async (host: string) =>
    (await rawHttp(port, { target: "/health", headers: { host } })).status;
  try {
    for (
      const bad of ["[::1].evil.com", "localhost:8080@evil.com", "localhost:evil.com", "evil.com"]
    ) {
      assert.equal(await status(bad), 403, bad);
    }
    for (const good of ["localhost:8080", "127.0.0.1", "[::1]:9000", "LOCALHOST"]) {
      assert.equal(await status(good), 200, good);
    }
  } finally {
    app.shutdown();
    await server.close();
  }
});

Deno.test("legacy message posts need a JSON content type, like POST /mcp", async () => {
  const { app } = appFor(manifest);
  const res = await app.request("/messages?sessionId=00000000-0000-0000-0000-000000000000", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  assert.equal(res.status, 415);
  assert.equal((await res.json()).error.code, -32600);
});

Deno.test("stdio: a client that closes stdout ends the server quietly", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--transport", "stdio"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  await child.stdout.cancel(); // the client stops listening
  const writer = child.stdin.getWriter();
  const line = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n";
  for (let i = 0; i < 50; i++) await writer.write(new TextEncoder().encode(line)).catch(() => {});
  await writer.close().catch(() => {});
  const [status, stderr] = await Promise.all([
    child.status,
    new Response(child.stderr).text(),
  ]);
  assert.equal(status.code, 0, stderr);
  assert.doesNotMatch(stderr, /BrokenPipe|Uncaught/);
});

Deno.test("config: absurd values are refused with the key and the rule", () => {
  const yaml = (ttl: string) =>
    `content:\n  - name: d\n    path: .\ncache:\n  ttlSeconds: ${ttl}\n`;
  assert.throws(() => parseMetadata(yaml("1e300"), ROOT), (e: unknown) => {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /cache\.ttlSeconds: must be at most 86400/);
    return true;
  });
  assert.equal(parseMetadata(yaml("60"), ROOT).settings.cacheTtlMs, 60_000);
});
