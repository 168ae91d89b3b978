/**
 * Every way to connect, through real clients: the SDK v1 SSEClientTransport against `/sse` and
 * `GET /mcp`; the official clients' stdio transports against a spawned `deno task stdio`; and
 * `mcp-remote` spawned as a bridge, driven over stdio as Claude Desktop would.
 */
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { appFor, buildFolder, CHILD_DENO_DIR, listen, ROOT } from "../helpers.ts";

const { manifest } = await buildFolder(`${ROOT}/content`);

// deno-lint-ignore no-explicit-any
async function exercise(client: any) {
  const tools = await client.listTools();
  assert.ok(tools.tools.some((t: { name: string }) => t.name === "get_article"));
  const article = await client.callTool({
    name: "get_article",
    arguments: { slug: "quick-start" },
  });
  assert.match(article.content[0].text, /"title":"Quick Start"/);
  const search = await client.callTool({ name: "search", arguments: { query: "connect claude" } });
  assert.match(search.content[0].text, /^Search results for 'connect claude':/);
  const hidden = await client.callTool({
    name: "get_article",
    arguments: { slug: "draft-roadmap" },
  });
  assert.equal(hidden.isError, true);
}

for (const path of ["/sse", "/mcp"]) {
  Deno.test(`legacy HTTP+SSE: SDK v1 SSEClientTransport against GET ${path}`, async () => {
    const { app, errors } = appFor(manifest, { sse: { channel: null } });
    const server = listen(app);
    const client = new ClientV1({ name: "sse-client", version: "1.0.0" });
    try {
      await client.connect(new SSEClientTransport(new URL(server.url.replace("/mcp", path))));
      assert.equal(client.getServerVersion()?.name, "shelf");
      await exercise(client);
    } finally {
      await client.close();
      app.shutdown();
      await server.close();
    }
    assert.deepEqual(errors, []);
  });
}

// The SDK's stdio transports pass only a minimal environment unless given one; Claude Desktop
// passes the user's, certificates included.
const STDIO = {
  command: Deno.execPath(),
  args: ["task", "-q", "stdio"],
  cwd: ROOT,
  env: Deno.env.toObject(),
  stderr: "pipe" as const,
};

Deno.test("stdio: SDK v1 client (initialize) against a spawned `deno task stdio`", async () => {
  const client = new ClientV1({ name: "stdio-v1", version: "1.0.0" });
  await client.connect(new StdioV1(STDIO));
  try {
    assert.equal(client.getServerVersion()?.name, "shelf");
    await exercise(client);
  } finally {
    await client.close();
  }
});

Deno.test("stdio: client v2 pinned to 2026-07-28 (server/discover) against `deno task stdio`", async () => {
  const client = new ClientV2({ name: "stdio-v2", version: "2.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  });
  await client.connect(new StdioV2(STDIO));
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
});

Deno.test("stdio: raw lines — malformed JSON answered with -32700, stdout is JSON only, clean exit on EOF", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--transport", "stdio"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  const lines = [
    "{not json",
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-03-26" },
    }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    "",
    JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "ping" }, {
      jsonrpc: "2.0",
      id: 3,
      method: "nope",
    }]),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 4,
      method: "server/discover",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
    // 2026-07-28 requires the client capabilities in _meta.
    JSON.stringify({
      jsonrpc: "2.0",
      id: 5,
      method: "server/discover",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    }),
  ];
  await w.write(new TextEncoder().encode(lines.join("\n") + "\n"));
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0, "exits cleanly at end of input");
  const stdout = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(stdout.length, 5);
  assert.deepEqual(stdout[0], {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32700, message: "Parse error: the line is not valid JSON" },
  });
  assert.equal(stdout[1].result.protocolVersion, "2025-03-26");
  assert.deepEqual(stdout[2].map((r: { id: number }) => r.id), [2, 3]);
  assert.equal(stdout[3].result.resultType, "complete");
  assert.ok(stdout[3].result.supportedVersions.includes("2026-07-28"));
  assert.equal(stdout[4].error.code, -32602);
  assert.match(new TextDecoder().decode(out.stderr), /\[shelf\] shelf on stdio/);
});

Deno.test("mcp-remote: the Claude Desktop bridge, spawned and driven over stdio", async () => {
  const { app, errors } = appFor(manifest, { sse: { channel: null } });
  const server = listen(app);
  const home = await Deno.makeTempDir();
  await Deno.mkdir(CHILD_DENO_DIR, { recursive: true });
  const client = new ClientV1({ name: "claude-desktop-like", version: "1.0.0" });
  try {
    await client.connect(
      new StdioV1({
        command: Deno.execPath(),
        args: ["run", "-A", "npm:mcp-remote@0.15.1", server.url, "--transport", "http-only"],
        cwd: home,
        env: {
          ...Deno.env.toObject(),
          HOME: home,
          MCP_REMOTE_CONFIG_DIR: `${home}/.mcp-auth`,
          DENO_DIR: CHILD_DENO_DIR,
        },
        stderr: "pipe",
      }),
    );
    await exercise(client);
  } finally {
    await client.close();
    app.shutdown();
    await server.close();
    await Deno.remove(home, { recursive: true });
  }
  assert.deepEqual(errors, []);
});
