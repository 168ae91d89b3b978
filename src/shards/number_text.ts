/**
 * Lists of non-negative integers as short ASCII text that the runtime decodes natively: the
 * numbers as one typed array of 1, 2 or 4 bytes each (the fewest that hold the largest),
 * little-endian, written in base64url after one digit naming the width. A number is 1.33, 2.67 or
 * 5.33 characters where a JSON array spends a comma and one to ten digits; reading them is one
 * `Uint8Array.fromBase64` and a view of its bytes, no loop over the numbers in JavaScript (a
 * cold isolate runs such loops in the interpreter: 100,000 numbers read one character at a time
 * took 17–25 ms of CPU, 2.5 ms this way; 2-core VM, 2026-11-28).
 *
 * @module
 */

/** Widths in bytes, by the digit that names them. */
const WIDTHS = { "1": Uint8Array, "2": Uint16Array, "4": Uint32Array } as const;

/** A width, by the digit that names it. */
export type Width = keyof typeof WIDTHS;

/** The typed arrays {@link decodeNumbers} gives. */
export type Numbers = Uint8Array | Uint16Array | Uint32Array;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const fromBase64 = (Uint8Array as unknown as {
  fromBase64?: (text: string, options: { alphabet: "base64url" }) => Uint8Array;
}).fromBase64;

/** `bytes` in base64url without padding (build side: a loop is fine there). */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

/** The bytes of base64url `text`, natively where the runtime can; a `SyntaxError` on another. */
export function bytesOf(text: string): Uint8Array {
  if (fromBase64) {
    // No scan of the text in JavaScript (a cold isolate's regular expression took 2–5 ms over a
    // 110 KB name page): the runtime refuses another character, and one it skips (white space)
    // leaves fewer bytes than the text's length says.
    let bytes: Uint8Array | undefined;
    try {
      bytes = fromBase64(text, { alphabet: "base64url" });
    } catch {
      // not base64url: refused below
    }
    if (bytes && Math.ceil(bytes.length * 4 / 3) === text.length) return bytes;
    throw new SyntaxError("Cannot read numbers: not base64url");
  }
  if (/[^A-Za-z0-9_-]/.test(text)) throw new SyntaxError("Cannot read numbers: not base64url");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * `values` as text (each an integer from 0 to 2³² − 1; throws on any other).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeNumbers, encodeNumbers } from "./number_text.ts";
 * assert.equal(encodeNumbers([0, 1, 200]), "1AAHI");
 * assert.equal(encodeNumbers([1000]), "26AM");
 * assert.deepEqual([...decodeNumbers("1AAHI")], [0, 1, 200]);
 * assert.throws(() => encodeNumbers([-1]), /not an integer from 0/);
 * ```
 */
export function encodeNumbers(values: Iterable<number>): string {
  const { width, bytes } = numberBytes(values);
  return width + toBase64(bytes);
}

/**
 * `values` as little-endian bytes of the fewest of 1, 2 or 4 that hold the largest, and that width
 * (each an integer from 0 to 2³² − 1; throws on any other).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberBytes } from "./number_text.ts";
 * assert.deepEqual(numberBytes([1, 258]), { width: "2", bytes: new Uint8Array([1, 0, 2, 1]) });
 * ```
 */
export function numberBytes(values: Iterable<number>): { width: Width; bytes: Uint8Array } {
  const list = [...values];
  let most = 0;
  for (const value of list) {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
      throw new RangeError(`${value} is not an integer from 0 to 2^32 - 1`);
    }
    if (value > most) most = value;
  }
  const width: Width = most < 0x100 ? "1" : most < 0x1_0000 ? "2" : "4";
  const typed = new WIDTHS[width](list);
  let bytes = new Uint8Array(typed.buffer);
  if (!LITTLE_ENDIAN && width !== "1") {
    bytes = new Uint8Array(bytes.length);
    const view = new DataView(bytes.buffer);
    typed.forEach((v, i) =>
      width === "2" ? view.setUint16(2 * i, v, true) : view.setUint32(4 * i, v, true)
    );
  }
  return { width, bytes };
}

/**
 * The numbers of {@link encodeNumbers}' text as a typed array; throws a `SyntaxError` on text
 * that is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeNumbers } from "./number_text.ts";
 * assert.deepEqual([...decodeNumbers("1")], []);
 * assert.throws(() => decodeNumbers("3AA"), /width/);
 * assert.throws(() => decodeNumbers("2AA"), /cut short/);
 * assert.throws(() => decodeNumbers("1A,"), /base64url/);
 * ```
 */
export function decodeNumbers(text: string): Numbers {
  return numbersOfBytes(text[0], bytesOf(text.slice(1)));
}

/**
 * The numbers of {@link numberBytes}' `bytes` of `width` (`"1"`, `"2"` or `"4"`), read where they
 * are (copied when not aligned); throws a `SyntaxError` on others.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numbersOfBytes } from "./number_text.ts";
 * assert.deepEqual([...numbersOfBytes("2", new Uint8Array([9, 1, 0, 2, 1]).subarray(1))], [1, 258]);
 * assert.throws(() => numbersOfBytes("3", new Uint8Array()), /width/);
 * ```
 */
export function numbersOfBytes(width: string | undefined, bytes: Uint8Array): Numbers {
  if (width !== "1" && width !== "2" && width !== "4") {
    throw new SyntaxError(`Cannot read numbers: no width (${JSON.stringify(width)})`);
  }
  const size = Number(width);
  if (bytes.length % size !== 0) {
    throw new SyntaxError("Cannot read numbers: the last one is cut short");
  }
  if (width === "1") return bytes;
  // A typed array of 2 or 4 bytes starts at a multiple of its width.
  if (bytes.byteOffset % size !== 0) bytes = bytes.slice();
  if (LITTLE_ENDIAN) {
    return width === "2"
      ? new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)
      : new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const out = new WIDTHS[width](bytes.length / size);
  for (let i = 0; i < out.length; i++) {
    out[i] = width === "2" ? view.getUint16(2 * i, true) : view.getUint32(4 * i, true);
  }
  return out;
}
