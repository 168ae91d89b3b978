import { errorResponse, parseJson, responseText } from "../protocol/codec.ts";
import {
  type Connection,
  dispatchMessage,
  LIST_CHANGED_NOTIFICATIONS,
} from "../protocol/dispatch_message.ts";
import type { McpServer } from "../protocol/mcp_server.ts";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { timingSafeEqual } from "./guards.ts";
import { httpError } from "./http_error.ts";
import { createSseRelay } from "./sse_relay.ts";

/** Options of {@link createSseHub}. */
export interface SseHubOptions {
  server: McpServer;
  /** Open streams allowed at once; more get 503. */
  maxStreams?: number;
  /** Interval of `: keep-alive` comments. */
  keepAliveMs?: number;
  /**
   * Bytes a stream may hold that its client has not read yet (default 4 MiB). A stream past
   * it, or one that read nothing for three keep-alive intervals while data waited, is closed.
   */
  maxQueueBytes?: number;
  /** BroadcastChannel name shared by isolates of one deployment; `null` disables the relay. */
  channel?: string | null;
  /** Streams receive list-changed notifications (`deno task dev`). */
  listChanged?: boolean;
  /** How long a relayed POST waits for the isolate holding the stream to answer. */
  relayTimeoutMs?: number;
}

/** The legacy HTTP+SSE transport (2024-11-05) of one isolate. */
export interface SseHub {
  /**
   * Opens a stream; its first event is `endpoint` with `<postPath>?sessionId=<id>`. The session
   * belongs to `credential` (see {@link credentialOf}): posts must present the same one.
   */
  open(credential: string, postPath: string, scopes?: readonly string[]): Response;
  /**
   * Handles `POST <postPath>?sessionId=<id>`. The body is read (`readBody`: its text, or the
   * refusal to answer with) only once the session is found here or claimed by the isolate that
   * holds it, so a post for a session that does not exist holds no body while it waits.
   */
  post(
    sessionId: string,
    credential: string,
    readBody: () => Promise<string | Response>,
  ): Promise<Response>;
  /** Open streams in this isolate. */
  readonly size: number;
  /** Sends the list-changed notifications on every open stream (dev mode rebuilds). */
  notifyChanged(): void;
  /** Closes every stream and the relay channel (tests, shutdown). */
  close(): void;
}

interface Stream {
  controller: ReadableStreamDefaultController<Uint8Array>;
  connection: Connection;
  /** The credential that opened the stream; posts with another one are refused. */
  credential: string;
  keepAlive: ReturnType<typeof setInterval>;
  /** Keep-alive ticks in a row that found unread bytes waiting. */
  stalled: number;
}

const encoder = new TextEncoder();

/** The headers of a legacy SSE stream (also the answer to a `HEAD` of a stream route). */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  "connection": "keep-alive",
  "x-accel-buffering": "no",
});

const unknownSession = () =>
  httpError(
    404,
    ErrorCode.InvalidRequest,
    "Unknown or closed session: open a new stream with GET /sse",
  );

/**
 * Creates the per-isolate table of SSE streams. Session ids are random UUIDs. A POST for a
 * session this isolate does not hold is relayed over `BroadcastChannel` to the isolate that
 * does (it claims the session first, then takes the body and answers on its stream); without a
 * claim the POST gets 404, and so does a POST whose credential is not the one that opened the
 * stream. A stream
 * closed by the client frees its session at once; one whose client stops reading is closed
 * when its queue passes `maxQueueBytes` or after three keep-alive intervals without progress.
 *
 * @example
 * ```ts ignore
 * const hub = createSseHub({ server });
 * app.get("/sse", (c) => hub.open(credentialOf(c.req.raw.headers), "/messages"));
 * ```
 */
