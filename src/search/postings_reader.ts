/**
 * Reading an index's postings: from the index data, or from chunks imported on first need.
 *
 * @module
 */
import type { ChunkCache } from "../content/chunk_cache.ts";
import { createChunkLoader, LOADED } from "../content/chunk_loader.ts";
import type { SearchIndexData } from "./search_index.ts";
import { lastAtOrBefore } from "../last_at_or_before.ts";

/**
 * Reading postings: from the index data, or from chunks imported on first need; `termCount` terms
 * in all, `find` giving a term's position among them.
 */
export function createPostingsReader(
  data: SearchIndexData,
  termCount: number,
  find: (term: string) => number,
  postingsChunk: ((k: number) => Promise<unknown>) | undefined,
  cache?: ChunkCache,
) {
  const starts = data.postingsChunks;
  if (starts === undefined || !postingsChunk) {
    return {
      postingsOf: (i: number) => data.postings[i]!,
      load: (_terms: Iterable<string>) => LOADED,
      loadPositions: (_from: number, _to: number, _most: number): Promise<void> | undefined =>
        LOADED,
      loadAll: () => LOADED,
    };
  }
  const chunkOf = (i: number): number => Math.max(0, lastAtOrBefore(starts, i));
  const size = (k: number) => (starts[k + 1] ?? termCount) - starts[k]!;
  const chunks = createChunkLoader(starts.length, postingsChunk, (chunk, k) => {
    if (!Array.isArray(chunk) || chunk.length !== size(k)) {
      throw new TypeError(`postings chunk ${k} is not ${size(k)} postings`);
    }
    return chunk as string[];
  }, cache);
  return {
    postingsOf(i: number): string {
      const k = chunkOf(i);
      const chunk = chunks.get(k);
      if (!chunk) throw new Error(`postings of term ${i} read before loadPostings`);
      return chunk[i - starts[k]!]!;
    },
    load(terms: Iterable<string>): Promise<void> {
      const wanted: number[] = [];
      for (const term of terms) {
        const i = find(term);
        if (i >= 0) wanted.push(chunkOf(i));
      }
      return chunks.load(wanted);
    },
    /**
     * Loads the chunks holding positions `from` up to `to`, when they are at most `most`; else
     * loads nothing and gives `undefined`.
     */
    loadPositions(from: number, to: number, most: number): Promise<void> | undefined {
      const [first, last] = [chunkOf(from), chunkOf(to - 1)];
      if (last - first >= most) return undefined;
      return chunks.load(Array.from({ length: last - first + 1 }, (_, k) => first + k));
    },
    loadAll: () => chunks.load(starts.keys()),
  };
}
