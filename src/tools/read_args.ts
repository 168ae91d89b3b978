/** A tool argument that breaks its rule; turned into an `isError` result naming the field. */
export class ToolArgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolArgError";
  }
}

/** Rules of {@link stringArg}. */
export interface StringRule {
  required?: boolean;
  maxLength?: number;
  /** Reject strings that are empty after trimming. */
  nonEmpty?: boolean;
}

/**
 * Reads a string argument, or throws {@link ToolArgError} naming the field and the rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringArg } from "./read_args.ts";
 * assert.ok(stringArg({ slug: "a" }, "slug", { required: true }) === "a");
 * assert.ok(stringArg({}, "category") === undefined);
 * try { stringArg({ slug: 3 }, "slug"); } catch (e) { assert.ok((e as Error).message === "slug: must be a string"); }
 * ```
 */
export function stringArg(
  args: Record<string, unknown>,
  name: string,
  rule: StringRule = {},
): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) {
    if (rule.required) throw new ToolArgError(`${name}: is required`);
    return undefined;
  }
  if (typeof value !== "string") throw new ToolArgError(`${name}: must be a string`);
  const max = rule.maxLength ?? 1000;
  if (value.length > max) throw new ToolArgError(`${name}: must be at most ${max} characters`);
  if ((rule.nonEmpty || rule.required) && value.trim() === "") {
    throw new ToolArgError(`${name}: must not be empty`);
  }
  return value;
}

/**
 * Reads an integer argument within `[min, max]`; values above `clampTo` are clamped to it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intArg } from "./read_args.ts";
 * assert.ok(intArg({ limit: 10 }, "limit", { min: 1, fallback: 50 }) === 10);
 * assert.ok(intArg({}, "limit", { min: 1, fallback: 50 }) === 50);
 * assert.ok(intArg({ limit: 9999 }, "limit", { min: 1, fallback: 50, clampTo: 500 }) === 500);
 * ```
 */
export function intArg(
  args: Record<string, unknown>,
  name: string,
  rule: { min: number; fallback: number; clampTo?: number },
): number {
  const value = args[name];
  if (value === undefined || value === null) return rule.fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ToolArgError(`${name}: must be an integer`);
  }
  if (value < rule.min) throw new ToolArgError(`${name}: must be at least ${rule.min}`);
  return rule.clampTo !== undefined ? Math.min(value, rule.clampTo) : value;
}

/** Reads a boolean argument. */
export function boolArg(args: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw new ToolArgError(`${name}: must be true or false`);
  return value;
}
