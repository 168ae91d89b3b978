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
