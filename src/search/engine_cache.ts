import type { ChunkCache } from "../content/chunk_cache.ts";
import type { ContentStore } from "../content/content_store.ts";
import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";
import { IndexUnavailableError } from "./index_unavailable_error.ts";
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
  /**
   * Imports postings chunk `k` of the prebuilt index of the store with `contentHash`, when that
   * index keeps its postings in chunks (the edge).
   */
  postingsChunk?: (k: number, contentHash: string) => Promise<unknown>;
  /**
   * Reads dictionary range `k` of the prebuilt index of the store with `contentHash`, when that
   * index keeps its dictionary in ranges (a sharded build's).
   */
  dictionaryRange?: (k: number, contentHash: string) => Promise<unknown>;
  /**
   * Reads dictionary volume `k` of the prebuilt index of the store with `contentHash`
   * (`SearchIndex.readRest`).
   */
  dictionaryVolume?: (k: number, contentHash: string) => Promise<unknown>;
  /**
   * Reads stats range `k` and name range `k` of the prebuilt index of the store with
   * `contentHash`, when that index keeps its documents' data in ranges (`document_ranges.ts`).
   */
  statsRange?: (k: number, contentHash: string) => Promise<unknown>;
  namesRange?: (k: number, contentHash: string) => Promise<unknown>;
  /** The byte bound on postings chunks read from shards (shared with the bodies'). */
  chunkCache?: ChunkCache;
  /** Told why a prebuilt index was not used. */
  onWarning?: (message: string) => void;
  /**
   * What to do when a prebuilt index is there but cannot be used (its load throws, it is for
   * other content, or it does not import): `"build"` one from the store's bodies (the default),
   * or `"fail"` the search with an {@link IndexUnavailableError} — a sharded build's choice,
   * where building reads every shard; the next search tries the prebuilt index again. A store
   * with no prebuilt index at all (`loadPrebuilt` gives `undefined`: a scoped view the build did
   * not index) is built either way.
   */
  unusable?: "build" | "fail";
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
    const unusable = (reason: string): void => {
      if (options.unusable !== "fail") {
        options.onWarning?.(`prebuilt search index not used (${reason}); building one instead`);
        return;
      }
      const error = new IndexUnavailableError(store.contentHash, reason);
      options.onWarning?.(error.message);
      throw error;
    };
    let data: SearchIndexData | undefined;
    try {
      data = await options.loadPrebuilt?.(store.contentHash);
    } catch (error) {
      // Its shards unreachable for now: this search fails (and the next one tries again) rather
      // than reading every body of a large knowledge base to build an index.
      if (error instanceof ShardUnavailableError) throw error;
      unusable(`not loaded: ${(error as Error).message}`);
    }
    if (data) {
      if (data.contentHash !== store.contentHash) {
        unusable("it is for other content");
      } else {
        try {
          const { postingsChunk, chunkCache, dictionaryRange, dictionaryVolume } = options;
          const { statsRange, namesRange } = options;
          const hash = store.contentHash;
          // An index not in this manifest's order finds the store's documents by their ids.
          if (!data.manifestOrder) await store.loadIds();
          return createSearchEngine(
            store,
            importSearchIndex(data, {
              ...(postingsChunk ? { postingsChunk: (k: number) => postingsChunk(k, hash) } : {}),
              ...(chunkCache ? { chunkCache } : {}),
              ...(dictionaryRange
                ? { dictionaryRange: (k: number) => dictionaryRange(k, hash) }
                : {}),
              ...(dictionaryVolume
                ? { dictionaryVolume: (k: number) => dictionaryVolume(k, hash) }
                : {}),
              ...(statsRange ? { statsRange: (k: number) => statsRange(k, hash) } : {}),
              ...(namesRange ? { namesRange: (k: number) => namesRange(k, hash) } : {}),
            }),
          );
        } catch (error) {
          unusable((error as Error).message);
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
