/**
 * Several sources at once — tools, resources, prompts and completion — through both official
 * clients against a listening server.
 */
import assert from "node:assert/strict";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from "@modelcontextprotocol/client";
import { appFor, buildMultiFixture, FIXTURE_HIDDEN, listen } from "../helpers.ts";

const { manifest } = await buildMultiFixture();

// deno-lint-ignore no-explicit-any
type AnyClient = any;

async function exercise(client: AnyClient): Promise<string> {
  const out: unknown[] = [];
  const tools = await client.listTools();
  assert.ok(tools.tools.some((t: { name: string }) => t.name === "search_documentation"));
  const search = await client.callTool({
    name: "search",
    arguments: { query: "rollback", source: "handbook" },
  });
  assert.match(
    search.content[0].text,
    /^Search results for 'rollback':\n\n- \[handbook\] \[Deploying Services\]\(acdc:\/\/handbook\/guides\/deploy\)/,
  );
  out.push(search);
  const toc = await client.callTool({
    name: "table_of_contents",
    arguments: { filename: "api/rest/conventions.md" },
  });
  assert.equal(toc.structuredContent.sections[1].id, "rest-conventions/introduction");
  const section = await client.callTool({
    name: "read_sections",
    arguments: {
      filename: "api/rest/conventions.md",
      section_ids: ["rest-conventions/versioning"],
    },
  });
  assert.match(section.structuredContent.sections[0].content, /^## Versioning/);
  const resources = await client.listResources();
  assert.equal(resources.resources.length, 6);
  out.push(resources);
  const read = await client.readResource({ uri: "acdc://handbook/guides/getting-started" });
  assert.match(read.contents[0].text, /^# Getting Started/);
  const templates = await client.listResourceTemplates();
  assert.equal(templates.resourceTemplates[0].uriTemplate, "acdc://{source}/{+path}");
  const prompts = await client.listPrompts();
  assert.deepEqual(prompts.prompts.map((p: { name: string }) => p.name), [
    "handbook:code-review",
    "handbook:summarize",
  ]);
  out.push(prompts);
  const prompt = await client.getPrompt({
    name: "handbook:code-review",
    arguments: { file: "src/app.ts", tone: "gentle" },
  });
  assert.match(
    prompt.messages[0].content.text,
    /^Review src\/app\.ts against Acme's conventions\. Be gentle/,
  );
  await assert.rejects(
    client.getPrompt({ name: "handbook:code-review", arguments: {} }),
    /arguments\.file/,
  );
  const completion = await client.complete({
    ref: { type: "ref/prompt", name: "handbook:code-review" },
    argument: { name: "tone", value: "st" },
  });
  assert.deepEqual(completion.completion.values, ["strict"]);
  return JSON.stringify(out);
}

Deno.test("two sources through the SDK v1 client", async () => {
  const { app, errors } = appFor(manifest);
  const server = listen(app);
  const client = new ClientV1({ name: "multi-v1", version: "1.0.0" });
  try {
    await client.connect(new TransportV1(new URL(server.url)));
    assert.equal(client.getServerVersion()?.name, "acme-knowledge");
    const text = await exercise(client);
    for (const marker of FIXTURE_HIDDEN) assert.ok(!text.includes(marker), marker);
  } finally {
    await client.close();
    await server.close();
  }
  assert.deepEqual(errors, []);
});

Deno.test("two sources through the v2 client pinned to 2026-07-28", async () => {
  const { app, errors } = appFor(manifest);
  const server = listen(app);
  const client = new ClientV2({ name: "multi-v2", version: "2.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  });
  try {
    await client.connect(new TransportV2(new URL(server.url)));
    const text = await exercise(client);
    for (const marker of FIXTURE_HIDDEN) assert.ok(!text.includes(marker), marker);
  } finally {
    await client.close();
    await server.close();
  }
  assert.deepEqual(errors, []);
});
