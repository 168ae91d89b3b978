import {
  classifyMessage,
  errorResponse,
  type JsonRpcResponse,
  parseJson,
  responseText,
} from "../protocol/codec.ts";
import type { McpServer } from "../protocol/mcp_server.ts";
import type { Session } from "../protocol/method_context.ts";
import { ErrorCode, RpcError } from "../protocol/rpc_error.ts";
import { type BatchLimits, batchRefusal, runBatch } from "../protocol/run_batch.ts";
import { decideEra } from "../protocol/decide_era.ts";
import { allowsBatches, DEFAULT_HTTP_VERSION } from "../protocol/versions.ts";
import { type BodyBudget, busy, SMALL_BODY_BYTES } from "./body_budget.ts";
import { httpError } from "./http_error.ts";
import { checkModernHeaders, isJsonContentType, wantsEventStream } from "./http_checks.ts";

const utf8 = new TextDecoder();

/** Default cap on a POST body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** What one message produced: an HTTP status and, for requests, a response. */
interface Outcome {
  status: number;
  response?: JsonRpcResponse;
}

/** What a whole POST produced: one response, a batch of them, or none (202). */
interface Reply {
  status: number;
  response?: JsonRpcResponse | JsonRpcResponse[];
}

/** Options of {@link handleStreamablePost}. */
export interface StreamableOptions {
  server: McpServer;
  maxBodyBytes?: number;
  /** Budgets of one batch (defaults in `run_batch.ts`). */
  batch?: BatchLimits;
  /** The app's allowance of large bodies in flight (none: unbounded). */
  bodies?: BodyBudget;
  /** Tell tools the origin the request arrived at (`session.base`; the openai endpoint). */
  withBase?: (request: Request) => string | Promise<string>;
  /** The scopes the request's token holds (`session.scopes`; absent: every source). */
  scopesOf?: (request: Request) => readonly string[];
  /** Told the JSON-RPC method (and tool or resource name) of a single message, for logs. */
  onMessage?: (method: string, name?: string) => void;
}

/**
 * Handles one POST to the MCP endpoint (Streamable HTTP, every era):
 *
 * 1. `Content-Type` must be JSON (415), the body at most `maxBodyBytes` (413) and JSON (400, -32700).
 * 2. A JSON array is a batch: legacy eras up to 2025-03-26 only.
 * 3. A request whose `_meta` carries a protocol version is served statelessly in that era; for
 *    2026-07-28 its `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers must match the
 *    body (400, -32020), an unknown version is 400 -32022 and an unknown method 404 -32601.
 * 4. Otherwise the legacy version comes from `MCP-Protocol-Version` (unsupported: 400), or is
 *    2025-03-26 when the header is absent.
 * 5. Notifications and responses are accepted with 202 and no body.
 * 6. The answer is JSON, or one SSE `message` event when the client accepts only
 *    `text/event-stream`.
 */
export function handleStreamablePost(
  request: Request,
  options: StreamableOptions,
): Promise<Response> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return Promise.resolve(
      httpError(415, ErrorCode.InvalidRequest, "Content-Type must be application/json"),
    );
  }
  const bodies = options.bodies;
  if (!bodies) return handlePost(request, options);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const taken = bodies.take(declared, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (taken === undefined) return Promise.resolve(busy());
  if (taken === 0) return handlePost(request, options); // a small body: nothing to give back
  return handlePost(request, options).finally(() => bodies.give(taken));
}

async function handlePost(request: Request, options: StreamableOptions): Promise<Response> {
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const text = await readLimited(request, max);
  if (text === undefined) {
    return httpError(413, ErrorCode.InvalidRequest, `Request body is larger than ${max} bytes`);
  }
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    return reply(request, { status: 400, response: errorResponse(null, error) });
  }
  if (Array.isArray(value)) return reply(request, await handleBatch(value, request, options));
  if (options.onMessage && typeof value === "object" && value !== null) {
    const m = value as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
    if (typeof m.method === "string") {
      const name = m.params?.name ?? m.params?.uri;
      options.onMessage(m.method, typeof name === "string" ? name.slice(0, 200) : undefined);
    }
  }
  const base = options.withBase ? await options.withBase(request) : undefined;
  const scopes = options.scopesOf?.(request);
  return reply(request, await handleOne(value, request.headers, options.server, base, scopes));
}

