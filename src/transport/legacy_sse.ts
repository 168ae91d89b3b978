import { errorResponse, parseJson, serializeResponse } from "../protocol/codec.ts";
import {
  type Connection,
  dispatchMessage,
  LIST_CHANGED_NOTIFICATIONS,
} from "../protocol/dispatch_message.ts";
import type { McpServer } from "../protocol/mcp_server.ts";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { httpError } from "./streamable_http.ts";

/** Options of {@link createSseHub}. */
export interface SseHubOptions {
  server: McpServer;
  /** Open streams allowed at once; more get 503. */
  maxStreams?: number;
  /** Interval of `: keep-alive` comments. */
  keepAliveMs?: number;
  /** BroadcastChannel name shared by isolates of one deployment; `null` disables the relay. */
  channel?: string | null;
  /** Streams receive list-changed notifications (`deno task dev`). */
  listChanged?: boolean;
  /** How long a relayed POST waits for the isolate holding the stream to answer. */
  relayTimeoutMs?: number;
}

/** The legacy HTTP+SSE transport (2024-11-05) of one isolate. */
export interface SseHub {
  /** Opens a stream; its first event is `endpoint` with `<postPath>?sessionId=<id>`. */
  open(request: Request, postPath: string): Response;
  /** Handles `POST <postPath>?sessionId=<id>` with the body already read. */
  post(sessionId: string, body: string): Promise<Response>;
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
  keepAlive: ReturnType<typeof setInterval>;
}

type RelayMessage =
  | { kind: "deliver"; relayId: string; sessionId: string; body: string }
  | { kind: "ack"; relayId: string };

const encoder = new TextEncoder();

/**
 * Creates the per-isolate table of SSE streams. Session ids are random UUIDs. A POST for a
 * session this isolate does not hold is relayed over `BroadcastChannel` to the isolate that
 * does (it acknowledges and answers on its stream); without an acknowledgement the POST gets
 * 404. A stream closed by the client frees its session at once.
 *
 * @example
 * ```ts ignore
 * const hub = createSseHub({ server });
 * app.get("/sse", (c) => hub.open(c.req.raw, "/messages"));
 * ```
 */
export function createSseHub(options: SseHubOptions): SseHub {
  const maxStreams = options.maxStreams ?? 1000;
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const relayTimeoutMs = options.relayTimeoutMs ?? 1000;
  const streams = new Map<string, Stream>();
  const waiting = new Map<string, () => void>();
  const channelName = options.channel === undefined ? "shelf-sse-relay" : options.channel;
  // Opened on first use: an open BroadcastChannel keeps a process alive, and most processes
  // (stdio, scripts, pure Streamable HTTP use) never need one.
  let channel: BroadcastChannel | undefined;
  const relay = (): BroadcastChannel | undefined => {
    if (channel || channelName === null || typeof BroadcastChannel === "undefined") return channel;
    channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent<RelayMessage>) => {
      const msg = event.data;
      if (msg.kind === "ack") {
        waiting.get(msg.relayId)?.();
        return;
      }
      const stream = streams.get(msg.sessionId);
      if (!stream) return;
      channel!.postMessage({ kind: "ack", relayId: msg.relayId } satisfies RelayMessage);
      void deliver(stream, msg.body);
    };
    return channel;
  };

  const send = (stream: Stream, event: string, data: string) => {
    try {
      stream.controller.enqueue(encoder.encode(`event: ${event}\ndata: ${data}\n\n`));
    } catch {
      // The client went away; cancel() cleans up.
    }
  };
  const deliver = async (stream: Stream, body: string) => {
    let value: unknown;
    try {
      value = parseJson(body);
    } catch (error) {
      send(stream, "message", JSON.stringify(errorResponse(null, error)));
      return;
    }
    const reply = await dispatchMessage(options.server, value, stream.connection);
    if (reply !== undefined) send(stream, "message", serializeResponse(reply));
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
    open(request, postPath) {
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
      relay();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const stream: Stream = {
            controller,
            connection: {
              protocolVersion: "2024-11-05",
              ...(options.listChanged ? { listChanged: true } : {}),
            },
            keepAlive: setInterval(() => {
              // A connection torn down without a close may leave the stream unread instead of
              // cancelled: keep-alives that pile up unread mean nobody is listening any more.
              if ((controller.desiredSize ?? 0) < -2) {
                drop(id);
                return;
              }
              try {
                controller.enqueue(encoder.encode(": keep-alive\n\n"));
              } catch {
                drop(id);
              }
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
      });
      request.signal?.addEventListener("abort", () => drop(id), { once: true });
      return new Response(body, {
        headers: {
          "content-type": "text/event-stream",
          "cache-control": "no-cache, no-transform",
          "connection": "keep-alive",
          "x-accel-buffering": "no",
        },
      });
    },
    async post(sessionId, body) {
      const stream = streams.get(sessionId);
      if (stream) {
        void deliver(stream, body);
        return new Response(null, { status: 202 });
      }
      const ch = /^[0-9a-f-]{36}$/.test(sessionId) ? relay() : undefined;
      if (ch) {
        const relayId = crypto.randomUUID();
        const acked = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            waiting.delete(relayId);
            resolve(false);
          }, relayTimeoutMs);
          waiting.set(relayId, () => {
            clearTimeout(timer);
            waiting.delete(relayId);
            resolve(true);
          });
          ch.postMessage({ kind: "deliver", relayId, sessionId, body } satisfies RelayMessage);
        });
        if (acked) return new Response(null, { status: 202 });
      }
      return httpError(
        404,
        ErrorCode.InvalidRequest,
        "Unknown or closed session: open a new stream with GET /sse",
      );
    },
    notifyChanged() {
      for (const stream of streams.values()) {
        for (const method of LIST_CHANGED_NOTIFICATIONS) {
          send(stream, "message", JSON.stringify({ jsonrpc: "2.0", method }));
        }
      }
    },
    close() {
      for (const id of [...streams.keys()]) drop(id);
      channel?.close();
      channel = undefined;
    },
  };
}
