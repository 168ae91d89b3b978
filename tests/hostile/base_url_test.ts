/**
 * The base URL of generated links is one decision: `site.url` when set, else the `Host` the
 * guards checked — never the authority of an absolute-form request target (cache poisoning
 * behind a proxy). Sent over raw sockets to a real server, as an attacker would.
 */
import assert from "node:assert/strict";
import { appFor, listen, manifestOf, rawHttp } from "../helpers.ts";

const files = [
  { path: "a.md", text: "# Alpha\n\nSee [beta](b.md)." },
  { path: "b.md", text: "# Beta\n\nThe second page." },
];

async function serve(siteUrl?: string) {
  const built = await manifestOf([{ name: "docs", description: "", files }]);
  const manifest = siteUrl ? { ...built, settings: { ...built.settings, siteUrl } } : built;
  const { app, errors } = appFor(manifest, { sse: { channel: null } });
  const server = listen(app);
  return {
    port: Number(new URL(server.url).port),
    errors,
    async close() {
      app.shutdown();
      await server.close();
    },
  };
}

const ROUTES = ["/llms.txt", "/llms-full.txt", "/.well-known/mcp", "/_shelf/md/docs/a.md"];

Deno.test("base URL: an absolute-form target naming another host is refused on every route", async () => {
  const s = await serve();
  const host = `127.0.0.1:${s.port}`;
  try {
    for (const path of [...ROUTES, "/health", "/sse"]) {
      const res = await rawHttp(s.port, {
        target: `http://evil.example${path}`,
        headers: { host },
      });
      assert.equal(res.status, 400, path);
      assert.doesNotMatch(res.body, /evil\.example/, path);
      assert.match(JSON.parse(res.body).error.message, /target's host differs from the Host/);
    }
    const post = await rawHttp(s.port, {
      method: "POST",
      target: "http://evil.example/mcp",
      headers: { host, "content-type": "application/json" },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    assert.equal(post.status, 400, "the direct POST /mcp path applies the same rule");
    // The same host spelled as an absolute target is the origin-form request.
    for (const path of ROUTES) {
      const res = await rawHttp(s.port, { target: `http://${host}${path}`, headers: { host } });
      assert.equal(res.status, 200, path);
      assert.doesNotMatch(res.body, /evil\.example/);
    }
    const llms = await rawHttp(s.port, { target: "/llms.txt", headers: { host } });
    assert.match(llms.body, new RegExp(`\\(http://${host}/_shelf/md/docs/a\\.md\\)`));
    const twin = await rawHttp(s.port, { target: "/_shelf/md/docs/a.md", headers: { host } });
    assert.match(twin.body, new RegExp(`\\(http://${host}/_shelf/md/docs/b\\.md\\)`));
    const card = await rawHttp(s.port, { target: "/.well-known/mcp", headers: { host } });
    assert.equal(JSON.parse(card.body).endpoint, `http://${host}/mcp`);
  } finally {
    await s.close();
  }
  assert.deepEqual(s.errors, []);
});

Deno.test("base URL: a Host that is no host is a 400, never a 500", async () => {
  const s = await serve();
  try {
    for (const host of ["a b", "localhost:8080@evil.example", "[::1", "x:99999"]) {
      for (const path of ROUTES) {
        const res = await rawHttp(s.port, { target: path, headers: { host } });
        assert.equal(res.status, 400, `${host} ${path}`);
        assert.doesNotMatch(res.body, /evil\.example/);
      }
    }
  } finally {
    await s.close();
  }
  assert.deepEqual(s.errors, []);
});

Deno.test("base URL: with site.url, links name it whatever the Host", async () => {
  const s = await serve("https://kb.example/docs");
  try {
    for (const host of [`127.0.0.1:${s.port}`, "other.example", "localhost:1"]) {
      const llms = await rawHttp(s.port, { target: "/llms.txt", headers: { host } });
      assert.equal(llms.status, 200);
      assert.match(llms.body, /\(https:\/\/kb\.example\/docs\/_shelf\/md\/docs\/a\.md\)/);
      assert.ok(!llms.body.includes(host), host);
      const card = await rawHttp(s.port, { target: "/.well-known/mcp", headers: { host } });
      assert.equal(JSON.parse(card.body).endpoint, "https://kb.example/docs/mcp");
    }
  } finally {
    await s.close();
  }
});

Deno.test("base URL: a rotating Host port gets its own links each time (made once: site_files_test)", async () => {
  const s = await serve();
  try {
    for (let port = 20_000; port < 20_100; port++) {
      const host = `localhost:${port}`;
      const llms = await rawHttp(s.port, { target: "/llms.txt", headers: { host } });
      assert.equal(llms.status, 200);
      assert.match(llms.body, new RegExp(`\\(http://${host}/_shelf/md/docs/a\\.md\\)`));
      assert.ok(!llms.body.includes(`localhost:${port - 1}`));
    }
  } finally {
    await s.close();
  }
});

Deno.test("base URL: behind a platform that makes request URLs (edge), its URL is the base", async () => {
  const manifest = await manifestOf([{ name: "docs", description: "", files }]);
  const { app } = appFor(manifest, { platformUrls: true, sse: { channel: null } });
  // The CDN parsed the request line; the Host it passes on need not be spelled like its URL.
  const res = await app.request("https://kb.example/llms.txt", {
    headers: { host: "kb-internal" },
  });
  assert.equal(res.status, 200);
  assert.match(await res.text(), /\(https:\/\/kb\.example\/_shelf\/md\/docs\/a\.md\)/);
  app.shutdown();
});
