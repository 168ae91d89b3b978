/**
 * A regular expression made on first use. A literal with Unicode property classes (`\p{L}`)
 * written at the top of a module is parsed when the module is evaluated, in every cold isolate,
 * whether or not a request ever applies it — about 1 ms for one with six classes on this
 * machine (a module holding only that literal: 0.8–1.2 ms to import, against 0.2 ms without
 * it). Made from its source on first use, it costs nothing until then.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazyPattern } from "./lazy_pattern.ts";
 * const letter = lazyPattern(String.raw`^\p{L}$`, "u");
 * assert.ok(letter().test("é") && !letter().test("1"));
 * assert.equal(letter(), letter()); // made once
 * ```
 */
export function lazyPattern(source: string, flags = ""): () => RegExp {
  let made: RegExp | undefined;
  return () => (made ??= new RegExp(source, flags));
}
