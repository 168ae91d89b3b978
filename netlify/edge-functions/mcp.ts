/**
 * Netlify Edge adapter. Settings come from `Netlify.env` once per isolate; the manifest is the
 * JSON module `deno task build` wrote (or, with `SHELF_MANIFEST` set to a URL such as
 * `/_shelf/manifest.json`, fetched from the site and revalidated after the cache TTL); the
 * prebuilt search index is imported on the first search. Each request goes to the app.
 *
 * @module
 */
import bundled from "../../dist/_shelf/manifest.json" with { type: "json" };
import { createApp } from "../../src/app.ts";
import { resolveConfig } from "../../src/config/resolve_config.ts";
import { fetchManifest } from "../../src/content/load_manifest.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";
import type { SearchIndexData } from "../../src/search/search_index.ts";

declare const Netlify: { env: { get(name: string): string | undefined } } | undefined;
const env = (name: string) => (typeof Netlify !== "undefined" ? Netlify.env.get(name) : undefined);

const settings = resolveConfig({ args: [], env });
const manifest = bundled as Manifest;
const remote = settings.manifest
  ? new URL(settings.manifest, env("URL") ?? "http://localhost")
  : undefined;
const app = createApp({
  stores: createStoreCache({
    load: remote ? fetchManifest(remote.href) : () => manifest,
    ...(manifest.settings?.cacheTtlMs !== undefined ? { ttlMs: manifest.settings.cacheTtlMs } : {}),
    onError: (error) =>
      console.warn(`[shelf] manifest reload failed, serving the last good copy: ${error}`),
  }),
  engines: createEngineCache({
    // The bundled index matches the bundled manifest; a fetched manifest builds its own.
    loadPrebuilt: async () =>
      remote
        ? undefined
        : (await import("../../dist/_shelf/index.json", { with: { type: "json" } }))
          .default as unknown as SearchIndexData,
    onWarning: (message) => console.warn(`[shelf] ${message}`),
  }),
  search: settings.search,
  auth: settings.auth,
  allowedOrigins: settings.allowedOrigins ?? ["*"],
  maxBodyBytes: settings.maxBodyBytes,
  sse: { maxStreams: settings.maxSseStreams },
  log: (entry) => console.log(JSON.stringify(entry)),
});

/** Netlify calls this for every request on the routes in {@link config}. */
export default (request: Request): Response | Promise<Response> => app.fetch(request);

/** Routes served by this edge function (the same as in netlify.toml). */
export const config = { path: ["/mcp", "/mcp/", "/sse", "/messages", "/health"] };
