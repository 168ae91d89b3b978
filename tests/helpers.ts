// deno-lint-ignore-file no-explicit-any
/** Shared test fixtures: corpora, apps, JSON-RPC over `app.request()`, listening servers. */
import assert from "node:assert/strict";
import { createApp } from "../src/app.ts";
import { buildFromFolders } from "../src/build/build_from_folders.ts";
import { buildManifest, type BuildReport, type SourceInput } from "../src/build/build_manifest.ts";
import type { Manifest } from "../src/content/manifest.ts";
import { createStoreCache } from "../src/content/store_cache.ts";
import { DEFAULT_SERVER } from "../src/build/parse_metadata.ts";

/** Absolute path of the repository root. */
export const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
/**
 * Deno cache for child processes that fetch npm packages this test process does not import
 * (the conformance suite, mcp-remote): a child that downloads into the cache the parent holds
 * waits for that cache's lock forever.
 */
export const CHILD_DENO_DIR = `${ROOT}/dist/.child-deno-cache`;

/** Absolute path of the shared corpora. */
export const CORPORA = `${ROOT}/../shared/corpora`;

/** Debian's `git-doc` package: the HTML corpus of the evaluation and the budget test. */
export const GIT_DOC = "/usr/share/doc/git-doc";

/**
 * Whether tests over {@link GIT_DOC} are skipped: only when the package is missing and CI has not
 * made them mandatory (`.ci/run` installs it and sets `SHELF_EVAL_CORPORA_REQUIRED=1`, so a
 * missing package fails there instead).
 */
export const SKIP_GIT_DOC = (() => {
  if (Deno.env.get("SHELF_EVAL_CORPORA_REQUIRED") === "1") return false;
  try {
    return !Deno.statSync(`${GIT_DOC}/git-rebase.html`).isFile;
  } catch {
    return true;
  }
})();

const built = new Map<string, Promise<{ manifest: Manifest; report: BuildReport }>>();

/** Builds (once per test process) the manifest of a folder as the single source `docs`. */
export function buildFolder(
  path: string,
  name = "docs",
): Promise<{ manifest: Manifest; report: BuildReport }> {
  const key = `${name}:${path}`;
  let result = built.get(key);
  if (!result) {
    result = buildFromFolders({
      server: { ...DEFAULT_SERVER },
      sources: [{ name, description: name, path }],
      settings: {},
      warnings: [],
    });
    built.set(key, result);
  }
  return result;
}

/** Builds (once) the two-source fixture: an ACDC layout with prompts and a plain tree. */
export function buildMultiFixture(): Promise<{ manifest: Manifest; report: BuildReport }> {
  const key = "fixture:multi";
  let result = built.get(key);
  if (!result) {
    result = (async () => {
      const { loadContentConfig } = await import("../src/build/load_content_config.ts");
      const config = await loadContentConfig({
        config: `${ROOT}/tests/fixtures/multi/mcp-metadata.yaml`,
      });
      return buildFromFolders(config);
    })();
    built.set(key, result);
  }
  return result;
}

/** Markers of fixture content that must never be served. */
export const FIXTURE_HIDDEN = [
  "HIDDEN-FIXTURE-DRAFT",
  "HIDDEN-FIXTURE-PROMPT",
  "HIDDEN-FIXTURE-EXCLUDED",
];

/** Sends one JSON-RPC request in the legacy era and returns the whole response body. */
export async function rpc(
  app: Parameters<typeof post>[0],
  method: string,
  params: Record<string, unknown> = {},
  version = "2025-11-25",
): Promise<any> {
  const res = await post(app, { jsonrpc: "2.0", id: 1, method, params }, {
    "content-type": "application/json",
    "mcp-protocol-version": version,
  });
  return res.body;
}

/** Sends one JSON-RPC request in the 2026-07-28 era with correct headers. */
export async function rpcModern(
  app: Parameters<typeof post>[0],
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  const name = typeof params.name === "string"
    ? params.name
    : typeof params.uri === "string"
    ? params.uri
    : undefined;
  const res = await post(
    app,
    { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: MODERN_META } },
    modernHeaders(method, name),
  );
  return { status: res.status, body: res.body };
}

/** Tools listed with the default profiles (articles, acdc, sections), in order. */
export const DEFAULT_TOOLS = [
  "list_articles",
  "get_article",
  "search_articles",
  "search",
  "read",
  "list_documentation_files",
  "table_of_contents",
  "read_sections",
];

