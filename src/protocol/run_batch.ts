import { classifyMessage, errorResponse, type JsonRpcResponse, serializeOnce } from "./codec.ts";
import { ErrorCode, RpcError } from "./rpc_error.ts";

/** Most messages one JSON-RPC batch may hold (every transport). */
export const MAX_BATCH_MESSAGES = 100;
/** Most bytes of responses one batch may produce; requests past it get an error instead. */
export const MAX_BATCH_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Milliseconds of work one batch may spend; requests that would start later get an error. */
export const MAX_BATCH_WORK_MS = 5;

/** Limits of {@link runBatch} (tests lower them). */
export interface BatchLimits {
  maxMessages?: number;
  maxResponseBytes?: number;
  maxWorkMs?: number;
}

/**
 * Why a batch is refused as a whole (empty, or over {@link MAX_BATCH_MESSAGES}), as the
 * `-32600` error to send; `undefined` when it may run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { batchRefusal } from "./run_batch.ts";
 * assert.equal(batchRefusal([])?.message, "Invalid Request: an empty batch");
 * assert.match(batchRefusal(new Array(101).fill({}))!.message, /more than 100/);
 * assert.equal(batchRefusal([{}]), undefined);
 * ```
 */
export function batchRefusal(values: unknown[], limits: BatchLimits = {}): RpcError | undefined {
  const max = limits.maxMessages ?? MAX_BATCH_MESSAGES;
  if (values.length === 0) {
    return new RpcError(ErrorCode.InvalidRequest, "Invalid Request: an empty batch");
  }
  if (values.length > max) {
    return new RpcError(
      ErrorCode.InvalidRequest,
      `Invalid Request: more than ${max} messages in a batch`,
    );
  }
  return undefined;
}

/**
 * Runs the messages of a batch one after another, within two budgets: the bytes of responses
 * so far and the time spent so far. A request that would start past either budget (or whose
 * own response would pass the byte budget) gets a `-32600` error saying so, so the client can
 * send it again on its own; notifications past a budget are dropped, as they get no answer
 * anyway. Call {@link batchRefusal} first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runBatch } from "./run_batch.ts";
 * const echo = (v: unknown) =>
 *   Promise.resolve({ jsonrpc: "2.0" as const, id: (v as { id: number }).id, result: { text: "x".repeat(60) } });
 * const batch = [1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "m" }));
 * const out = await runBatch(batch, echo, { maxResponseBytes: 250 }); // 105 bytes each
 * assert.deepEqual(out.map((r) => "result" in r), [true, true, false]);
 * ```
 */
export async function runBatch(
  values: unknown[],
  one: (value: unknown) => Promise<JsonRpcResponse | undefined>,
  limits: BatchLimits = {},
): Promise<JsonRpcResponse[]> {
  const maxBytes = limits.maxResponseBytes ?? MAX_BATCH_RESPONSE_BYTES;
  const maxMs = limits.maxWorkMs ?? MAX_BATCH_WORK_MS;
  const started = performance.now();
  const out: JsonRpcResponse[] = [];
  let bytes = 0;
  for (const value of values) {
    const over = bytes >= maxBytes
      ? "response size"
      : performance.now() - started >= maxMs
      ? "work"
      : undefined;
    if (over === undefined) {
      const response = await one(value);
      if (response === undefined) continue;
      const size = serializeOnce(response).length;
      if (bytes + size <= maxBytes) {
        bytes += size;
        out.push(response);
        continue;
      }
      bytes = maxBytes;
      out.push(skipped(response.id, "response size"));
      continue;
    }
    const incoming = classifyMessage(value);
    if (incoming.kind === "request") out.push(skipped(incoming.message.id, over));
    else if (incoming.kind === "invalid") out.push(errorResponse(incoming.id, incoming.error));
  }
  return out;
}

function skipped(id: JsonRpcResponse["id"], limit: string): JsonRpcResponse {
  return errorResponse(
    id,
    new RpcError(
      ErrorCode.InvalidRequest,
      `Batch ${limit} limit reached: this request was not run; send it again on its own or in a smaller batch`,
    ),
  );
}
