import assert from "node:assert/strict";
import { appFor, buildMultiFixture, callTool, DEFAULT_TOOLS, post } from "../helpers.ts";

const { manifest } = await buildMultiFixture();
const { app, errors } = appFor(manifest);

async function callRaw(name: string, args: Record<string, unknown>) {
  const res = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  }, {
    "content-type": "application/json",
    "mcp-protocol-version": "2025-11-25",
  });
  return res.body;
}

Deno.test("profiles: compatibility tools are listed only when enabled", async () => {
  const names = async (profiles?: string[]) => {
    const m = {
      ...manifest,
      settings: profiles ? { profiles } : {},
      contentHash: String(profiles),
    };
    const res = await post(appFor(m).app, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    return res.body.result.tools.map((t: { name: string }) => t.name);
  };
  assert.deepEqual(await names(), DEFAULT_TOOLS);
  assert.deepEqual(await names(["techdoc"]), ["search_documentation", "get_document"]);
  assert.deepEqual(await names(["mcp-serve", "acdc"]), ["search", "read", "search_documents"]);
  const overridden = await post(app, { jsonrpc: "2.0", id: 1, method: "tools/list" });
  const search = overridden.body.result.tools.find((t: { name: string }) => t.name === "search");
  assert.equal(search.description, "Search Acme's handbook and API docs.");
});

Deno.test("search_documents (mcp-serve): text format, searchIn, limit, fileTypes", async () => {
  const r = await callTool(app, "search_documents", { query: "conventions" });
  const text: string = r.content[0].text;
  assert.match(
    text,
    /^Search results: \d+ matches\n\n1\. docs:\/\/rest\/conventions\.md - "REST Conventions" \(relevance: 1\.00\)\n {3}Excerpt: .+\n {3}Match location: (title, )?content/,
  );
  const title = await callTool(app, "search_documents", { query: "legacy", searchIn: "title" });
  assert.match(
    title.content[0].text,
    /docs:\/\/legacy\.html - "Legacy Endpoints"[^\n]*\n.*\n {3}Match location: title/,
  );
  const html = await callTool(app, "search_documents", { query: "endpoints", fileTypes: [".txt"] });
  assert.ok(!html.content[0].text.includes("legacy.html"));
  const limited = await callTool(app, "search_documents", { query: "deploy api rest", limit: 1 });
  assert.match(limited.content[0].text, /^Search results: 1 matches/);
  const none = await callTool(app, "search_documents", { query: "zebra quantum" });
  assert.match(
    none.content[0].text,
    /^Search results: 0 matches\n\nNo documents match 'zebra quantum'\./,
  );
  assert.equal(
    (await callTool(app, "search_documents", { query: "x", searchIn: "body" })).isError,
    true,
  );
});

Deno.test("search_documentation (TechDoc): validation table → -32602 naming the field", async () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{}, /^query: /],
    [{ query: "" }, /^query: required string of 1 to 1000 characters$/],
    [{ query: "x".repeat(1001) }, /^query: /],
    [{ query: "deploy", max_results: 0 }, /^max_results: must be an integer from 1 to 20$/],
    [{ query: "deploy", max_results: 21 }, /^max_results: /],
    [{ query: "deploy", max_results: 2.5 }, /^max_results: /],
    [{ query: "deploy", doc_type: "postgresql" }, /^doc_type: must be one of handbook, api, all$/],
  ];
  for (const [args, pattern] of cases) {
    const body = await callRaw("search_documentation", args);
    assert.equal(body.error?.code, -32602, JSON.stringify(args));
    assert.match(body.error.message, pattern);
  }
});

Deno.test("search_documentation (TechDoc): chunks with metadata (source, section) and score", async () => {
  const r = await callTool(app, "search_documentation", {
    query: "rollback a release",
    max_results: 3,
    doc_type: "handbook",
  });
  const first = r.content[0];
  assert.equal(first.type, "text");
  assert.equal(first.metadata.source, "handbook/guides/deploy.md");
  assert.equal(first.metadata.section, "Rollback");
  assert.equal(first.score, 1);
  assert.ok(
    r.content.every((c: { metadata: { source: string } }) =>
      c.metadata.source.startsWith("handbook/")
    ),
  );
  const all = await callTool(app, "search_documentation", { query: "rest conventions" });
  assert.ok(all.content.length <= 5);
});

Deno.test("get_document (TechDoc): by URI, path, filename, docs:// alias; errors", async () => {
  for (
    const id of [
      "acdc://api/rest/conventions",
      "api/rest/conventions",
      "rest/conventions.md",
      "docs://rest/conventions.md",
      "api/rest/conventions.md",
    ]
  ) {
    const r = await callTool(app, "get_document", { document_id: id });
    assert.equal(r.isError, undefined, id);
    assert.ok(r.content[0].text.startsWith("# REST Conventions"), id);
    assert.equal(r.content[0].metadata.title, "REST Conventions");
  }
  const missing = await callTool(app, "get_document", { document_id: "handbook/secret-plan" });
  assert.equal(missing.isError, true);
  assert.equal(missing.content[0].text, "Document not found: handbook/secret-plan");
  for (const bad of [{}, { document_id: "" }, { document_id: 3 }]) {
    assert.equal((await callRaw("get_document", bad)).error.code, -32602);
  }
});

Deno.test("read accepts docs:// when the mcp-serve profile is on", async () => {
  const r = await callTool(app, "read", { uri: "docs://notes.txt" });
  assert.ok(r.content[0].text.startsWith("Release Notes"));
  assert.deepEqual(errors, []);
});
