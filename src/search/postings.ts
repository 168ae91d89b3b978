/**
 * One term's postings in the prebuilt index: for each indexed field, the documents that have
 * the term and how often. Stored as one short string per term so that loading an index is
 * parsing strings (cheap in any JSON parser), and a term is decoded only when a query asks for
 * it — a cold isolate rebuilds no structure for the whole dictionary.
 *
 * Format: one segment per field, in the index's field order, joined by `|`; a segment lists the
 * documents in increasing order, joined by `,`, each as the base-36 gap from the previous one
 * (the first: its number), followed by `:` and the base-36 frequency when that is above 1.
 *
 * @module
 */

/**
 * A term's documents in one field and their frequencies (`tfs[i]` for `docs[i]`): views of one
 * buffer per decoded term (a cold isolate's first search decodes tens of thousands of entries;
 * as arrays of numbers grown one at a time, they were as much garbage again).
 */
export interface FieldPostings {
  readonly docs: Int32Array;
  readonly tfs: Int32Array;
}

/** Each ASCII code's base-36 digit (`0`–`9`, `a`–`z`), or -1. */
const DIGIT = new Int8Array(128).fill(-1);
for (let c = 0; c < 36; c++) DIGIT[c < 10 ? 48 + c : 87 + c] = c;

const EMPTY: FieldPostings = Object.freeze({ docs: new Int32Array(0), tfs: new Int32Array(0) });

/** The largest document number or frequency a posting may hold. */
const MOST = 0x7fff_ffff;

/**
 * Encodes one term's postings: per field, `[document, frequency, …]` with documents increasing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePostings, encodePostings } from "./postings.ts";
 * const s = encodePostings([[3, 1], [], [0, 2, 40, 1, 41, 5]]);
 * assert.equal(s, "3||0:2,14,1:5");
 * assert.deepEqual(decodePostings(s, 3).map((f) => [[...f.docs], [...f.tfs]]), [
 *   [[3], [1]],
 *   [[], []],
 *   [[0, 40, 41], [2, 1, 5]],
 * ]);
 * ```
 */
export function encodePostings(fields: readonly (readonly number[])[]): string {
  return fields.map((pairs) => {
    const out: string[] = [];
    let previous = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      const doc = pairs[i]!;
      const tf = pairs[i + 1]!;
      const gap = (doc - previous).toString(36);
      out.push(tf > 1 ? `${gap}:${tf.toString(36)}` : gap);
      previous = doc;
    }
    return out.join(",");
  }).join("|");
}

/**
 * Decodes {@link encodePostings}'s string into `fieldCount` fields (missing segments are empty).
 * Throws on a malformed string (a number past 2³¹ − 1 is), so a damaged index is rebuilt rather
 * than searched.
 */
export function decodePostings(encoded: string, fieldCount: number): FieldPostings[] {
  // One pass over the characters, with no substrings: a cold isolate's first search decodes
  // tens of thousands of entries, and this is the loop it spends that time in.
  const out: FieldPostings[] = [];
  const end = encoded.length;
  // Every entry takes a character and a separator (but the last): room for them all, documents
  // in the first half and frequencies in the second.
  const room = (end + 1) >> 1;
  const buffer = new Int32Array(2 * room);
  let used = 0;
  let i = 0;
  // The base-36 number at `i`, or -1 when no digit is there; leaves `i` after it.
  const numberAt = (): number => {
    let value = -1;
    while (i < end) {
      const c = encoded.charCodeAt(i);
      const digit = c < 128 ? DIGIT[c]! : -1;
      if (digit < 0) break;
      value = (value < 0 ? 0 : value * 36) + digit;
      if (value > MOST) throw malformed();
      i++;
    }
    return value;
  };
  const malformed = () =>
    new Error(`malformed postings at character ${i} of '${encoded.slice(0, 80)}'`);
  for (let f = 0; f < fieldCount; f++) {
    if (i >= end || encoded.charCodeAt(i) === 0x7c) {
      out.push(EMPTY);
      i++;
      continue;
    }
    const start = used;
    let doc = 0;
    for (;;) {
      const gap = numberAt();
      // The first entry is a document number (0 allowed); every later one a gap of at least 1.
      if (gap < 0 || (gap === 0 && used > start)) throw malformed();
      let tf = 1;
      if (i < end && encoded.charCodeAt(i) === 0x3a) {
        i++;
        tf = numberAt();
        if (tf < 1) throw malformed();
      }
      doc += gap;
      if (doc > MOST) throw malformed();
      buffer[used] = doc;
      buffer[room + used] = tf;
      used++;
      if (i >= end) break;
      const c = encoded.charCodeAt(i++);
      if (c === 0x7c) break;
      if (c !== 0x2c) throw malformed();
    }
    out.push({
      docs: buffer.subarray(start, used),
      tfs: buffer.subarray(room + start, room + used),
    });
  }
  return out;
}
