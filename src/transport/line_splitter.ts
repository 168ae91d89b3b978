/**
 * Newline-delimited input as lines, with a cap on a line's length in bytes. Splitting happens on
 * the raw bytes (a `\n` byte is never part of a longer UTF-8 sequence), so the cap is exact and
 * only whole lines are decoded.
 *
 * @module
 */

/** What the splitter found: a whole line (without `\n` or `\r\n`), or a line past the cap. */
export type LinePiece = { kind: "line"; line: string } | { kind: "too-long" };

/** A stateful splitter: feed it chunks, then {@link LineSplitter.end} at end of input. */
export interface LineSplitter {
  /** The pieces completed by this chunk, in order. */
  push(chunk: Uint8Array): LinePiece[];
  /** The last line when the input did not end with a newline (nothing if it was cut). */
  end(): LinePiece[];
}

const utf8 = new TextDecoder();

/**
 * Makes a splitter whose lines hold at most `maxBytes` bytes. A longer line is reported once as
 * `too-long` as soon as it passes the cap, and everything up to its newline is dropped, however
 * the rest arrives (in one chunk, or many with pauses between them): no part of it is ever
 * taken for a line of its own. At most `maxBytes` bytes are held at any time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLineSplitter } from "./line_splitter.ts";
 * const bytes = (s: string) => new TextEncoder().encode(s);
 * const lines = createLineSplitter(8);
 * assert.deepEqual(lines.push(bytes('{"a":1}\r\n{"b"')), [{ kind: "line", line: '{"a":1}' }]);
 * assert.deepEqual(lines.push(bytes(":2}\nxxxxxx")), [{ kind: "line", line: '{"b":2}' }]);
 * assert.deepEqual(lines.push(bytes("xxxx")), [{ kind: "too-long" }]);
 * assert.deepEqual(lines.push(bytes('xx{"c":3}')), []); // still the long line: dropped
 * assert.deepEqual(lines.push(bytes('\n{"d":4}')), []);
 * assert.deepEqual(lines.end(), [{ kind: "line", line: '{"d":4}' }]);
 * ```
 */
export function createLineSplitter(maxBytes: number): LineSplitter {
  let parts: Uint8Array[] = [];
  let size = 0;
  /** Inside a line already reported as too long: dropping bytes until its newline. */
  let dropping = false;

  const take = (tail: Uint8Array): LinePiece => {
    let bytes = tail;
    if (parts.length > 0) {
      bytes = new Uint8Array(size + tail.byteLength);
      let at = 0;
      for (const part of parts) {
        bytes.set(part, at);
        at += part.byteLength;
      }
      bytes.set(tail, at);
    }
    parts = [];
    size = 0;
    const line = utf8.decode(bytes);
    return { kind: "line", line: line.endsWith("\r") ? line.slice(0, -1) : line };
  };
  const refuse = (): LinePiece => {
    parts = [];
    size = 0;
    return { kind: "too-long" };
  };

  return {
    push(chunk) {
      const out: LinePiece[] = [];
      let start = 0;
      while (start <= chunk.byteLength) {
        const newline = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.byteLength : newline);
        if (dropping) {
          if (newline !== -1) dropping = false;
        } else if (size + piece.byteLength > maxBytes) {
          out.push(refuse());
          dropping = newline === -1;
        } else if (newline !== -1) {
          out.push(take(piece));
        } else if (piece.byteLength > 0) {
          // Copied: the caller may reuse the chunk's buffer.
          parts.push(piece.slice());
          size += piece.byteLength;
        }
        if (newline === -1) break;
        start = newline + 1;
      }
      return out;
    },
    end() {
      if (dropping || size === 0) return [];
      return [take(new Uint8Array(0))];
    },
  };
}
