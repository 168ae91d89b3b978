import type { ChunkCache } from "../content/chunk_cache.ts";
import type { ContentStore } from "../content/content_store.ts";
import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";
import { buildIndexFor, createSearchEngine, type SearchEngine } from "./search_engine.ts";
import { importSearchIndex, type SearchIndexData } from "./search_index.ts";

/** Options of {@link createEngineCache}. */
export interface EngineCacheOptions {
  /**
   * Loads the prebuilt index for the store whose content hash is given (bundled module, file or
   * fetch); `undefined` when there is none. A scoped view of the store has a hash of its own
   * (`scoped_store.ts`), and its own prebuilt index when the build wrote one.
   */
  loadPrebuilt?: (contentHash: string) => Promise<SearchIndexData | undefined>;
  /** Imports a postings chunk of a prebuilt index that keeps its postings in chunks (the edge). */
  postingsChunk?: (k: number) => Promise<unknown>;
  /** Reads a dictionary range of a prebuilt index that keeps its dictionary in ranges. */
  dictionaryRange?: (k: number) => Promise<unknown>;
  /** Reads a dictionary volume of such an index (`SearchIndex.readRest`). */
  dictionaryVolume?: (k: number) => Promise<unknown>;
  /** The byte bound on postings chunks read from shards (shared with the bodies'). */
  chunkCache?: ChunkCache;
  /** Told why a prebuilt index was not used. */
  onWarning?: (message: string) => void;
}

/** Per-isolate search engines, one per content store. */
export interface EngineCache {
  get(store: ContentStore): Promise<SearchEngine>;
}

/**
 * Gives each content store its search engine, made once (on the first search, not at start):
 * the prebuilt index is imported when its analyzer and content hash match the store, otherwise
 * the index is built from the store. A new store (new content hash) gets a new engine.
 *
 * @example
 * ```ts ignore
 * const engines = createEngineCache({ loadPrebuilt: async () => (await import("./index.json", { with: { type: "json" } })).default });
 * const engine = await engines.get(store);
 * ```
 */
export function createEngineCache(options: EngineCacheOptions = {}): EngineCache {
  const engines = new WeakMap<ContentStore, Promise<SearchEngine>>();
  const make = async (store: ContentStore): Promise<SearchEngine> => {
    let data: SearchIndexData | undefined;
    try {
      data = await options.loadPrebuilt?.(store.contentHash);
    } catch (error) {
      // Its shards unreachable for now: this search fails (and the next one tries again) rather
      // than reading every body of a large knowledge base to build an index.
      if (error instanceof ShardUnavailableError) throw error;
      options.onWarning?.(`prebuilt search index not loaded: ${(error as Error).message}`);
    }
    if (data) {
      if (data.contentHash !== store.contentHash) {
        options.onWarning?.("prebuilt search index is for other content; building one instead");
      } else {
        try {
          const { postingsChunk, chunkCache, dictionaryRange, dictionaryVolume } = options;
          return createSearchEngine(
            store,
            importSearchIndex(data, {
              ...(postingsChunk ? { postingsChunk } : {}),
              ...(chunkCache ? { chunkCache } : {}),
              ...(dictionaryRange ? { dictionaryRange } : {}),
              ...(dictionaryVolume ? { dictionaryVolume } : {}),
            }),
          );
        } catch (error) {
          options.onWarning?.(`${(error as Error).message}; building the index instead`);
        }
      }
    }
    await store.loadBodies();
    return createSearchEngine(store, buildIndexFor(store));
  };
  return {
    get(store) {
      let engine = engines.get(store);
      if (!engine) {
        engine = make(store);
        engines.set(store, engine);
        engine.catch(() => engines.delete(store));
      }
      return engine;
    },
  };
}