async function handleOne(
  value: unknown,
  headers: Headers,
  server: McpServer,
  base?: string,
  scopes?: readonly string[],
): Promise<Outcome> {
  const incoming = classifyMessage(value);
  if (incoming.kind === "invalid") {
    return { status: 400, response: errorResponse(incoming.id, incoming.error) };
  }
  if (incoming.kind === "response") return { status: 202 };
  const message = incoming.message;
  const id = incoming.kind === "request" ? incoming.message.id : null;
  const era = decideEra(message, {
    headerVersion: headers.get("mcp-protocol-version"),
    fallbackVersion: DEFAULT_HTTP_VERSION,
    checkModern: (version) =>
      incoming.kind === "request" ? checkModernHeaders(headers, message, version) : undefined,
  });
  if ("refusal" in era) return { status: 400, response: errorResponse(id, era.refusal) };
  if (incoming.kind === "notification") return { status: 202 };
  const session = base === undefined && scopes === undefined ? era.session : {
    ...era.session,
    ...(base !== undefined ? { base } : {}),
    ...(scopes !== undefined ? { scopes } : {}),
  };
  const response = await server.handle(incoming.message, session);
  return { status: statusFor(response, session), response };
}

async function handleBatch(
  values: unknown[],
  request: Request,
  options: StreamableOptions,
): Promise<Reply> {
  const version = request.headers.get("mcp-protocol-version") ?? DEFAULT_HTTP_VERSION;
  const refused = batchRefusal(values, options.batch) ??
    (allowsBatches(version) ? undefined : new RpcError(
      ErrorCode.InvalidRequest,
      `Invalid Request: batches are not supported in protocol version ${version}`,
    ));
  if (refused) return { status: 400, response: errorResponse(null, refused) };
  const responses = await runBatch(
    values,
    async (v) =>
      (await handleOne(v, request.headers, options.server, undefined, options.scopesOf?.(request)))
        .response,
    options.batch,
  );
  if (responses.length === 0) return { status: 202 };
  return { status: 200, response: responses };
}

function statusFor(response: JsonRpcResponse, session: Session): number {
  if (!("error" in response)) return 200;
  const code = response.error.code;
  if (session.modern && code === ErrorCode.MethodNotFound) return 404;
  if (code === ErrorCode.HeaderMismatch || code === ErrorCode.UnsupportedProtocolVersion) {
    return 400;
  }
  return 200;
}

function reply(request: Request, outcome: Reply): Response {
  if (!outcome.response) return new Response(null, { status: outcome.status });
  if (outcome.status === 200 && wantsEventStream(request.headers.get("accept"))) {
    return new Response(responseText(outcome.response, "event: message\ndata: ", "\n\n"), {
      status: 200,
      headers: {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
      },
    });
  }
  return new Response(responseText(outcome.response), {
    status: outcome.status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Reads a request body as text, or `undefined` when it is larger than `max` bytes (checked
 * against `Content-Length` first, then while reading a body without one).
 */
export async function readLimited(request: Request, max: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > max) {
    await request.body?.cancel();
    return undefined;
  }
  if (Number.isFinite(declared) && declared <= SMALL_BODY_BYTES) {
    // The HTTP layer frames the body by its Content-Length, so reading it whole is bounded;
    // the size is checked again in case a caller built a Request with a wrong header. `text()`
    // without touching `request.body` first: that getter makes a ReadableStream, which costs a
    // served request about a quarter of Deno's bare throughput (and `text()` of no body is "").
    const text = await request.text();
    // UTF-8 takes at most three bytes per UTF-16 unit: only a long text needs counting.
    return text.length * 3 > max && new TextEncoder().encode(text).length > max ? undefined : text;
  }
  if (Number.isFinite(declared) && request.body) {
    // A large body goes straight into one buffer of its declared size: no list of chunks, no
    // second copy to join them (`text()` holds both, about three times the body at its peak).
    const bytes = await readInto(request.body, new Uint8Array(declared));
    return bytes === undefined ? undefined : utf8.decode(bytes);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return utf8.decode(bytes);
}

/**
 * Reads a stream into `buffer` (read into directly where the stream allows it), or `undefined`
 * when the stream holds more than the buffer; a stream that ends early gives what it held.
 */
async function readInto(
  body: ReadableStream<Uint8Array>,
  buffer: Uint8Array,
): Promise<Uint8Array | undefined> {
  let filled = 0;
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: chunks are copied in below.
  }
  if (byob) {
    const size = buffer.byteLength;
    let view = buffer;
    while (filled < size) {
      const { done, value } = await byob.read(view.subarray(filled));
      if (done || !value) break;
      // The reader hands the buffer back as it filled it (the old view is detached).
      view = new Uint8Array(value.buffer, 0, size);
      filled += value.byteLength;
    }
    if (filled === size) {
      // A body longer than it declared is refused rather than cut.
      const extra = await byob.read(new Uint8Array(1));
      if (!extra.done) {
        await byob.cancel();
        return undefined;
      }
    }
    return view.subarray(0, filled);
  }
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return buffer.subarray(0, filled);
    if (filled + value.byteLength > buffer.byteLength) {
      await reader.cancel();
      return undefined;
    }
    buffer.set(value, filled);
    filled += value.byteLength;
  }
}
