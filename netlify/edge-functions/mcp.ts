/**
 * Netlify Edge adapter. Settings come from `Netlify.env` once per isolate. The build writes
 * `edge-manifest.json` and `edge-index.json`: for knowledge bases within the bundle budget they
 * are the manifest and the search index, imported as JSON modules (no files are read at
 * runtime); past it they point at the published `/_shelf/manifest.json` and `index.json`,
 * which each isolate fetches once and revalidates after the cache TTL, keeping the last good
 * copy. `SHELF_MANIFEST` (a URL or site path) forces fetching. Each request goes to the app.
 *
 * @module
 */
import edgeManifest from "../../dist/_shelf/edge-manifest.json" with { type: "json" };
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
const site = env("URL") ?? "http://localhost";
const bundled = edgeManifest as unknown as Manifest | { external: string };
const remotePath = settings.manifest ?? ("external" in bundled ? bundled.external : undefined);
const remote = remotePath ? new URL(remotePath, site).href : undefined;
const manifest = "external" in bundled ? undefined : bundled;
const ttlMs = manifest?.settings?.cacheTtlMs;

const app = createApp({
  stores: createStoreCache({
    load: remote ? fetchManifest(remote) : () => manifest!,
    ...(ttlMs !== undefined ? { ttlMs } : {}),
    onError: (error) =>
      console.warn(`[shelf] manifest reload failed, serving the last good copy: ${error}`),
  }),
  engines: createEngineCache({
    // The engine cache uses the index only when its content hash matches the manifest's.
    loadPrebuilt: async () => {
      const index = (await import("../../dist/_shelf/edge-index.json", { with: { type: "json" } }))
        .default as unknown as SearchIndexData | { external: string };
      if (!("external" in index)) return index;
      const res = await fetch(new URL(index.external, site));
      return res.ok ? await res.json() as SearchIndexData : undefined;
    },
    onWarning: (message) => console.warn(`[shelf] ${message}`),
  }),
  search: settings.search,
  auth: settings.auth,
  allowedOrigins: settings.allowedOrigins ?? ["*"],
  maxBodyBytes: settings.maxBodyBytes,
  sse: { maxStreams: settings.maxSseStreams },
  log: (entry) => console.log(JSON.stringify(entry)),
});

/** Netlify calls this for every request on the routes declared in `netlify.toml`. */
export default (request: Request): Response | Promise<Response> => app.fetch(request);
