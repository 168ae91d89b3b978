/**
 * `initialize`, `ping` and `server/discover` need no document: with the manifest's head known at
 * start (a sharded build's root carries it), they are answered before the manifest is loaded,
 * and the load they start in the background fails into the next request's error, not a crash.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { type Manifest, manifestHead } from "../../src/content/manifest.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createMcpServer } from "../../src/protocol/mcp_server.ts";

const legacy = { protocolVersion: "2025-06-18", modern: false };
const modern = { protocolVersion: "2026-07-28", modern: true };

async function manifest(): Promise<Manifest> {
  const built = await buildManifest({
    server: { name: "kb", version: "2", instructions: "Ask about deploys." },
    sources: [{ name: "docs", description: "", files: [{ path: "a.md", text: "# A\n\nalpha" }] }],
    settings: { cacheTtlMs: 60_000 },
  });
  return built.manifest;
}

const request = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0" as const,
  id,
  method,
  params,
});

Deno.test("head methods are answered from the head while the manifest is still loading, then the rest from the store", async () => {
  const whole = await manifest();
  let loads = 0;
  let finish!: (m: Manifest) => void;
  const loading = new Promise<Manifest>((resolve) => finish = resolve);
  const stores = createStoreCache({
    load: () => (loads++, loading),
    head: manifestHead(whole),
  });
  const server = createMcpServer({ stores });
  const init = await server.handle(
    request(1, "initialize", { protocolVersion: "2025-06-18" }),
    legacy,
  );
  assert.ok("result" in init, JSON.stringify(init));
  assert.deepEqual(init.result.serverInfo, { name: "kb", version: "2" });
  assert.match(String(init.result.instructions), /^Ask about deploys\.\n\nContent built /);
  assert.deepEqual(await server.handle(request(2, "ping"), legacy), {
    jsonrpc: "2.0",
    id: 2,
    result: {},
  });
  const discover = await server.handle(request(3, "server/discover"), modern);
  assert.ok("result" in discover, JSON.stringify(discover));
  assert.equal(discover.result.ttlMs, 60_000, "the head's settings decide the TTL");
  // The answers came before the manifest: its load was started (once), not finished.
  assert.equal(loads, 1);
  const tools = server.handle(request(4, "tools/list"), legacy);
  finish(whole);
  const listed = await tools;
  assert.ok("result" in listed && Array.isArray(listed.result.tools), JSON.stringify(listed));
  assert.equal(loads, 1);
});

Deno.test("a manifest that fails to load after a head answer: the next request gets an error, the one after tries again", async () => {
  const whole = await manifest();
  let fail = true;
  const errors: string[] = [];
  const stores = createStoreCache({
    load: () => fail ? Promise.reject(new Error("shard gone")) : Promise.resolve(whole),
    head: manifestHead(whole),
  });
  const server = createMcpServer({
    stores,
    onInternalError: (error, method) => errors.push(`${method}: ${(error as Error).message}`),
  });
  const init = await server.handle(request(1, "initialize", {}), legacy);
  assert.ok("result" in init, JSON.stringify(init));
  const failed = await server.handle(request(2, "prompts/list"), legacy);
  assert.deepEqual(failed, {
    jsonrpc: "2.0",
    id: 2,
    error: { code: -32603, message: "Internal error" },
  });
  assert.deepEqual(errors, ["prompts/list: shard gone"]);
  fail = false;
  const listed = await server.handle(request(3, "prompts/list"), legacy);
  assert.deepEqual(listed, { jsonrpc: "2.0", id: 3, result: { prompts: [] } });
});

Deno.test("without a head known at start, initialize loads the store and answers from its manifest", async () => {
  const whole = await manifest();
  let loads = 0;
  const server = createMcpServer({ stores: createStoreCache({ load: () => (loads++, whole) }) });
  const init = await server.handle(request(1, "initialize", {}), legacy);
  assert.ok("result" in init, JSON.stringify(init));
  assert.deepEqual(init.result.serverInfo, { name: "kb", version: "2" });
  assert.equal(loads, 1);
});
