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

/** A term's documents in one field and their frequencies (`tfs[i]` for `docs[i]`). */
export interface FieldPostings {
  readonly docs: readonly number[];
  readonly tfs: readonly number[];
}

/** A well-formed segment: `gap[:tf]` entries in base 36, joined by `,`. */
const SEGMENT = /^[0-9a-z]+(?::[0-9a-z]+)?(?:,[0-9a-z]+(?::[0-9a-z]+)?)*$/;

const EMPTY: FieldPostings = Object.freeze({ docs: [], tfs: [] });

/**
 * Encodes one term's postings: per field, `[document, frequency, …]` with documents increasing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePostings, encodePostings } from "./postings.ts";
 * const s = encodePostings([[3, 1], [], [0, 2, 40, 1, 41, 5]]);
 * assert.equal(s, "3||0:2,14,1:5");
 * assert.deepEqual(decodePostings(s, 3), [
 *   { docs: [3], tfs: [1] },
 *   { docs: [], tfs: [] },
 *   { docs: [0, 40, 41], tfs: [2, 1, 5] },
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
 * Throws on a malformed string, so a damaged index is rebuilt rather than searched.
 */
export function decodePostings(encoded: string, fieldCount: number): FieldPostings[] {
  const segments = encoded.split("|");
  const out: FieldPostings[] = [];
  for (let f = 0; f < fieldCount; f++) {
    const segment = segments[f] ?? "";
    if (segment === "") {
      out.push(EMPTY);
      continue;
    }
    if (!SEGMENT.test(segment)) throw new Error(`malformed postings segment '${segment}'`);
    const docs: number[] = [];
    const tfs: number[] = [];
    let doc = 0;
    for (const entry of segment.split(",")) {
      const colon = entry.indexOf(":");
      const gap = parseInt(colon === -1 ? entry : entry.slice(0, colon), 36);
      const tf = colon === -1 ? 1 : parseInt(entry.slice(colon + 1), 36);
      if (!(gap >= 0) || !(tf >= 1) || (docs.length > 0 && gap === 0)) {
        throw new Error(`malformed postings entry '${entry}'`);
      }
      doc += gap;
      docs.push(doc);
      tfs.push(tf);
    }
    out.push({ docs, tfs });
  }
  return out;
}
