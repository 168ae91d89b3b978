import { InvalidParamsError } from "../invalid_params.ts";

/** JSON-RPC and MCP error codes Shelf uses. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Resource not found in the legacy eras (2026-07-28 uses InvalidParams). */
  ResourceNotFound: -32002,
  /** 2026-07-28: HTTP headers do not match the body, or a required header is missing. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the requested protocol version is not supported. */
  UnsupportedProtocolVersion: -32022,
} as const;

/** A JSON-RPC error object as it appears on the wire. */
export interface ErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The one error type that reaches the wire. Handlers throw it; the codec turns it into a
 * JSON-RPC error object and the transport picks the HTTP status. Anything else thrown becomes
 * `-32603 Internal error` without details.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ErrorCode, RpcError, toErrorObject } from "./rpc_error.ts";
 * import { InvalidParamsError } from "../invalid_params.ts";
 * const e = new RpcError(ErrorCode.InvalidParams, "uri: required");
 * assert.ok(toErrorObject(e).code === -32602);
 * assert.ok(toErrorObject(new Error("boom")).message === "Internal error");
 * assert.ok(toErrorObject(new InvalidParamsError("x: bad")).code === -32602);
 * ```
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
  }
}

/** Whether an error is an expected answer (not a bug): an RpcError or invalid parameters. */
export function isExpectedError(error: unknown): boolean {
  return error instanceof RpcError || error instanceof InvalidParamsError;
}

/** Converts anything thrown into a wire error object, hiding internals of unexpected errors. */
export function toErrorObject(error: unknown): ErrorObject {
  if (error instanceof InvalidParamsError) {
    return { code: ErrorCode.InvalidParams, message: error.message };
  }
  if (error instanceof RpcError) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  }
  return { code: ErrorCode.InternalError, message: "Internal error" };
}
