/**
 * The app as an edge function runs it (Netlify Edge; any isolate that imports the build's
 * output as modules): settings from the platform's environment, read once; the manifest and
 * index imported from the bundle, or — when the build wrote stubs because they were past the
 * bundle budget, or `SHELF_MANIFEST` says so — fetched from the published site once per isolate,
 * revalidated after the cache TTL, with the last good copy kept if a fetch fails. A sharded
 * build's stub (`{ "shards": root }`, `src/shards/shard_root.ts`) names content-addressed shards
 * instead, each read on first need from the site's URL (a public build), the deploy's Netlify
 * Blobs store (a private one) or the source the entry gives; the modules that read them are
 * imported with the first request of a sharded build, never by one serving a bundled build.
 * Reads no files, ever.
 *
 * @module
 */
import { createApp, type ShelfApp } from "./app.ts";
import { resolveConfig } from "./config/resolve_config.ts";
import { fetchManifest } from "./content/load_manifest.ts";
import type { Manifest } from "./content/manifest.ts";
import { createStoreCache } from "./content/store_cache.ts";
import { createEngineCache } from "./search/engine_cache.ts";
import { isViewHash } from "./content/scoped_store.ts";
import type { SearchIndexData } from "./search/search_index.ts";
import { logLine } from "./transport/log_sink.ts";
import type { BlobStoreLike } from "./shards/blobs_shard_source.ts";
import { deferredShards } from "./shards/deferred_shards.ts";
import { namesPublishedRoot } from "./shards/root_file_name.ts";
import type { ShardSource } from "./shards/shard_source.ts";

/** A build output imported as a module: the data itself, or a stub naming where it is served. */
export type Bundled<T> = T | { external: string };

/** What an edge adapter gives {@link createEdgeApp}. */
export interface EdgeInputs {
  /** The platform's environment (`Netlify.env.get`). */
  env: (name: string) => string | undefined;
  /** `edge-manifest.json`, imported as a JSON module. */
  manifest: unknown;
  /** Imports `edge-index.json` (on the first search, not at start). */
  index: () => Promise<unknown>;
  /**
   * Imports body chunk `k` of the edge manifest (`edge-bodies/<k>.json`, through the build's
   * `edge-bodies.ts`), when a request first needs a body in it.
   */
  bodyChunk?: (k: number) => Promise<unknown>;
  /** Imports postings chunk `k` of the edge index (`edge-postings/<k>.json`), when first needed. */
  postingsChunk?: (k: number) => Promise<unknown>;
  /**
   * Imports the prebuilt index of a scoped view (what a token with some scopes sees) by its
   * content hash (`edge-views/<k>.json`, through the build's `edge-views.ts`); `undefined` when the
   * build wrote none for it.
   */
  viewIndex?: (contentHash: string) => Promise<unknown>;
  /**
   * Opens the deploy's Netlify Blobs store (`getDeployStore()` of `@netlify/blobs`), where a
   * private sharded build's shards are; imported by the adapter only when it is needed.
   */
  blobs?: () => Promise<BlobStoreLike>;
  /**
   * Where a sharded build's shards are read from, when not where the build put them (the site's
   * URL, or `blobs`): another platform's storage, or a test's.
   */
  shardSource?: ShardSource;
}

/**
 * Whether the app serves a sharded build: `SHELF_MANIFEST` (`remote`) names a root file, or the
 * bundled manifest is a stub naming shards (`{ shards: root }`, perhaps with `inline` texts). Only
 * then are the modules that read shards imported (`shards/edge_shards.ts`, on the first request).
 */
function namesShards(bundled: unknown, remote: string | undefined): boolean {
  if (remote !== undefined) return namesPublishedRoot(remote);
  return typeof bundled === "object" && bundled !== null && "shards" in bundled;
}

/**
 * Builds the edge app. The site's own URL (`URL` in the environment) resolves the stubs and
 * `SHELF_MANIFEST`.
 *
 * @example
 * ```ts ignore
 * const app = createEdgeApp({
 *   env: (n) => Netlify.env.get(n),
 *   manifest,
 *   index: () => import(…),
 *   bodyChunk: (k) => import(…),
 *   postingsChunk: (k) => import(…),
 * });
 * ```
 */
