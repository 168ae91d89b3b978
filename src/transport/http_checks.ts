import { createMemo, remembered } from "../remembered.ts";
import type { JsonRpcNotification, JsonRpcRequest } from "../protocol/codec.ts";
import { ErrorCode, RpcError } from "../protocol/rpc_error.ts";

/**
 * Whether a `Content-Type` header names JSON (`application/json`, any parameters, or a
 * `+json` type).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isJsonContentType } from "./http_checks.ts";
 * assert.ok(isJsonContentType("application/json; charset=utf-8"));
 * assert.ok(!isJsonContentType("text/plain") && !isJsonContentType(null));
 * ```
 */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  if (header === "application/json") return true; // what nearly every request says
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[\w.-]+\+json$/.test(type);
}

/**
 * Whether to answer with an SSE stream: only when the client accepts `text/event-stream` and
 * not JSON. A missing `Accept`, `*\/*` or any single other type is answered with JSON (lenient).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wantsEventStream } from "./http_checks.ts";
 * assert.ok(wantsEventStream("text/event-stream"));
 * assert.ok(!wantsEventStream("application/json, text/event-stream"));
 * assert.ok(!wantsEventStream(null) && !wantsEventStream("*\/*"));
 * ```
 */
export function wantsEventStream(accept: string | null): boolean {
  if (!accept) return false;
  // Clients send the same few values with every request: each is decided once (bounded; an
  // unusually long value is decided each time, not kept).
  return accept.length <= 256
    ? remembered(acceptDecisions, accept, decideEventStream)
    : decideEventStream(accept);
}

const acceptDecisions = createMemo<string, boolean>({
  name: "accept headers",
  maxEntries: 64,
  maxBytes: 64 * 1024,
});

function decideEventStream(accept: string): boolean {
  const types = accept.split(",").map((t) => t.split(";")[0]!.trim().toLowerCase());
  if (!types.includes("text/event-stream")) return false;
  return !types.some((t) => t === "application/json" || t === "*/*" || t === "application/*");
}

/**
 * Decodes the Base64 sentinel form `=?base64?…?=` of MCP header values; other values pass
 * through. Returns `undefined` for a sentinel that is not valid Base64 UTF-8.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeHeaderValue } from "./http_checks.ts";
 * assert.ok(decodeHeaderValue("=?base64?SGVsbG8sIOS4lueVjA==?=") === "Hello, 世界");
 * assert.ok(decodeHeaderValue("get_article") === "get_article");
 * ```
 */
export function decodeHeaderValue(value: string): string | undefined {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!m) return value;
  try {
    const bytes = Uint8Array.from(atob(m[1]!), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const NAMED_BY: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/**
 * Validates the 2026-07-28 request headers against the body: `MCP-Protocol-Version` must equal
 * the `_meta` version, `Mcp-Method` the method, and `Mcp-Name` (after Base64 decoding) the
 * `params.name` or `params.uri` of `tools/call`, `prompts/get` and `resources/read`. Returns the
 * `-32020 HeaderMismatch` error to send, or `undefined` when the headers are right.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkModernHeaders } from "./http_checks.ts";
 * const h = new Headers({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "x" });
 * const msg = { jsonrpc: "2.0" as const, id: 1, method: "tools/call", params: { name: "y" } };
 * assert.ok(checkModernHeaders(h, msg, "2026-07-28")?.code === -32020);
 * ```
 */
export function checkModernHeaders(
  headers: Headers,
  message: JsonRpcRequest | JsonRpcNotification,
  metaVersion: string,
): RpcError | undefined {
  const mismatch = (text: string) =>
    new RpcError(ErrorCode.HeaderMismatch, `Header mismatch: ${text}`);
  const version = headers.get("mcp-protocol-version");
  if (version === null) return mismatch("MCP-Protocol-Version header is required");
  if (version !== metaVersion) {
    return mismatch(
      `MCP-Protocol-Version header '${version}' does not match _meta protocol version '${metaVersion}'`,
    );
  }
  const method = headers.get("mcp-method");
  if (method === null) return mismatch("Mcp-Method header is required");
  if (method !== message.method) {
    return mismatch(`Mcp-Method header '${method}' does not match body method '${message.method}'`);
  }
  const field = NAMED_BY[message.method];
  if (field === undefined) return undefined;
  const bodyValue = message.params?.[field];
  const raw = headers.get("mcp-name");
  if (raw === null) return mismatch(`Mcp-Name header is required for ${message.method}`);
  const decoded = decodeHeaderValue(raw);
  if (decoded === undefined) return mismatch("Mcp-Name header has an invalid Base64 value");
  if (decoded !== bodyValue) {
    return mismatch(`Mcp-Name header value does not match body params.${field}`);
  }
  return undefined;
}
