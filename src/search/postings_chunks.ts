/**
 * Postings in chunks: the edge index (the JSON module an edge function imports on its first
 * search) keeps the dictionary, counts, names and lengths, and the build writes the postings as
 * JSON modules of about {@link POSTINGS_CHUNK_CHARS} characters, each a run of consecutive terms
 * of the sorted dictionary. A search imports the chunks of the terms it expands to (a prefix's
 * completions sit together), not the postings of every term (tldr: 1.3 MB of a 2.2 MB index).
 *
 * @module
 */
import { heavyPostingsOf } from "./heavy_postings.ts";
import type { SearchIndexData } from "./search_index.ts";

/** Characters of postings a chunk holds, about (a module of the edge bundle). */
export const POSTINGS_CHUNK_CHARS = 64 * 1024;

/**
 * Characters of postings a sharded build's chunk holds, about: a rare word's postings are a few
 * hundred bytes, and a search reads the whole chunk they are in, so smaller chunks than a bundle's
 * (where each is a module imported) save most of what a search reads of them. On a 30,638-page
 * shelf, six questions' cold first searches read 67–222 KB of postings instead of 105–347 KB with
 * 64 KB chunks (2026-11-28); the edge index then lists 826 chunks' first terms instead of 245
 * (3.7 KB more).
 */
export const SHARD_POSTINGS_CHARS = 16 * 1024;

/**
 * Splits an index's postings into chunks of consecutive terms of about `chunkChars` characters:
 * the edge index (no postings, `postingsChunks` the first term of each chunk) and the chunks.
 * With `heavyChars`, the edge index also lists the terms whose postings are at least that long
 * (`heavyPostings`: `heavy_postings.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitPostings } from "./postings_chunks.ts";
 * import { buildSearchIndex } from "./search_index.ts";
 * const data = await buildSearchIndex([
 *   { id: "a", name: "Alpha", keywords: [], description: "", content: "one two three" },
 * ], "h").export();
 * const { edge, chunks } = splitPostings(data, 10);
 * assert.deepEqual(edge.postings, []);
 * assert.equal(edge.postingsChunks?.length, chunks.length);
 * assert.deepEqual(chunks.flat(), data.postings);
 * ```
 */
export function splitPostings(
  data: SearchIndexData,
  chunkChars = POSTINGS_CHUNK_CHARS,
  heavyChars?: number,
): { edge: SearchIndexData; chunks: string[][] } {
  const chunks: string[][] = [];
  const starts: number[] = [];
  let size = Infinity;
  data.postings.forEach((postings, i) => {
    if (size >= chunkChars) {
      starts.push(i);
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(postings);
    size += postings.length + data.terms[i]!.length;
  });
  if (chunks.length === 0) return { edge: data, chunks: [] };
  const heavy = heavyChars === undefined
    ? undefined
    : heavyPostingsOf(data.terms, data.postings, heavyChars);
  return {
    edge: {
      ...data,
      postings: [],
      postingsChunks: starts,
      ...(heavy ? { heavyPostings: heavy } : {}),
    },
    chunks,
  };
}