/** The edge app: the Shelf app, and how the adapter hands it a request. */
export type EdgeApp = ShelfApp & {
  /**
   * Answers a request, or passes a site file (`llms.txt`, `llms-full.txt`, `/_shelf/…`) on to
   * `next` (the CDN's static file) when the site is public: a public build publishes them; a
   * private one (any auth mode, or a source with a scope) publishes none, and the function
   * serves them behind its check.
   */
  serve(request: Request, next?: () => Promise<Response>): Response | Promise<Response>;
};

export function createEdgeApp(inputs: EdgeInputs): EdgeApp {
  const { env } = inputs;
  const settings = resolveConfig({ env });
  const site = env("URL") ?? "http://localhost";
  const sharded = namesShards(inputs.manifest, settings.manifest)
    ? deferredShards(async () =>
      (await import("./shards/edge_shards.ts")).edgeShards(inputs, site, settings.manifest)
    )
    : undefined;
  const bundled = inputs.manifest as Bundled<Manifest>;
  const remotePath = sharded
    ? undefined
    : settings.manifest ?? ("external" in bundled ? bundled.external : undefined);
  const manifest = sharded || "external" in bundled ? undefined : bundled;
  const ttlMs = manifest?.settings?.cacheTtlMs;
  const bodyChunk = remotePath ? undefined : inputs.bodyChunk;
  const app = createApp({
    stores: createStoreCache({
      ...(sharded?.store ?? {
        load: remotePath ? fetchManifest(new URL(remotePath, site).href) : () => manifest!,
        ...(bodyChunk ? { bodyChunk } : {}),
      }),
      ...(ttlMs !== undefined ? { ttlMs } : {}),
      onError: (error) =>
        console.warn(`[shelf] manifest reload failed, serving the last good copy: ${error}`),
    }),
    engines: createEngineCache({
      ...(sharded?.engine ?? {
        // The engine cache uses the index only when its content hash matches the manifest's.
        loadPrebuilt: async (hash: string) => {
          if (isViewHash(hash)) {
            return await inputs.viewIndex?.(hash) as SearchIndexData | undefined;
          }
          const index = await inputs.index() as Bundled<SearchIndexData>;
          if (!("external" in index)) return index;
          const res = await fetch(new URL(index.external, site));
          return res.ok ? await res.json() as SearchIndexData : undefined;
        },
        ...(inputs.postingsChunk ? { postingsChunk: inputs.postingsChunk } : {}),
      }),
      onWarning: (message) => console.warn(`[shelf] ${message}`),
    }),
    search: settings.search,
    auth: settings.auth,
    allowedOrigins: settings.allowedOrigins ?? ["*"],
    maxBodyBytes: settings.maxBodyBytes,
    // The CDN parses the request line and makes the URL; links come from it (or `site.url`).
    platformUrls: true,
    sse: { maxStreams: settings.maxSseStreams },
    // One line per request, as the batched sink of `deno run` writes it (an edge isolate may be
    // frozen between requests, so nothing is held back for a later write).
    log: (entry) => console.log(logLine(entry)),
    ...(sharded ? { chunkCache: sharded.store.chunkCache } : {}),
  });
  // A build with a scoped source publishes no site files whatever the auth mode (scripts/build.ts):
  // the function serves them (the view without any scope). A build past the edge budget is public.
  const staticSiteFiles = settings.auth.type === "none" &&
    !manifest?.sources.some((s) => s.scope !== undefined);
  return Object.assign(app, {
    serve(request: Request, next?: () => Promise<Response>) {
      if (next && staticSiteFiles && isSiteFile(request.url)) return next();
      return app.fetch(request);
    },
  });
}

/** Whether a URL is one of the site files a public build publishes. */
function isSiteFile(url: string): boolean {
  const path = new URL(url).pathname;
  return path === "/llms.txt" || path === "/llms-full.txt" || path.startsWith("/_shelf/");
}