export function createSseHub(options: SseHubOptions): SseHub {
  const maxStreams = options.maxStreams ?? 1000;
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const maxQueueBytes = options.maxQueueBytes ?? 4 * 1024 * 1024;
  const relayTimeoutMs = options.relayTimeoutMs ?? 1000;
  const streams = new Map<string, Stream>();
  // Posts for sessions another isolate holds (`sse_relay.ts`). The hub opens it on a stream's
  // first open or on a post for a session it does not hold.
  const relay = createSseRelay({
    channel: options.channel === undefined ? "shelf-sse-relay" : options.channel,
    timeoutMs: relayTimeoutMs,
    holds: (sessionId, credential) => {
      const stream = streams.get(sessionId);
      return stream !== undefined && timingSafeEqual(stream.credential, credential);
    },
    deliver: (sessionId, body) => {
      const stream = streams.get(sessionId);
      if (stream) void deliver(sessionId, stream, body);
    },
  });

  /** Bytes enqueued that the client has not taken yet (the queue counts bytes, see open). */
  const unread = (stream: Stream) => -(stream.controller.desiredSize ?? 0);
  /** Enqueues a chunk unless the queue would pass its bound; a stream past it is closed. */
  const enqueue = (id: string, stream: Stream, text: string) => {
    const chunk = encoder.encode(text);
    if (unread(stream) + chunk.byteLength > maxQueueBytes) {
      drop(id);
      return;
    }
    try {
      stream.controller.enqueue(chunk);
    } catch {
      drop(id);
    }
  };
  const send = (id: string, stream: Stream, event: string, data: string) =>
    enqueue(id, stream, `event: ${event}\ndata: ${data}\n\n`);
  const deliver = async (id: string, stream: Stream, body: string) => {
    let value: unknown;
    try {
      value = parseJson(body);
    } catch (error) {
      send(id, stream, "message", JSON.stringify(errorResponse(null, error)));
      return;
    }
    const reply = await dispatchMessage(options.server, value, stream.connection);
    if (reply !== undefined && streams.get(id) === stream) {
      send(id, stream, "message", responseText(reply));
    }
  };
  const drop = (id: string) => {
    const stream = streams.get(id);
    if (!stream) return;
    clearInterval(stream.keepAlive);
    streams.delete(id);
    try {
      stream.controller.close();
    } catch {
      // Already closed.
    }
  };

  return {
    get size() {
      return streams.size;
    },
    open(credential, postPath, scopes) {
      if (streams.size >= maxStreams) {
        return httpError(
          503,
          ErrorCode.InternalError,
          "Too many open SSE streams; try again later",
          {
            "retry-after": "5",
          },
        );
      }
      const id = crypto.randomUUID();
      relay.listen();
      // The queue counts bytes and holds none by choice (high-water mark 0): the HTTP server
      // takes each chunk as the socket accepts it, so unread bytes mean a slow or gone client.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const stream: Stream = {
            controller,
            connection: {
              protocolVersion: "2024-11-05",
              ...(options.listChanged ? { listChanged: true } : {}),
              ...(scopes ? { scopes } : {}),
            },
            credential,
            stalled: 0,
            keepAlive: setInterval(() => {
              // A connection torn down without a close, or a client that stopped reading,
              // leaves bytes unread: three intervals in a row of that and the stream is closed.
              stream.stalled = unread(stream) > 0 ? stream.stalled + 1 : 0;
              if (stream.stalled >= 3) drop(id);
              else enqueue(id, stream, ": keep-alive\n\n");
            }, keepAliveMs),
          };
          streams.set(id, stream);
          controller.enqueue(
            encoder.encode(`event: endpoint\ndata: ${postPath}?sessionId=${id}\n\n`),
          );
        },
        cancel() {
          drop(id);
        },
      }, { highWaterMark: 0, size: (chunk) => chunk.byteLength });
      return new Response(body, { headers: SSE_HEADERS });
    },
    async post(sessionId, credential, readBody) {
      const stream = streams.get(sessionId);
      if (stream && timingSafeEqual(stream.credential, credential)) {
        const body = await readBody();
        if (body instanceof Response) return body;
        // The stream may have closed while the body arrived.
        if (streams.get(sessionId) !== stream) return unknownSession();
        void deliver(sessionId, stream, body);
        return new Response(null, { status: 202 });
      }
      // Another isolate's session, if one claims it; only then is the body read and passed on.
      const claimed = /^[0-9a-f-]{36}$/.test(sessionId) && await relay.claim(sessionId, credential);
      if (!claimed) return unknownSession();
      const body = await readBody();
      if (body instanceof Response) return body;
      relay.send(sessionId, body, credential);
      return new Response(null, { status: 202 });
    },
    notifyChanged() {
      for (const [id, stream] of [...streams]) {
        for (const method of LIST_CHANGED_NOTIFICATIONS) {
          send(id, stream, "message", JSON.stringify({ jsonrpc: "2.0", method }));
        }
      }
    },
    close() {
      for (const id of [...streams.keys()]) drop(id);
      relay.close();
    },
  };
}
