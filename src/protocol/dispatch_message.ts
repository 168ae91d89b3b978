import { classifyMessage, errorResponse, type JsonRpcResponse } from "./codec.ts";
import type { McpServer } from "./mcp_server.ts";
import type { Session } from "./method_context.ts";
import { ErrorCode, RpcError } from "./rpc_error.ts";
import { batchRefusal, runBatch } from "./run_batch.ts";
import { decideEra } from "./decide_era.ts";
import { allowsBatches } from "./versions.ts";

/** A connection that remembers the version its `initialize` negotiated (stdio, legacy SSE). */
export interface Connection {
  protocolVersion: string;
  /** Change notifications will be sent on this connection (dev mode). */
  listChanged?: boolean;
  /** The scopes of the token that opened the connection (see `Session.scopes`). */
  scopes?: readonly string[];
}

/** The notifications sent on open connections when the content is rebuilt. */
export const LIST_CHANGED_NOTIFICATIONS = [
  "notifications/resources/list_changed",
  "notifications/prompts/list_changed",
  "notifications/tools/list_changed",
] as const;

/**
 * Handles one parsed message on a connection-oriented transport (stdio, legacy HTTP+SSE): a
 * request whose `_meta` names a version is served in that era (2026-07-28 statelessly);
 * anything else uses the connection's negotiated version, which `initialize` updates. Batches
 * are accepted for connections on 2025-03-26 and earlier. Notifications and responses produce
 * nothing.
 *
 * @example
 * ```ts ignore
 * const conn = { protocolVersion: "2024-11-05" };
 * const reply = await dispatchMessage(server, { jsonrpc: "2.0", id: 1, method: "ping" }, conn);
 * ```
 */
export async function dispatchMessage(
  server: McpServer,
  value: unknown,
  connection: Connection,
): Promise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
  if (Array.isArray(value)) {
    const refused = batchRefusal(value) ??
      (allowsBatches(connection.protocolVersion) ? undefined : new RpcError(
        ErrorCode.InvalidRequest,
        `Invalid Request: batches are not supported in protocol version ${connection.protocolVersion}`,
      ));
    if (refused) return errorResponse(null, refused);
    const replies = await runBatch(value, (v) => dispatchOne(server, v, connection));
    return replies.length > 0 ? replies : undefined;
  }
  return dispatchOne(server, value, connection);
}

async function dispatchOne(
  server: McpServer,
  value: unknown,
  connection: Connection,
): Promise<JsonRpcResponse | undefined> {
  const incoming = classifyMessage(value);
  if (incoming.kind === "invalid") return errorResponse(incoming.id, incoming.error);
  if (incoming.kind !== "request") return undefined;
  const request = incoming.message;
  const era = decideEra(request, {
    headerVersion: null,
    fallbackVersion: connection.protocolVersion,
  });
  if ("refusal" in era) return errorResponse(request.id, era.refusal);
  const session: Session = era.session;
  if (connection.listChanged) session.listChanged = true;
  if (connection.scopes) session.scopes = connection.scopes;
  const response = await server.handle(request, session);
  if (request.method === "initialize" && "result" in response) {
    connection.protocolVersion = String(response.result.protocolVersion);
  }
  return response;
}
