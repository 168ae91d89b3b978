/**
 * JSON with every character past ASCII written as a `\uXXXX` escape: the same value when parsed,
 * and, once decoded from bytes, a text V8 holds as a one-byte string. The build writes its
 * manifest and index files so (one non-ASCII character anywhere makes a decoded file a two-byte
 * string, slower to decode and to parse: tldr's 8.5 MB manifest, 2,217 such characters, imported
 * as a JSON module in 62 ms instead of 77, 2026-11-23), and kept answers go out so (see
 * `responseText` in `codec.ts`; an answer made for one request goes out as it is).
 *
 * @module
 */

const PAST_ASCII = /[\u0080-\uffff]/g;

/**
 * A JSON text with its characters past ASCII escaped (they stand only inside its strings, where
 * an escape means the same character). A text without any is returned as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiText } from "./ascii_json.ts";
 * assert.equal(asciiText('{"t":"Café — ok"}'), '{"t":"Caf\\u00e9 \\u2014 ok"}');
 * assert.equal(JSON.parse(asciiText('["🚀"]'))[0], "🚀");
 * ```
 */
export function asciiText(json: string): string {
  return json.replace(PAST_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const utf8 = new TextEncoder();
const ascii = new TextDecoder();

/**
 * An ASCII text as a one-byte string. V8 keeps a string made from a two-byte string two-byte
 * though every character in it is ASCII (what {@link asciiText} returns for a JSON text that had
 * characters past ASCII, or a `JSON.stringify` of ASCII strings cut from a two-byte text), and
 * Deno converts a two-byte response body to UTF-8 character by character for every response,
 * where a one-byte body is copied as it is. Decoding the text's bytes makes the one-byte string.
 * Costs a copy each way (about 7 µs for 48 KB): for a text sent many times.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiText, oneByteText } from "./ascii_json.ts";
 * const text = asciiText('{"t":"a — b"}'); // two-byte, all ASCII
 * assert.equal(text, '{"t":"a \\u2014 b"}');
 * assert.equal(oneByteText(text), text); // the same text (held in one byte per character)
 * ```
 */
export function oneByteText(text: string): string {
  return ascii.decode(utf8.encode(text));
}

/**
 * A value as JSON text in ASCII ({@link asciiText} of its `JSON.stringify`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiJson } from "./ascii_json.ts";
 * const value = { title: "Café ☕", emoji: "🚀", plain: "tar -xf" };
 * const text = asciiJson(value);
 * assert.equal(text, '{"title":"Caf\\u00e9 \\u2615","emoji":"\\ud83d\\ude80","plain":"tar -xf"}');
 * assert.deepEqual(JSON.parse(text), value);
 * ```
 */
export function asciiJson(value: unknown): string {
  return asciiText(JSON.stringify(value));
}
