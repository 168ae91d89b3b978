/**
 * Property-based fuzzing of the HTTP endpoint (fast-check): random bytes, random JSON,
 * truncated and deeply nested JSON, wrong types in every param, huge strings and arrays,
 * unicode and control characters, batches, duplicate ids, `id: null`, unknown methods in every
 * era, mismatched `Mcp-Method`/`Mcp-Name`. Invariants: never a 5xx, always a well-formed
 * JSON-RPC answer (or an empty 202), no internal error, and the next valid request still works.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import fc from "fast-check";
import { appFor, buildFolder, CORPORA, MODERN_META } from "../helpers.ts";
import { ALL_TOOLS } from "../../src/tools/tool_registry.ts";

const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
const all = {
  ...manifest,
  settings: { profiles: ["articles", "acdc", "sections", "mcp-serve", "techdoc"] },
  contentHash: "fuzz",
};
const { app, errors } = appFor(all, { sse: { channel: null } });
const RUNS = 150;
const VERSIONS = [
  "2024-11-05",
  "2025-03-26",
  "2025-06-18",
  "2025-11-25",
  "2026-07-28",
  "1999-01-01",
  "",
];
const TOOLS = ALL_TOOLS.map((t) => t.name);
const METHODS = [
  "initialize",
  "ping",
  "server/discover",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
];

function wellFormed(message: any): boolean {
  if (message === null || typeof message !== "object" || message.jsonrpc !== "2.0") return false;
  if ("result" in message) return typeof message.result === "object" && message.result !== null;
  const e = message.error;
  return typeof e === "object" && e !== null && Number.isInteger(e.code) &&
    typeof e.message === "string";
}

async function send(body: BodyInit, headers: Record<string, string> = {}) {
  const res = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const text = await res.text();
  assert.ok(res.status < 500, `HTTP ${res.status}: ${text.slice(0, 200)}`);
  if (res.status === 202) {
    assert.equal(text, "");
    return;
  }
  const parsed = text.startsWith("event:")
    ? JSON.parse(/data: (.*)/.exec(text)![1]!)
    : JSON.parse(text);
  const list = Array.isArray(parsed) ? parsed : [parsed];
  for (const m of list) assert.ok(wellFormed(m), text.slice(0, 300));
  for (const m of list) assert.notEqual(m.error?.code, -32603, text.slice(0, 300));
}

async function stillWorks() {
  const res = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: "ok", method: "ping" }),
  });
  assert.deepEqual(await res.json(), { jsonrpc: "2.0", id: "ok", result: {} });
}

const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("\u0000", "\u202e", "\ud83d\ude00", "../../etc/passwd", "a".repeat(20_000)),
  fc.array(fc.string(), { maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
);

Deno.test("fuzz: random bytes and broken JSON never break the endpoint", async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
      runs++;
      await send(bytes);
    }),
    { numRuns: RUNS },
  );
  assert.equal(runs, RUNS);
  const valid = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  for (let cut = 0; cut < valid.length; cut += 3) await send(valid.slice(0, cut));
  await send("[".repeat(50_000) + "]".repeat(50_000));
  await send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { deep: JSON.parse("[".repeat(3000) + "]".repeat(3000)) },
    }),
  );
  await stillWorks();
});

Deno.test("fuzz: random JSON-RPC envelopes, ids, batches and methods in every era", async () => {
  const envelope = fc.record({
    jsonrpc: fc.oneof(fc.constant("2.0"), anyValue),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), anyValue),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 40 })),
    params: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 5 }),
      anyValue,
    ),
  }, { requiredKeys: [] });
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(envelope, fc.array(envelope, { maxLength: 8 })),
      fc.constantFrom(...VERSIONS),
      fc.boolean(),
      async (message, version, withMeta) => {
        const withEra = (m: any) =>
          withMeta && m && typeof m.params === "object" && m.params !== null &&
            !Array.isArray(m.params)
            ? {
              ...m,
              params: {
                ...m.params,
                _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": version },
              },
            }
            : m;
        const body = Array.isArray(message) ? message.map(withEra) : withEra(message);
        const headers: Record<string, string> = version ? { "mcp-protocol-version": version } : {};
        if (
          !Array.isArray(body) && typeof body.method === "string" &&
          /^[\x20-\x7e]*$/.test(body.method)
        ) {
          headers["mcp-method"] = body.method;
        }
        await send(JSON.stringify(body), headers);
      },
    ),
    { numRuns: RUNS * 2 },
  );
  // Duplicate ids in a batch each get their answer.
  const dup = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }, {
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
    }]),
  });
  assert.equal((await dup.json()).length, 2);
  await stillWorks();
});

Deno.test("fuzz: wrong types and sizes in every tool argument", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TOOLS),
      fc.dictionary(
        fc.constantFrom(
          "slug",
          "uri",
          "query",
          "filename",
          "section_ids",
          "document_id",
          "limit",
          "category",
          "source",
          "max_results",
          "doc_type",
          "searchIn",
          "fileTypes",
          "include_content",
          "max_depth",
          "zzz",
        ),
        anyValue,
        { maxKeys: 6 },
      ),
      fc.constantFrom("2025-03-26", "2025-11-25"),
      async (name, args, version) => {
        await send(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name, arguments: args },
          }),
          { "mcp-protocol-version": version },
        );
      },
    ),
    { numRuns: RUNS * 2 },
  );
  await stillWorks();
});

Deno.test("fuzz: mismatched Mcp-Method / Mcp-Name headers are -32020, never served", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ maxLength: 30 }),
      fc.string({ maxLength: 30 }),
      async (method, name) => {
        const headers: Record<string, string> = { "mcp-protocol-version": "2026-07-28" };
        const safe = (v: string) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v);
        if (safe(method)) headers["mcp-method"] = method;
        if (safe(name)) headers["mcp-name"] = name;
        const res = await app.request("/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "search", arguments: { query: "x" }, _meta: MODERN_META },
          }),
        });
        const body = await res.json();
        const matches = headers["mcp-method"] === "tools/call" && headers["mcp-name"] === "search";
        if (!matches) {
          assert.equal(res.status, 400);
          assert.equal(body.error.code, -32020);
        }
      },
    ),
    { numRuns: RUNS },
  );
  await stillWorks();
});

Deno.test("traversal: path-like arguments never give anything but not-found", async () => {
  const attacks = [
    "../",
    "..%2f",
    "..\\",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "acdc://other/../x",
    "acdc://docs/../../etc/passwd",
    "acdc://docs/concepts/guardrails",
    "concepts/guardrails\u0000",
    "%2e%2e%2fconcepts",
    "file:///etc/passwd",
    "docs://../../etc/passwd",
    "concepts/../concepts/guardrails",
    "\u0000",
    "//",
    ".",
    "..",
  ];
  const call = async (name: string, args: Record<string, unknown>) => {
    const res = await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    });
    return await res.json();
  };
  for (const attack of attacks) {
    for (
      const [name, args] of [
        ["get_article", { slug: attack }],
        ["read", { uri: attack }],
        ["table_of_contents", { filename: attack }],
        ["read_sections", { filename: "concepts/context-engineering.md", section_ids: [attack] }],
        ["get_document", { document_id: attack }],
      ] as const
    ) {
      const body = await call(name, args);
      const text = JSON.stringify(body);
      assert.ok(
        body.result?.isError === true || body.error !== undefined,
        `${name} ${attack}: ${text.slice(0, 200)}`,
      );
      assert.ok(!text.includes("root:x:0"), "no file contents");
      // Error messages may echo the input, never the hidden document itself.
      assert.ok(!text.includes("Guardrails"), `${name} ${attack}: hidden title`);
    }
    const res = await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "resources/read",
        params: { uri: attack },
      }),
    });
    const body = await res.json();
    assert.equal(body.error?.code, -32002, attack);
  }
  assert.deepEqual(errors, [], "no internal errors in the whole file");
  app.shutdown();
});
