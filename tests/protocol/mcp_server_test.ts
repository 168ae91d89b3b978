/**
 * `initialize`, `ping` and `server/discover` need no document, nor do the listings (`tools/list`,
 * `prompts/list`, `resources/templates/list`), which read the head's outline: with the manifest's
 * head known at start (a sharded build's root carries it), they are answered before the manifest
 * is loaded — the listings byte for byte as after it — and the load they start in the background
 * fails into the next request's error, not a crash.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { manifestHead } from "../../src/content/manifest_head.ts";
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
  // The answers came before the manifest, whose load they did not start: the client lists its
  // tools next, and a load under way would hold that answer up.
  assert.equal(loads, 0);
  const tools = await server.handle(request(4, "tools/list"), legacy);
  assert.ok("result" in tools, JSON.stringify(tools));
  // A listing starts it (once): the documents are most likely needed next.
  assert.equal(loads, 1);
  const resources = server.handle(request(5, "resources/list"), legacy);
  finish(whole);
  const listed = await resources;
  assert.ok("result" in listed && Array.isArray(listed.result.resources), JSON.stringify(listed));
  assert.equal(loads, 1);
});

/** Two sources (one needs a scope), categories and a prompt in each. */
async function outlined(): Promise<Manifest> {
  const prompt = (name: string) => ({
    path: `${name}.md`,
    text:
      `---\ndescription: ${name}\narguments:\n  - name: host\n    examples: [db]\n---\n{{host}}`,
  });
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "2" },
    sources: [
      {
        name: "public",
        description: "",
        files: [{ path: "guides/a.md", text: "# A" }, { path: "top.md", text: "# T" }],
        prompts: [prompt("ask")],
      },
      {
        name: "internal",
        description: "",
        scope: "docs:internal",
        files: [{ path: "runbooks/b.md", text: "# B" }, { path: "guides/c.md", text: "# C" }],
        prompts: [prompt("triage")],
      },
    ],
    settings: { profiles: ["articles", "acdc", "sections", "techdoc"] },
  });
  return manifest;
}

/** `answer`, when it comes before `ms` pass (a deadline against a wait, not a measure). */
async function within<T>(answer: Promise<T>, ms = 2_000): Promise<T | "still waiting"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Promise<"still waiting">((r) => timer = setTimeout(r, ms, "still waiting"));
  try {
    return await Promise.race([answer, waiting]);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("the listings are answered from the head's outline while the manifest is loading, byte for byte as after it", async () => {
  const whole = await outlined();
  let finish!: (m: Manifest) => void;
  const loading = new Promise<Manifest>((resolve) => finish = resolve);
  // The head as the root file carries it: written as JSON, read back.
  const head = JSON.parse(JSON.stringify(manifestHead(whole)));
  const server = createMcpServer({ stores: createStoreCache({ load: () => loading, head }) });
  const asked = [
    ["tools/list", legacy],
    ["tools/list", { protocolVersion: "2025-03-26", modern: false }],
    ["tools/list", modern],
    ["prompts/list", legacy],
    ["resources/templates/list", legacy],
  ] as const;
  const sessions = [{}, { scopes: [] }, { scopes: ["docs:internal"] }];
  const answers = async () => {
    const texts: string[] = [];
    for (const [method, era] of asked) {
      for (const scoped of sessions) {
        const answer = await within(server.handle(request(1, method), { ...era, ...scoped }));
        assert.notEqual(answer, "still waiting", `${method} waits for the manifest`);
        texts.push(JSON.stringify(answer));
      }
    }
    return texts;
  };
  const early = await answers();
  finish(whole);
  assert.deepEqual(early, await answers());
  // What the outline carries reached them: the categories, the prompts, the scoped source's.
  const [all, hidden] = early;
  assert.match(all!, /"enum":\["guides","runbooks"\]/);
  assert.match(hidden!, /"enum":\["guides"\]/);
  assert.doesNotMatch(hidden!, /internal|runbooks/);
  assert.match(early[9]!, /"name":"internal:triage"/);
  assert.doesNotMatch(early[10]!, /triage/);
});

Deno.test("a head without an outline (a root written before it had one): the listings wait for the manifest", async () => {
  const whole = await outlined();
  const { outline: _, ...head } = manifestHead(whole);
  let loads = 0;
  const server = createMcpServer({
    stores: createStoreCache({ load: () => (loads++, whole), head }),
  });
  const listed = await server.handle(request(1, "prompts/list"), legacy);
  assert.equal(loads, 1);
  assert.ok("result" in listed, JSON.stringify(listed));
  assert.deepEqual(
    (listed.result.prompts as { name: string }[]).map((p) => p.name),
    ["internal:triage", "public:ask"],
  );
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
  const failed = await server.handle(request(2, "resources/list"), legacy);
  assert.deepEqual(failed, {
    jsonrpc: "2.0",
    id: 2,
    error: { code: -32603, message: "Internal error" },
  });
  assert.deepEqual(errors, ["resources/list: shard gone"]);
  fail = false;
  const listed = await server.handle(request(3, "resources/list"), legacy);
  assert.ok("result" in listed, JSON.stringify(listed));
  assert.deepEqual(
    (listed.result.resources as { uri: string }[]).map((r) => r.uri),
    ["acdc://docs/a"],
  );
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
