/**
 * Netlify Edge adapter: the manifest arrives as a JSON module built by `deno task build`, the
 * prebuilt search index is imported on the first search, the app is created once per isolate,
 * and each request is handed to it.
 *
 * @module
 */
import manifest from "../../dist/_shelf/manifest.json" with { type: "json" };
import { createApp } from "../../src/app.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import type { SearchIndexData } from "../../src/search/search_index.ts";

const app = createApp({
  stores: createStoreCache({ load: () => manifest as Manifest }),
  engines: createEngineCache({
    loadPrebuilt: async () =>
      (await import("../../dist/_shelf/index.json", { with: { type: "json" } }))
        .default as unknown as SearchIndexData,
    onWarning: (message) => console.warn(`[shelf] ${message}`),
  }),
});

/** Netlify calls this for every request on the routes in {@link config}. */
export default (request: Request): Response | Promise<Response> => app.fetch(request);

/** Routes served by this edge function (the same as in netlify.toml). */
export const config = { path: ["/mcp", "/mcp/", "/health"] };
