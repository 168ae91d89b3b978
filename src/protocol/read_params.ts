import { ErrorCode, RpcError } from "./rpc_error.ts";

/**
 * Reads a string param of an MCP method, or throws `-32602` naming it and the rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringParam } from "./read_params.ts";
 * assert.ok(stringParam({ uri: "acdc://a/b" }, "uri") === "acdc://a/b");
 * try { stringParam({}, "uri"); } catch (e) { assert.ok((e as Error).message === "uri: required string"); }
 * ```
 */
export function stringParam(
  params: Record<string, unknown>,
  key: string,
  options: { maxLength?: number; optional?: false } = {},
): string {
  const value = params[key];
  if (typeof value !== "string") {
    throw new RpcError(ErrorCode.InvalidParams, `${key}: required string`);
  }
  const max = options.maxLength ?? 2048;
  if (value.length > max) {
    throw new RpcError(ErrorCode.InvalidParams, `${key}: longer than ${max} characters`);
  }
  return value;
}

/** Reads an optional object param (`-32602` when present but not an object). */
export function objectParam(params: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = params[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new RpcError(ErrorCode.InvalidParams, `${key}: must be an object`);
  }
  return value as Record<string, unknown>;
}
