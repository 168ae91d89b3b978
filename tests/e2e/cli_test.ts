/** The real `src/main.ts` process: flags, config files, start-up errors. */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";
import { spawnServer } from "../spawn_server.ts";

const MAIN = `${ROOT}/src/main.ts`;

async function run(args: string[], cwd = ROOT) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stderr: new TextDecoder().decode(out.stderr),
    stdout: new TextDecoder().decode(out.stdout),
  };
}

/** Starts the server on a free port and resolves with its MCP URL once it listens. */
async function start(args: string[], cwd = ROOT) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "--port", "0", ...args],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${log}`);
    log += value;
    const m = /MCP endpoint: (http:\/\/\S+)/.exec(log);
    if (m) {
      return {
        url: m[1]!,
        log,
        async stop() {
          child.kill();
          await reader.cancel();
          await child.status;
        },
      };
    }
  }
}

async function rpc(url: string, method: string, params: Record<string, unknown> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await res.json()).result;
}

Deno.test("cli: --help lists the flags", async () => {
  const r = await run(["--help"]);
  assert.equal(r.code, 0);
  for (const flag of ["--port", "--host", "--content", "--config"]) {
    assert.ok(r.stdout.includes(flag));
  }
});

Deno.test("cli: bad flags and config fail at start naming the problem", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/bad.yaml`,
    "server:\n  name: x\ncontent:\n  - name: docs\n    path: ./missing\n",
  );
  await Deno.writeTextFile(
    `${dir}/dupe.yaml`,
    "content:\n  - {name: a, path: .}\n  - {name: a, path: .}\n",
  );
  const cases: [string[], RegExp][] = [
    [["--port", "abc"], /--port: must be an integer from 0 to 65535, got 'abc'/],
    [["--auth-type", "apikey"], /--auth-type: apikey auth needs keys/],
    [["--transport", "carrier-pigeon"], /--transport: must be http, sse or stdio/],
    [["--bogus"], /--bogus: unknown flag/],
    [["--content"], /--content: needs a value/],
    [["--config", `${dir}/nope.yaml`], /--config: file not found/],
    [["--config", `${dir}/bad.yaml`], /content\[0\]\.path: folder not found: .*missing/],
    [["--config", `${dir}/dupe.yaml`], /content\[1\]\.name: duplicate source name 'a'/],
    [["--content", `${dir}/none`], /content\[0\]\.path: folder not found/],
  ];
  for (const [args, pattern] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("cli: serves the bundled content by default", async () => {
  const server = await start([]);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const init = await rpc(server.url, "initialize", { protocolVersion: "2025-11-25" });
    assert.equal(init.serverInfo.name, "shelf");
    const list = await rpc(server.url, "tools/call", { name: "list_articles", arguments: {} });
    assert.ok(list.structuredContent.total >= 12);
  } finally {
    await server.stop();
  }
});

