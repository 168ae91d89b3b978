/**
 * The bytes of large request bodies an app may hold at once. Each body costs a few times its
 * size while it is read, parsed and answered (about 4 MB per 1 MiB body at the peak, measured
 * on Deno 2.9 in 2026-11): without a bound, a few hundred concurrent 1 MiB posts would take an
 * edge isolate's 512 MB. Small bodies (the usual MCP request) are not counted.
 *
 * @module
 */
import { ErrorCode } from "../protocol/rpc_error.ts";
import { httpError } from "./http_error.ts";

/** Bodies up to this size are not counted (nor read into a buffer of their own). */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Default bytes of large bodies in flight per app: 64 MiB (64 bodies of 1 MiB). */
export const DEFAULT_BODY_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** A shared allowance of body bytes (see {@link createBodyBudget}). */
export interface BodyBudget {
  /**
   * Takes the bytes of a body of `declared` bytes (`NaN`: unknown, counted as `max`); returns
   * how many were taken (0 for a small body), or `undefined` when the allowance cannot take them
   * now. Give them back with {@link BodyBudget.give} once the request is answered.
   */
  take(declared: number, max: number): number | undefined;
  give(bytes: number): void;
  /** Bytes held now. */
  readonly held: number;
}

/** The answer to a request whose body the allowance cannot take now: 503, retry shortly. */
export function busy(): Response {
  return httpError(
    503,
    ErrorCode.InternalError,
    "Server busy: too many large request bodies in flight; try again shortly",
    { "retry-after": "1" },
  );
}

/**
 * Makes an allowance of `maxBytes` for large bodies in flight.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createBodyBudget } from "./body_budget.ts";
 * const budget = createBodyBudget(300_000);
 * const first = budget.take(200_000, 1 << 20);
 * assert.equal(first, 200_000);
 * assert.equal(budget.take(200_000, 1 << 20), undefined); // would pass the allowance
 * assert.equal(budget.take(100, 1 << 20), 0); // small: not counted
 * budget.give(first!);
 * assert.equal(budget.held, 0);
 * assert.equal(budget.take(Number.NaN, 250_000), 250_000); // unknown length: the cap
 * ```
 */
export function createBodyBudget(maxBytes = DEFAULT_BODY_BYTES_IN_FLIGHT): BodyBudget {
  let held = 0;
  return {
    get held() {
      return held;
    },
    take(declared, max) {
      if (declared <= SMALL_BODY_BYTES) return 0;
      const bytes = Number.isFinite(declared) ? Math.min(declared, max) : max;
      if (held + bytes > maxBytes) return undefined;
      held += bytes;
      return bytes;
    },
    give(bytes) {
      held -= bytes;
    },
  };
}
