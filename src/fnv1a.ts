/**
 * FNV-1a (32 bits) over the characters of `text` from `from` up to `to` (no substring made), as a
 * signed 32-bit integer (`>>> 0` makes it unsigned): the one string hash of body chunks, token
 * keys, document ranges' term hashes and the name rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fnv1a } from "./fnv1a.ts";
 * assert.equal(fnv1a("") >>> 0, 0x811c9dc5);
 * assert.equal(fnv1a("a") >>> 0, 0xe40c292c);
 * assert.equal(fnv1a("xaby", 1, 3), fnv1a("ab"));
 * ```
 */
export function fnv1a(text: string, from = 0, to = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}
