import { errorResponse, parseJson, responseText } from "../protocol/codec.ts";
import {
  type Connection,
  dispatchMessage,
  LIST_CHANGED_NOTIFICATIONS,
} from "../protocol/dispatch_message.ts";
import type { McpServer } from "../protocol/mcp_server.ts";
import { ErrorCode, RpcError } from "../protocol/rpc_error.ts";
import { createLineSplitter, type LinePiece } from "./line_splitter.ts";

/** Longest line accepted on stdin (one JSON-RPC message). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  server: McpServer;
  input: ReadableStream<Uint8Array>;
  /** Writes one line (a JSON-RPC message plus `\n`). */
  write: (line: string) => Promise<void>;
  /** Called with a function that sends the list-changed notifications (dev mode). */
  onReady?: (notifyChanged: () => Promise<void>) => void;
}

/**
 * The stdio transport: newline-delimited JSON-RPC on `input`, one response line per request on
 * `write`. Both eras work (`initialize`, or `server/discover` and `_meta`); a malformed line is
 * answered with `-32700` and the loop goes on; the returned promise resolves at end of input.
 * Nothing but JSON-RPC is written to `write` (logs belong on stderr).
 *
 * @example
 * ```ts ignore
 * await serveStdio({ server, input: Deno.stdin.readable, write: (l) => writeAll(l) });
 * ```
 */
export async function serveStdio(options: StdioOptions): Promise<void> {
  const connection: Connection = { protocolVersion: "2024-11-05" };
  // A client that closes our stdout (BrokenPipe) has gone: stop quietly, never crash.
  let closed = false;
  const write = async (line: string) => {
    if (closed) return;
    try {
      await options.write(line);
    } catch {
      closed = true;
    }
  };
  let pending = Promise.resolve();
  if (options.onReady) {
    connection.listChanged = true;
    options.onReady(async () => {
      for (const method of LIST_CHANGED_NOTIFICATIONS) {
        pending = pending.then(() => write(JSON.stringify({ jsonrpc: "2.0", method }) + "\n"));
      }
      await pending;
    });
  }
  const handleLine = async (line: string) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = parseJson(line);
    } catch {
      await write(
        JSON.stringify(
          errorResponse(
            null,
            new RpcError(ErrorCode.ParseError, "Parse error: the line is not valid JSON"),
          ),
        ) + "\n",
      );
      return;
    }
    const reply = await dispatchMessage(options.server, value, connection);
    if (reply !== undefined) await write(responseText(reply) + "\n");
  };
  const tooLong = () => {
    pending = pending.then(() =>
      write(
        JSON.stringify(
          errorResponse(
            null,
            new RpcError(
              ErrorCode.InvalidRequest,
              `Invalid Request: a line longer than ${MAX_LINE_BYTES} bytes`,
            ),
          ),
        ) + "\n",
      )
    );
  };
  const lines = createLineSplitter(MAX_LINE_BYTES);
  const handle = (piece: LinePiece) => {
    // Lines are handled in order; a slow one does not reorder responses.
    if (piece.kind === "line") pending = pending.then(() => handleLine(piece.line));
    else tooLong();
  };
  for await (const chunk of options.input) {
    if (closed) break;
    for (const piece of lines.push(chunk)) handle(piece);
  }
  for (const piece of lines.end()) handle(piece);
  await pending;
}
