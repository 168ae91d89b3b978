/**
 * How many leading characters `a` and `b` share: what front coding (a sorted list written as
 * each string's difference from the one before) leaves out of each string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sharedPrefix } from "./shared_prefix.ts";
 * assert.equal(sharedPrefix("java/util/Map", "java/util/List"), 10);
 * assert.equal(sharedPrefix("", "a"), 0);
 * assert.equal(sharedPrefix("ab", "ab"), 2);
 * ```
 */
export function sharedPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let p = 0;
  while (p < most && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}
