/**
 * A large value's JSON in pieces, for the build steps that read the whole manifest or index as
 * JSON (its content hash, its gzipped size, its file): the pieces are hashed, compressed or
 * written one at a time, so that the JSON of a large knowledge base (hundreds of megabytes) is
 * never one string in memory.
 *
 * @module
 */
import { asciiText } from "../protocol/ascii_json.ts";

/** About how many characters a piece gathers before it is handed on. */
export const PIECE_CHARS = 1 << 20;

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `JSON.stringify(value)` in pieces (joined, the same text): the outer `depth` levels of arrays
 * and plain objects are written member by member, and the members gathered into pieces of
 * about `size` characters (a member longer than that is one piece of its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonPieces } from "./json_pieces.ts";
 * const value = { a: [1, undefined, { b: "é" }], skip: undefined, d: new Date(0), n: null };
 * const pieces = [...jsonPieces(value, 2, 4)];
 * assert.equal(pieces.join(""), JSON.stringify(value));
 * assert.ok(pieces.length > 1);
 * ```
 */
export function* jsonPieces(
  value: unknown,
  depth = 2,
  size = PIECE_CHARS,
): Generator<string, void, undefined> {
  let piece = "";
  const parts: string[] = [];
  // Gathers what is written; a full piece is handed on at the next `yield* flush()`.
  const put = (text: string) => {
    piece += text;
    if (piece.length >= size) {
      parts.push(piece);
      piece = "";
    }
  };
  function* flush() {
    while (parts.length > 0) yield parts.shift()!;
  }
  function* walk(v: unknown, level: number): Generator<string, void, undefined> {
    const split = level > 0 && typeof v === "object" && v !== null &&
      (Array.isArray(v) || isPlain(v)) && typeof (v as { toJSON?: unknown }).toJSON !== "function";
    if (!split) {
      put(JSON.stringify(v) ?? "null");
      yield* flush();
      return;
    }
    if (Array.isArray(v)) {
      put("[");
      for (let i = 0; i < v.length; i++) {
        if (i > 0) put(",");
        yield* walk(v[i], level - 1);
      }
      put("]");
      return;
    }
    put("{");
    let first = true;
    for (const [key, member] of Object.entries(v as object)) {
      if (member === undefined || typeof member === "function" || typeof member === "symbol") {
        continue;
      }
      put(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      yield* walk(member, level - 1);
    }
    put("}");
  }
  yield* walk(value, depth);
  yield* flush();
  if (piece !== "") yield piece;
}

/**
 * The gzipped size (bytes) of text given in pieces (each compressed as it comes: within a few
 * hundredths of a percent of the text compressed at once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gzippedSize } from "./json_pieces.ts";
 * const size = await gzippedSize(["a".repeat(100_000), "b".repeat(100_000)]);
 * assert.ok(size > 20 && size < 2_000);
 * ```
 */
export async function gzippedSize(pieces: Iterable<string>): Promise<number> {
  const gzip = new CompressionStream("gzip");
  const writer = gzip.writable.getWriter();
  const counted = (async () => {
    let bytes = 0;
    for await (const chunk of gzip.readable) bytes += chunk.byteLength;
    return bytes;
  })();
  const utf8 = new TextEncoder();
  for (const piece of pieces) await writer.write(utf8.encode(piece));
  await writer.close();
  return await counted;
}

/**
 * `asciiJson(value)` in pieces (non-ASCII escaped, as the published files are written).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiJsonPieces } from "./json_pieces.ts";
 * import { asciiJson } from "../protocol/ascii_json.ts";
 * const value = { t: ["é", "ü"] };
 * assert.equal([...asciiJsonPieces(value)].join(""), asciiJson(value));
 * ```
 */
export function* asciiJsonPieces(value: unknown): Generator<string, void, undefined> {
  for (const piece of jsonPieces(value)) yield asciiText(piece);
}

/**
 * Writes `value` as ASCII JSON (`asciiJson`, non-ASCII escaped) to `file`, piece by piece;
 * returns its size in bytes.
 */
export async function writeAsciiJson(file: string, value: unknown): Promise<number> {
  const out = await Deno.open(file, { write: true, create: true, truncate: true });
  const utf8 = new TextEncoder();
  let bytes = 0;
  try {
    for (const piece of asciiJsonPieces(value)) {
      const data = utf8.encode(piece);
      bytes += data.byteLength;
      for (let at = 0; at < data.length;) at += await out.write(data.subarray(at));
    }
  } finally {
    out.close();
  }
  return bytes;
}
