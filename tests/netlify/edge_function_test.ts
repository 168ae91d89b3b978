/** The Netlify edge entry, imported exactly as Netlify imports it, over the built manifest. */
import assert from "node:assert/strict";
import handler, { config } from "../../netlify/edge-functions/mcp.ts";
import manifest from "../../dist/_shelf/manifest.json" with { type: "json" };

Deno.test("edge function: serves MCP and health from the bundled manifest", async () => {
  assert.deepEqual(config.path, ["/mcp", "/mcp/", "/health"]);
  const res = await handler(
    new Request("https://kb.example/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "list_articles" },
      }),
    }),
  );
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.result.structuredContent.total, manifest.documents.length);
  const health = await handler(new Request("https://kb.example/health"));
  assert.equal((await health.json()).contentHash, manifest.contentHash);
});

Deno.test("edge function: hidden sample documents are not in the bundle", () => {
  const text = JSON.stringify(manifest);
  for (
    const marker of ["SECRET-DRAFT-MARKER", "SECRET-PROPOSED-MARKER", "SECRET-DEPRECATED-MARKER"]
  ) {
    assert.ok(!text.includes(marker), marker);
  }
});
