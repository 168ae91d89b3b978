/**
 * A request whose arguments break a rule, thrown where the wire is unknown (tools, prompts):
 * the protocol answers it as JSON-RPC `-32602` with this message, on every transport.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidParamsError } from "./invalid_params.ts";
 * const e = new InvalidParamsError("max_results: must be from 1 to 20");
 * assert.equal(e.name, "InvalidParamsError");
 * ```
 */
export class InvalidParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidParamsError";
  }
}
