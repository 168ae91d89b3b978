import { isReusable } from "../tools/reusable.ts";
import { ErrorCode, type ErrorObject, RpcError, toErrorObject } from "./rpc_error.ts";
import { asciiText, oneByteText } from "./ascii_json.ts";

/** A request or response id. MCP forbids `null` on requests. */
export type RequestId = string | number;

/** A JSON-RPC request (has an id). */
export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

/** A JSON-RPC notification (no id). */
export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: Record<string, unknown>;
}

/** A JSON-RPC response. */
export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: RequestId; result: Record<string, unknown> }
  | { jsonrpc: "2.0"; id: RequestId | null; error: ErrorObject };

/** What one incoming JSON value is. */
export type Incoming =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "response" }
  | { kind: "invalid"; id: RequestId | null; error: RpcError };

/**
 * Parses a JSON text, throwing `RpcError(-32700)` when it is not JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseJson } from "./codec.ts";
 * assert.throws(() => parseJson("{"), (e) => (e as { code: number }).code === -32700);
 * const big = parseJson('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}');
 * assert.equal(JSON.stringify(big), '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}');
 * ```
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RpcError(ErrorCode.ParseError, "Parse error: the body is not valid JSON");
  }
  // An integer id past 2^53 loses digits as a number: parse again (rare) keeping its text.
  if (Array.isArray(value) ? !value.some(hasUnsafeId) : !hasUnsafeId(value)) return value;
  return JSON.parse(
    text,
    (key, v, context?: { source?: string }) =>
      key === "id" && typeof v === "number" && !Number.isSafeInteger(v) && context?.source
        ? rawJson(context.source)
        : v,
  );
}

const hasUnsafeId = (m: unknown) =>
  typeof m === "object" && m !== null && typeof (m as { id?: unknown }).id === "number" &&
  !Number.isSafeInteger((m as { id: number }).id);

/** `JSON.rawJSON` (serialized as its text, verbatim), typed for the ids that need it. */
const rawJson = (text: string): RequestId =>
  (JSON as unknown as { rawJSON(t: string): RequestId }).rawJSON(text);
const isRawJson = (v: unknown): boolean =>
  (JSON as unknown as { isRawJSON(v: unknown): boolean }).isRawJSON(v);

/**
 * Classifies one JSON value as a request, notification, response or invalid message. Invalid
 * messages carry the id when one can be read, so the error can be correlated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyMessage } from "./codec.ts";
 * assert.ok(classifyMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).kind === "request");
 * assert.ok(classifyMessage({ jsonrpc: "2.0", method: "notifications/initialized" }).kind === "notification");
 * assert.ok(classifyMessage({ jsonrpc: "2.0", id: 1, result: {} }).kind === "response");
 * assert.ok(classifyMessage({ id: 1, method: "ping" }).kind === "invalid");
 * assert.ok(classifyMessage({ jsonrpc: "2.0", id: 1.5, method: "ping" }).kind === "invalid");
 * ```
 */
export function classifyMessage(value: unknown): Incoming {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(null, "Invalid Request: a message must be a JSON object");
  }
  const m = value as Record<string, unknown>;
  const id = m.id;
  // Strings and integers (JSON-RPC ids SHOULD NOT be fractional; MCP says string or integer);
  // an integer past 2^53 arrives from parseJson as its exact text.
  const validId = typeof id === "string" || (typeof id === "number" && Number.isInteger(id)) ||
    (isRawJson(id) && /^-?\d+$/.test(JSON.stringify(id)));
  const idForError = validId ? id as RequestId : null;
  if (m.jsonrpc !== "2.0") return invalid(idForError, 'Invalid Request: jsonrpc must be "2.0"');
  if (m.method === undefined && ("result" in m || "error" in m)) {
    return validId || id === null ? { kind: "response" } : invalid(null, "Invalid Request: bad id");
  }
  if (typeof m.method !== "string" || m.method === "") {
    return invalid(idForError, "Invalid Request: method must be a non-empty string");
  }
  if (
    m.params !== undefined &&
    (typeof m.params !== "object" || m.params === null || Array.isArray(m.params))
  ) {
    return invalid(idForError, "Invalid Request: params must be an object");
  }
  const base = { jsonrpc: "2.0" as const, method: m.method };
  const params = m.params as Record<string, unknown> | undefined;
  if (!("id" in m)) {
    return { kind: "notification", message: params ? { ...base, params } : base };
  }
  if (!validId) {
    return invalid(null, "Invalid Request: id must be a string or an integer");
  }
  const request: JsonRpcRequest = { ...base, id: id as RequestId };
  if (params) request.params = params;
  return { kind: "request", message: request };
}

/** Builds a success response. */
export function resultResponse(id: RequestId, result: Record<string, unknown>): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result };
}

/** Builds an error response from anything thrown (see {@link toErrorObject}). */
export function errorResponse(id: RequestId | null, error: unknown): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: toErrorObject(error) };
}

function invalid(id: RequestId | null, message: string): Incoming {
  return { kind: "invalid", id, error: new RpcError(ErrorCode.InvalidRequest, message) };
}

/** Responses already serialized once (a batch measures each one's size before sending it). */
const serializedResponses = new WeakMap<JsonRpcResponse, string>();

