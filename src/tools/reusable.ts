const reusable = new WeakSet<object>();

/**
 * Marks a result object as immutable and shared between requests (a cached list or tool
 * result), so the protocol serializes it once and reuses the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isReusable, markReusable } from "./reusable.ts";
 * const result = { tools: [] };
 * markReusable(result);
 * assert.ok(isReusable(result) && !isReusable({}));
 * ```
 */
export function markReusable(result: object): void {
  reusable.add(result);
}

/** Whether {@link markReusable} marked this object. */
export function isReusable(result: object): boolean {
  return reusable.has(result);
}
