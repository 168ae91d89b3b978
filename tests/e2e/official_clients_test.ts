/**
 * End-to-end: a real listening server driven by the official MCP clients — SDK v1 (the
 * `initialize` era) and client v2 (pinned to 2026-07-28, and in auto negotiation).
 */
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from "@modelcontextprotocol/client";
import { appFor, ASDLC_HIDDEN, buildFolder, CORPORA, DEFAULT_TOOLS, listen } from "../helpers.ts";

const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
const TOOLS = DEFAULT_TOOLS;

// deno-lint-ignore no-explicit-any
type AnyClient = { listTools(): Promise<any>; callTool(p: any): Promise<any> };

async function exerciseTools(client: AnyClient) {
  const tools = await client.listTools();
  assert.deepEqual(tools.tools.map((t: { name: string }) => t.name), TOOLS);
  const list = await client.callTool({ name: "list_articles", arguments: { limit: 100 } });
  assert.equal(list.isError, undefined);
  assert.equal(list.structuredContent.total, 64);
  const slugs = list.structuredContent.articles.map((a: { category: string; slug: string }) =>
    `${a.category}/${a.slug}`
  );
  for (const hidden of ASDLC_HIDDEN) assert.ok(!slugs.includes(hidden), hidden);
  const article = await client.callTool({ name: "get_article", arguments: { slug: "the-spec" } });
  assert.equal(article.structuredContent.slug, "the-spec");
  assert.ok(article.structuredContent.content.length > 500);
  const missing = await client.callTool({ name: "get_article", arguments: { slug: "guardrails" } });
  assert.equal(missing.isError, true);
  assert.equal(missing.content[0].text, "Article 'guardrails' not found");
  const search = await client.callTool({
    name: "search_articles",
    arguments: { query: "context" },
  });
  assert.ok(search.structuredContent.count > 0);
}

Deno.test("SDK v1 client (initialize era) over Streamable HTTP", async () => {
  const { app, errors } = appFor(manifest);
  const server = listen(app);
  const client = new ClientV1({ name: "e2e-v1", version: "1.0.0" });
  try {
    await client.connect(new TransportV1(new URL(server.url)));
    assert.equal(client.getServerVersion()?.name, "shelf");
    assert.ok(client.getInstructions()?.includes("list_articles"));
    await client.ping();
    await exerciseTools(client as unknown as AnyClient);
  } finally {
    await client.close();
    await server.close();
  }
  assert.deepEqual(errors, []);
});

for (const mode of [{ pin: "2026-07-28" }, "auto"] as const) {
  Deno.test(`client v2 (versionNegotiation ${JSON.stringify(mode)}) over Streamable HTTP`, async () => {
    const { app, errors } = appFor(manifest);
    const seen: string[] = [];
    const server = listen({
      fetch: (req: Request) => {
        seen.push(
          `${req.method} ${req.headers.get("mcp-method") ?? "-"} ${
            req.headers.get("mcp-protocol-version") ?? "-"
          }`,
        );
        return app.fetch(req);
      },
    });
    const client = new ClientV2({ name: "e2e-v2", version: "2.0.0" }, {
      versionNegotiation: { mode },
    });
    try {
      await client.connect(new TransportV2(new URL(server.url)));
      await exerciseTools(client as unknown as AnyClient);
    } finally {
      await client.close();
      await server.close();
    }
    assert.ok(
      seen.some((s) => s.includes("2026-07-28")),
      `modern era was used: ${seen.join(" | ")}`,
    );
    assert.ok(!seen.some((s) => s.includes(" initialize ")), "no initialize handshake");
    assert.deepEqual(errors, []);
  });
}
