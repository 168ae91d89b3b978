import { errorResponse } from "../protocol/codec.ts";
import { RpcError } from "../protocol/rpc_error.ts";

/**
 * An HTTP error carrying a JSON-RPC error body without id, the one shape every non-200
 * transport answer uses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { httpError } from "./http_error.ts";
 * const res = httpError(405, -32600, "Method not allowed");
 * assert.ok(res.status === 405);
 * ```
 */
export function httpError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body = JSON.stringify(errorResponse(null, new RpcError(code, message)));
  return new Response(body, {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * An HTTP-level refusal thrown by a middleware or route; the app's one `onError` turns it into
 * {@link httpError}'s response.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  /** The response this refusal is. */
  toResponse(): Response {
    return httpError(this.status, this.code, this.message, this.headers);
  }
}