Deno.test("cli: --config serves any folder tree with the configured identity", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/kb/deep/er`, { recursive: true });
  await Deno.writeTextFile(`${dir}/kb/deep/er/page.md`, "# Deep Page\n\nFound it.\n");
  await Deno.writeTextFile(`${dir}/kb/top.txt`, "Top\nplain text\n");
  await Deno.writeTextFile(
    `${dir}/mcp-metadata.yaml`,
    "server:\n  name: acme-kb\n  version: 2.0.0\n  instructions: Ask me about Acme.\ncontent:\n  - name: kb\n    description: Acme\n    path: ./kb\n",
  );
  const server = await start(["--config", "mcp-metadata.yaml"], dir);
  try {
    const init = await rpc(server.url, "initialize", { protocolVersion: "2025-06-18" });
    assert.deepEqual(init.serverInfo, { name: "acme-kb", version: "2.0.0" });
    // The configured instructions, then when the content was built.
    assert.match(init.instructions, /^Ask me about Acme\.\n\nContent built \d{4}-/);
    const got = await rpc(server.url, "tools/call", {
      name: "get_article",
      arguments: { slug: "page" },
    });
    assert.equal(got.structuredContent.title, "Deep Page");
    assert.equal(got.structuredContent.category, "deep");
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cli: --watch rebuilds when a document changes (deno task dev)", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/first.md`, "# First\n");
  const server = await start(["--watch", "--content", dir]);
  try {
    const count = async () =>
      (await rpc(server.url, "tools/call", { name: "list_articles", arguments: {} }))
        .structuredContent.total;
    assert.equal(await count(), 1);
    await Deno.writeTextFile(`${dir}/second.md`, "# Second\n");
    let seen = 1;
    for (let i = 0; i < 50 && seen !== 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await count();
    }
    assert.equal(seen, 2);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cli: precedence — flag over environment over .env", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/kb`);
  for (const n of [1, 2, 3, 4, 5]) {
    await Deno.writeTextFile(`${dir}/kb/doc${n}.md`, `# Widget ${n}\nwidget text\n`);
  }
  await Deno.writeTextFile(
    `${dir}/.env`,
    "SHELF_CONTENT=kb\nACDC_MCP_SEARCH_MAX_RESULTS=2\nACDC_MCP_AUTH_TYPE=apikey\nACDC_MCP_AUTH_API_KEYS=from-dotenv\n",
  );
  const count = async (args: string[], env: Record<string, string>) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "--port", "0", ...args],
      cwd: dir,
      env,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let log = "";
    let url = "";
    while (!url) {
      const { value, done } = await reader.read();
      if (done) throw new Error(log);
      log += value;
      url = /MCP endpoint: (\S+)/.exec(log)?.[1] ?? "";
    }
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": "from-dotenv",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "search", arguments: { query: "widget" } },
      }),
    });
    const body = await res.json();
    child.kill();
    await reader.cancel();
    await child.status;
    return body.result.structuredContent.results.length;
  };
  assert.equal(await count([], {}), 2, ".env beats the default (10)");
  assert.equal(await count([], { ACDC_MCP_SEARCH_MAX_RESULTS: "3" }), 3, "environment beats .env");
  assert.equal(
    await count(["-m", "4"], { ACDC_MCP_SEARCH_MAX_RESULTS: "3" }),
    4,
    "flag beats environment",
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("deno serve src/serve.ts: the Deno Deploy entry answers MCP", async () => {
  // Port 0: the kernel picks a free port and `deno serve` prints it, so no collision with
  // another process can make the child exit (a random fixed port once did, in CI).
  const server = await spawnServer(["serve", "-A", "--port", "0", `${ROOT}/src/serve.ts`], {
    cwd: ROOT,
    waitMs: 15_000,
  });
  try {
    assert.ok(
      server.port,
      `deno serve did not listen (exited: ${server.exited()}):\n${server.log()}`,
    );
    const port = server.port;
    const result = await rpc(`http://127.0.0.1:${port}/mcp`, "initialize", {
      protocolVersion: "2025-11-25",
    });
    assert.equal(result.serverInfo.name, "shelf");
    // Host and Origin handling per bound address: tests/e2e/listen_guard_test.ts.
  } finally {
    await server.stop();
  }
});

Deno.test("cli: --watch over stdio sends list_changed notifications after a rebuild", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/first.md`, "# First\n");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "--transport", "stdio", "--watch", "--content", dir],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const next = async () => {
    while (!buffer.includes("\n")) {
      const { value, done } = await lines.read();
      if (done) throw new Error("stdout closed");
      buffer += value;
    }
    const i = buffer.indexOf("\n");
    const line = buffer.slice(0, i);
    buffer = buffer.slice(i + 1);
    return JSON.parse(line);
  };
  const send = (m: unknown) => writer.write(new TextEncoder().encode(JSON.stringify(m) + "\n"));
  try {
    await send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25" },
    });
    const init = await next();
    assert.equal(init.result.capabilities.resources.listChanged, true);
    await Deno.writeTextFile(`${dir}/second.md`, "# Second\n");
    const note = await next();
    assert.equal(note.method, "notifications/resources/list_changed");
    await next(); // prompts
    await next(); // tools
    await send({ jsonrpc: "2.0", id: 2, method: "resources/list" });
    const list = await next();
    assert.equal(list.result.resources.length, 2);
  } finally {
    await writer.close();
    await lines.cancel();
    child.kill();
    await child.status;
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cli: --manifest URL is fetched, revalidated after the TTL, and the last good copy kept", async () => {
  const { manifestOf } = await import("../helpers.ts");
  const make = async (n: number) => ({
    ...(await manifestOf([{
      name: "docs",
      description: "",
      files: Array.from({ length: n }, (_, i) => ({ path: `d${i}.md`, text: `# Doc ${i}\n` })),
    }])),
    settings: { cacheTtlMs: 100 },
  });
  let served: unknown = await make(1);
  let failing = false;
  const site = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => failing ? new Response("down", { status: 503 }) : Response.json(served),
  );
  const manifestUrl = `http://127.0.0.1:${site.addr.port}/_shelf/manifest.json`;
  const server = await start(["--manifest", manifestUrl]);
  const total = async () =>
    (await rpc(server.url, "tools/call", { name: "list_articles", arguments: {} }))
      .structuredContent.total;
  try {
    assert.equal(await total(), 1);
    served = await make(3);
    await new Promise((r) => setTimeout(r, 150));
    await total(); // the first call after the TTL revalidates
    assert.equal(await total(), 3);
    failing = true;
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(await total(), 3, "a failed fetch keeps the last good copy");
    assert.equal(await total(), 3);
  } finally {
    await server.stop();
    await site.shutdown();
  }
});
