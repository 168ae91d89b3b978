/**
 * Lists of non-negative integers as short ASCII text: each number in groups of 5 bits, lowest
 * first, one character per group from a 64-letter alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `-`,
 * `_`: nothing JSON escapes), the letter's value plus 32 when another group follows. A number
 * under 32 is one character, under 1,024 two, under 32,768 three — where a JSON array spends a
 * comma and one to five digits on each. Parsing it is one pass over the characters.
 *
 * @module
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Each ASCII code's value in {@link ALPHABET}, or -1. */
const VALUE = new Int8Array(128).fill(-1);
for (let v = 0; v < 64; v++) VALUE[ALPHABET.charCodeAt(v)] = v;

/**
 * `values` as text (each a non-negative safe integer; throws on any other).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeNumbers, encodeNumbers } from "./number_text.ts";
 * assert.equal(encodeNumbers([0, 1, 31, 32, 1000]), "ABfgBof");
 * assert.deepEqual(decodeNumbers("ABfgBof"), [0, 1, 31, 32, 1000]);
 * assert.throws(() => encodeNumbers([-1]), /not a non-negative integer/);
 * ```
 */
export function encodeNumbers(values: Iterable<number>): string {
  const out: string[] = [];
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${value} is not a non-negative integer`);
    }
    let rest = value;
    while (rest >= 32) {
      out.push(ALPHABET[(rest % 32) + 32]!);
      rest = Math.floor(rest / 32);
    }
    out.push(ALPHABET[rest]!);
  }
  return out.join("");
}

/**
 * The numbers of {@link encodeNumbers}'s text; throws a `SyntaxError` on a letter outside the
 * alphabet or a number cut short.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeNumbers } from "./number_text.ts";
 * assert.deepEqual(decodeNumbers(""), []);
 * assert.throws(() => decodeNumbers("g"), /cut short/);
 * assert.throws(() => decodeNumbers("A,"), /character 1/);
 * ```
 */
export function decodeNumbers(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) throw new SyntaxError(`Cannot read numbers: character ${i} is not one of them`);
    if (v >= 32) {
      value += (v - 32) * scale;
      scale *= 32;
    } else {
      out.push(value + v * scale);
      value = 0;
      scale = 1;
    }
  }
  if (scale !== 1) throw new SyntaxError("Cannot read numbers: the last one is cut short");
  return out;
}
