/**
 * The Netlify edge entry imported exactly as Netlify imports it, with a Netlify-like global
 * (`Netlify.env`) set before the import, serving requests over the built manifest and index.
 */
import assert from "node:assert/strict";
import manifest from "../../dist/_shelf/manifest.json" with { type: "json" };
import edgeManifest from "../../dist/_shelf/edge-manifest.json" with { type: "json" };
import { ROOT } from "../helpers.ts";
import { edgeRoutes } from "./netlify_toml.ts";

const vars: Record<string, string> = {
  ACDC_MCP_AUTH_TYPE: "apikey",
  ACDC_MCP_AUTH_API_KEYS: "edge-key",
  ACDC_MCP_SEARCH_MAX_RESULTS: "2",
};
(globalThis as { Netlify?: unknown }).Netlify = { env: { get: (name: string) => vars[name] } };
const { default: handler } = await import("../../netlify/edge-functions/mcp.ts");

const call = (body: unknown, key = "edge-key") =>
  handler(
    new Request("https://kb.example/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "mcp-protocol-version": "2025-11-25",
        "x-api-key": key,
      },
      body: JSON.stringify(body),
    }),
  );

Deno.test("edge function: routes, settings from Netlify.env, tools and search from the bundle", async () => {
  // Routes are declared once, in netlify.toml ("/mcp" also matches "/mcp/").
  const routes = edgeRoutes(await Deno.readTextFile(`${ROOT}/netlify.toml`));
  assert.deepEqual(routes.map((r) => r.path), [
    "/mcp",
    "/mcp/openai",
    "/sse",
    "/messages",
    "/health",
    "/.well-known/mcp",
    "/.well-known/mcp.json",
    "/.well-known/mcp/catalog.json",
    "/.well-known/ai-catalog.json",
    "/mcp/server-card",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
  ]);
  assert.ok(routes.every((r) => r.function === "mcp"));
  const list = await call({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "list_articles" },
  });
  assert.equal(list.status, 200);
  assert.equal((await list.json()).result.structuredContent.total, manifest.documents.length);
  const denied = await call({ jsonrpc: "2.0", id: 1, method: "ping" }, "wrong");
  assert.equal(denied.status, 401, "auth from Netlify.env");
  await denied.body?.cancel();
  const search = await call({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "search", arguments: { query: "sections" } },
  });
  const results = (await search.json()).result.structuredContent.results;
  assert.equal(results.length, 2, "max results from Netlify.env");
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

Deno.test("build: the sample bundles into the edge; past the budget the edge gets stubs", async () => {
  assert.equal((edgeManifest as { contentHash?: string }).contentHash, manifest.contentHash);
  const out = await Deno.makeTempDir();
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/scripts/build.ts`, "--out", out, "--edge-budget", "0"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  assert.match(new TextDecoder().decode(run.stdout), /over the 0 MB budget/);
  assert.deepEqual(JSON.parse(await Deno.readTextFile(`${out}/_shelf/edge-manifest.json`)), {
    external: "/_shelf/manifest.json",
  });
  assert.deepEqual(JSON.parse(await Deno.readTextFile(`${out}/_shelf/edge-index.json`)), {
    external: "/_shelf/index.json",
  });
  await Deno.remove(out, { recursive: true });
});