/**
 * Serializes one response and remembers the text, so sending it later costs nothing more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serializeOnce, serializeResponse } from "./codec.ts";
 * const response = { jsonrpc: "2.0" as const, id: 1, result: { n: 1 } };
 * const json = serializeOnce(response);
 * response.result.n = 2; // responses are never changed after this point; shown only to prove reuse
 * assert.equal(serializeResponse([response]), `[${json}]`);
 * ```
 */
export function serializeOnce(response: JsonRpcResponse): string {
  let json = serializedResponses.get(response);
  if (json === undefined) {
    json = serializeResponse(response);
    serializedResponses.set(response, json);
  }
  return json;
}
const serialized = new WeakMap<object, string>();

/** The JSON text of a reusable result, made once. */
function resultJson(result: object): string {
  let json = serialized.get(result);
  if (json === undefined) {
    json = JSON.stringify(result);
    serialized.set(result, json);
  }
  return json;
}

/**
 * Serializes a response (or batch) for the wire. Results marked reusable (`tools/reusable.ts`) are
 * stringified once; the envelope around them is a few bytes per request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serializeResponse } from "./codec.ts";
 * import { markReusable } from "../tools/reusable.ts";
 * const result = { tools: [] };
 * markReusable(result);
 * const json = serializeResponse({ jsonrpc: "2.0", id: 7, result });
 * assert.ok(json === '{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}');
 * ```
 */
export function serializeResponse(response: JsonRpcResponse | JsonRpcResponse[]): string {
  if (Array.isArray(response)) return `[${response.map((r) => serializeResponse(r)).join(",")}]`;
  const known = serializedResponses.get(response);
  if (known !== undefined) return known;
  if ("result" in response && isReusable(response.result)) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":${
      resultJson(response.result)
    }}`;
  }
  return JSON.stringify(response);
}

/** A reusable result's last answer: the envelope of the last request around its ASCII JSON. */
interface Framed {
  head: string;
  tail: string;
  /** The result's JSON in ASCII, made once. */
  body: string;
  text: string;
}
const framedResults = new WeakMap<object, Framed>();

/**
 * A response (or batch) as the text of an HTTP body, between `prefix` and `suffix` (SSE framing),
 * for `new Response(...)`. A response made for one request (a fresh search, an error, a batch) is
 * its JSON as it is: escaping it to ASCII would leave a two-byte string whenever it had a
 * character past ASCII, which the runtime converts for the answer all the same, so the escape
 * was pure cost (asdlc fresh searches under wrk, 2026-11-25, three interleaved sets of 7–9
 * rounds: 18–55 µs of CPU more per search with it, medians 387–440 against 368–400). A reusable
 * result's JSON has every character past ASCII escaped (`asciiText`: the same value when
 * parsed), once, made a one-byte string
 * (`oneByteText`), which the runtime copies to the socket as it is, and kept in the envelope of
 * its last request: the same id and framing get the same string, with nothing made. (Until
 * 2026-11-24 the escaped text of a result with any character past ASCII stayed a two-byte string,
 * which the runtime converted to UTF-8 for every answer: asdlc `list_articles`, 47.8 KB, 38 µs of
 * CPU per request under wrk where a one-byte copy of the same bytes costs 24.) Why a string and
 * why ASCII (asdlc, `list_articles`, a 47.8 KB answer, under wrk, 2026-11-24): `new Response`
 * copies a body given as bytes into a new `ArrayBuffer`, memory outside V8's heap that at tens of
 * KB per answer kept V8 running full collections (about 70 every 3 s) and cost about 50 µs of CPU
 * per answer where this costs 38; a string with a character past ASCII is a two-byte string that
 * the runtime converts to UTF-8 for every answer (100 µs).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { responseText } from "./codec.ts";
 * import { markReusable } from "../tools/reusable.ts";
 * const result = { text: "é" };
 * markReusable(result);
 * const sse = responseText({ jsonrpc: "2.0", id: "a", result }, "data: ", "\n\n");
 * assert.equal(sse, 'data: {"jsonrpc":"2.0","id":"a","result":{"text":"\\u00e9"}}\n\n');
 * const first = responseText({ jsonrpc: "2.0", id: 1, result });
 * assert.equal(responseText({ jsonrpc: "2.0", id: 1, result }), first); // kept
 * assert.equal(JSON.parse(responseText({ jsonrpc: "2.0", id: "ü", result })).id, "ü");
 * assert.equal(responseText({ jsonrpc: "2.0", id: 2, result: { text: "é" } }), '{"jsonrpc":"2.0","id":2,"result":{"text":"é"}}');
 * ```
 */
export function responseText(
  response: JsonRpcResponse | JsonRpcResponse[],
  prefix = "",
  suffix = "",
): string {
  if (Array.isArray(response) || !("result" in response) || !isReusable(response.result)) {
    return prefix + serializeResponse(response) + suffix;
  }
  // Only a string id can hold characters past ASCII; the rest of the envelope is ASCII (and
  // one-byte, as the id is made so: one two-byte part makes the whole answer two-byte).
  const id = JSON.stringify(response.id);
  const escaped = typeof response.id === "string" ? asciiText(id) : id;
  const head = `${prefix}{"jsonrpc":"2.0","id":${
    escaped === id ? id : oneByteText(escaped)
  },"result":`;
  const tail = `}${suffix}`;
  const known = framedResults.get(response.result);
  if (known !== undefined && known.head === head && known.tail === tail) return known.text;
  const body = known?.body ?? oneByteText(asciiText(resultJson(response.result)));
  const text = head + body + tail;
  framedResults.set(response.result, { head, tail, body, text });
  return text;
}