/** The eight ASDLC articles that must never be served, by path. */
export const ASDLC_HIDDEN = [
  "concepts/agent-skills",
  "concepts/ai-amplification",
  "concepts/coverage-metric",
  "concepts/guardrails",
  "concepts/software-civil-engineering",
  "patterns/external-attention",
  "practices/feature-assembly",
  "practices/product-vision-authoring",
];

/** Builds a manifest from in-memory files. */
export async function manifestOf(sources: SourceInput[]): Promise<Manifest> {
  return (await buildManifest({ server: { name: "test-kb", version: "9.9.9" }, sources })).manifest;
}

/** An app over a manifest, with errors collected instead of printed. */
export function appFor(manifest: Manifest, extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  const errors: unknown[] = [];
  const app = createApp({
    stores: createStoreCache({ load: () => manifest }),
    onError: (e) => errors.push(e),
    ...extra,
  });
  return { app, errors };
}

/** {@link appFor}, told it listens on loopback (as `onListen` tells it on `127.0.0.1`). */
export function loopbackAppFor(
  manifest: Manifest,
  extra: Partial<Parameters<typeof createApp>[0]> = {},
) {
  const made = appFor(manifest, extra);
  made.app.listening({ hostname: "127.0.0.1" });
  return made;
}

/**
 * `Deno.test` for tests that share one app: each test starts with the app's error list empty
 * and fails if it added an internal error, so no test depends on another having run.
 */
export function testWithoutInternalErrors(errors: unknown[]) {
  return (name: string, fn: () => unknown) =>
    Deno.test(name, async () => {
      errors.length = 0;
      await fn();
      assert.deepEqual(errors, [], "internal errors");
    });
}

/** Headers a well-behaved 2026-07-28 client sends for `method` (and `name` when given). */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  const h: Record<string, string> = {
    "content-type": "application/json",
    "accept": "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
  };
  if (name !== undefined) h["mcp-name"] = name;
  return h;
}

/** `_meta` of a 2026-07-28 request. */
export const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** POSTs a JSON body to `/mcp` and returns status, headers and the parsed body (if any). */
export async function post(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
  path = "/mcp",
): Promise<{ status: number; headers: Headers; body: any }> {
  // As a server makes it: the URL of an origin-form target names the `Host` sent.
  const host = Object.entries(headers).find(([k]) => k.toLowerCase() === "host")?.[1];
  const res = await app.request(host && path.startsWith("/") ? `http://${host}${path}` : path, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text === "" ? undefined : JSON.parse(text),
  };
}

/** Calls a tool in the legacy 2025-06-18 era and returns the result object. */
export async function callTool(
  app: Parameters<typeof post>[0],
  name: string,
  args: Record<string, unknown>,
  version = "2025-06-18",
): Promise<any> {
  const res = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  }, { "content-type": "application/json", "mcp-protocol-version": version });
  if (res.body?.error) throw new Error(`RPC error ${JSON.stringify(res.body.error)}`);
  return res.body.result;
}

/** Serves an app on a free loopback port until `close()`. */
export function listen(app: { fetch: (r: Request) => Response | Promise<Response> }) {
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: controller.signal, onListen: () => {} },
    app.fetch,
  );
  const url = `http://127.0.0.1:${server.addr.port}/mcp`;
  return {
    url,
    async close() {
      controller.abort();
      await server.finished;
    },
  };
}

/**
 * Sends one HTTP/1.1 request over a raw socket, as an attacker or an old client would (`fetch`
 * replaces `Host` with the URL's own and never sends an absolute-form target). `target` is the
 * request line's target; `headers` are sent as given, in order. Returns the status, the headers
 * (lowercased names) and the body text.
 */
export async function rawHttp(
  port: number,
  { method = "GET", target = "/", headers = {}, body = "" }: {
    method?: string;
    target?: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  const bytes = new TextEncoder().encode(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(bytes.length > 0 ? [`content-length: ${bytes.length}`] : []),
    "connection: close",
  ];
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
  if (bytes.length > 0) await conn.write(bytes);
  const answer = await new Response(conn.readable).text();
  const split = answer.indexOf("\r\n\r\n");
  const [statusLine, ...headerLines] = answer.slice(0, split).split("\r\n");
  const out = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    out.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let text = answer.slice(split + 4);
  if (out.get("transfer-encoding") === "chunked") text = dechunk(text);
  return { status: Number(statusLine!.split(" ")[1]), headers: out, body: text };
}

/** The payload of a chunked HTTP/1.1 body. */
function dechunk(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const eol = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, eol), 16);
    if (!(size > 0)) return out;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}
