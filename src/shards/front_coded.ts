/**
 * Front-coded strings: a value column's form (`value_column.ts`) for strings that share long
 * beginnings with the one before — a sorted list of ids, where the pages of an API reference
 * share their package's path (`rust/core/arch/x86/struct.__m512d`, `…/struct.__m512i`). Each
 * string is written as the length of the beginning it shares with the one before (`p`, numbers:
 * `number_text.ts`) and the rest (`r`, the rests joined by `\n`, one JSON string: parsing it
 * makes one string, not one a document). Every {@link FRONT_CODED_RUN}th string is written whole,
 * so a string is rebuilt from at most that many: a cold isolate rebuilds only the strings it
 * reads (the ids of the documents it answers with), once each. On the reference shelf's 30,502
 * ids: 0.36 MB instead of 1.16 (2026-11-28).
 *
 * @module
 */
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { sharedPrefix } from "../content/shared_prefix.ts";

/** A column of strings, front-coded. */
export interface FrontCoded {
  /** Each string's length shared with the one before (0 for one written whole). */
  p: string;
  /** The rests, joined by `\n`. */
  r: string;
}

/** Every this many strings one is written whole (the first of each run). */
export const FRONT_CODED_RUN = 16;

const SEPARATOR = "\n";

/**
 * `values` front-coded, or `undefined` when one is not a string or holds a `\n`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeFrontCoded } from "./front_coded.ts";
 * const ids = ["d/api/a", "d/api/ab", "d/b"];
 * assert.deepEqual(encodeFrontCoded(ids), { p: "1AAcC", r: "d/api/a\nb\nb" });
 * assert.equal(encodeFrontCoded(["a\nb"]), undefined);
 * assert.equal(encodeFrontCoded(["a", undefined]), undefined);
 * ```
 */
export function encodeFrontCoded(values: readonly unknown[]): FrontCoded | undefined {
  const shared: number[] = [];
  const rests: string[] = [];
  let previous = "";
  for (let n = 0; n < values.length; n++) {
    const value = values[n];
    if (typeof value !== "string" || value.includes(SEPARATOR)) return undefined;
    const p = n % FRONT_CODED_RUN === 0 ? 0 : sharedPrefix(value, previous);
    shared.push(p);
    rests.push(value.slice(p));
    previous = value;
  }
  return { p: encodeNumbers(shared), r: rests.join(SEPARATOR) };
}

/**
 * The reader of front-coded column `column` (`count` strings): string `n` rebuilt on first read
 * from the nearest string before it already rebuilt or written whole, then kept. Throws a
 * `TypeError` naming `field` when it is not `count` front-coded strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeFrontCoded, frontCodedReader } from "./front_coded.ts";
 * const ids = Array.from({ length: 40 }, (_, n) => `java.base/java/util/Class${n}`);
 * const column = encodeFrontCoded(ids)!;
 * const at = frontCodedReader("i", column, 40);
 * assert.equal(at(37), ids[37]);
 * assert.deepEqual(Array.from({ length: 40 }, (_, n) => at(n)), ids);
 * assert.throws(() => frontCodedReader("i", column, 41), /column i has 40 of 41/);
 * const damaged = { p: "1AQA", r: "a\nb" }; // the first shares 1 with none before
 * assert.throws(() => frontCodedReader("i", damaged, 2), /column i's first value is not whole/);
 * ```
 */
export function frontCodedReader(
  field: string,
  column: FrontCoded,
  count: number,
): (n: number) => string | undefined {
  const { p, r } = column;
  if (typeof p !== "string" || typeof r !== "string") {
    throw new TypeError(`column ${field} is not front-coded`);
  }
  const shared = decodeNumbers(p);
  // Where each rest starts in `r` (one native search a string).
  const starts = new Uint32Array(count + 1);
  let at = 0;
  let n = 0;
  for (; n < count && at <= r.length; n++) {
    starts[n] = at;
    const end = r.indexOf(SEPARATOR, at);
    at = (end === -1 ? r.length : end) + 1;
  }
  if (shared.length !== count || n !== count || (count > 0 && at !== r.length + 1)) {
    throw new TypeError(`column ${field} has ${Math.min(shared.length, n)} of ${count} values`);
  }
  if (count > 0 && shared[0] !== 0) {
    throw new TypeError(`column ${field}'s first value is not whole`);
  }
  starts[count] = at;
  const rest = (k: number) => r.slice(starts[k]!, starts[k + 1]! - 1);
  // Made on the first read: an isolate that reads no string makes no list.
  let values: string[] | undefined;
  return (n) => {
    if (!(n >= 0 && n < count)) return undefined;
    values ??= new Array(count);
    const known = values[n];
    if (known !== undefined) return known;
    let k = n;
    while (values[k] === undefined && shared[k] !== 0) k--;
    let value = values[k] ??= rest(k);
    for (k++; k <= n; k++) value = values[k] = value.slice(0, shared[k]) + rest(k);
    return value;
  };
}
