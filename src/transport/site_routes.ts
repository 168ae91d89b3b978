/**
 * The routes that serve the site around the MCP endpoint: health (`/health`, `/`), the server
 * card, `llms.txt`, `llms-full.txt`, the markdown twins and category indexes — all made from the
 * current store, with links based at one decided base URL.
 *
 * @module
 */
import type { Hono } from "hono";
import type { ContentStore } from "../content/content_store.ts";
import { freshnessOf } from "../content/freshness.ts";
import type { StoreCache } from "../content/store_cache.ts";
import type { McpServer } from "../protocol/mcp_server.ts";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { LATEST_LEGACY_VERSION } from "../protocol/versions.ts";
import type { CardAuth } from "../site/server_card.ts";
import type { SiteFiles } from "../site/site_files.ts";
import { SHELF_VERSION } from "../version.ts";
import type { AuthConfig } from "./guards.ts";
import { HttpError } from "./http_error.ts";
import { grantedScopes } from "./authorize.ts";
import { scopedStore } from "../content/scoped_store.ts";
import { RESOURCE_METADATA_PATHS, resourceMetadata } from "./oauth_settings.ts";
import {
  aiCatalog,
  CATALOG_PATHS,
  CATALOG_TYPE,
  SERVER_CARD_PATH,
  SERVER_CARD_TYPE,
  serverCard,
} from "../site/discovery.ts";
import type { LogVariables } from "./middleware.ts";

/** The server card's paths (`/.well-known/mcp`, and the `.json` form). */
export const CARD_PATHS = ["/.well-known/mcp", "/.well-known/mcp.json"];

/** Discovery links on the public documents: the llms.txt index and the server card. */
const DISCOVERY_LINKS = '</llms.txt>; rel="describedby"; type="text/plain", ' +
  '</.well-known/mcp>; rel="service-desc"; type="application/json"';

/** What {@link addSiteRoutes} serves from. */
export interface SiteRoutesDeps {
  stores: StoreCache;
  server: McpServer;
  /** How the deployment authenticates (the card states the mode; OAuth adds its metadata). */
  auth: AuthConfig;
  /** Open legacy SSE streams, for `/health`. */
  sseStreams: () => number;
}

/**
 * Adds the site routes to `app` (see the module doc). The base URL of every generated link is
 * one decision: the configured `site.url`, else the origin of the request's `Host` (the Host
 * rules refused a target naming another authority, so the URL's origin is it). What makes the
 * server card and the site files is imported on the first request for one: a cold isolate that
 * answers MCP does not load it (five modules, about 23 KB of source).
 *
 * @example
 * ```ts ignore
 * addSiteRoutes(app, { stores, server, auth: "none", sseStreams: () => hub.size });
 * ```
 */
export function addSiteRoutes(
  app: Hono<{ Variables: LogVariables }>,
  deps: SiteRoutesDeps,
): void {
  const { stores, server } = deps;
  const health = async () => {
    // What anyone may see: counts of scoped sources are not public.
    const store = scopedStore(await stores.get(), []);
    return {
      status: "ok",
      service: store.manifest.server.name,
      version: store.manifest.server.version,
      shelf: SHELF_VERSION,
      documents: store.manifest.documents.length,
      contentHash: store.contentHash,
      ...freshnessOf(store.manifest),
      sseStreams: deps.sseStreams(),
    };
  };
  app.get("/health", async (c) => {
    c.header("link", DISCOVERY_LINKS);
    return c.json(await health());
  });
  app.get("/", async (c) => {
    const h = await health();
    c.header("link", DISCOVERY_LINKS);
    return c.json({
      status: "healthy",
      service: h.service,
      version: h.version,
      protocol: `MCP ${LATEST_LEGACY_VERSION}`,
      endpoint: "/mcp",
    });
  });

  const baseOf = (store: ContentStore, url: string) =>
    store.manifest.settings?.siteUrl ?? parsedUrl(url).origin;
  for (const path of CARD_PATHS) {
    app.get(path, async (c) => {
      const { store, settings } = await server.current();
      c.header("link", DISCOVERY_LINKS);
      const base = baseOf(store, c.req.url);
      const { serverCardJson } = await import("../site/server_card.ts");
      return c.body(serverCardJson(store, settings, base, deps.auth.type as CardAuth), 200, {
        "content-type": "application/json",
      });
    });
  }
  // Discovery (the Server Card extension): the domain's catalog and this server's card.
  const discovery = (body: Record<string, unknown>, type: string) =>
    new Response(JSON.stringify(body), {
      headers: { "content-type": type, "cache-control": "public, max-age=3600" },
    });
  for (const path of CATALOG_PATHS) {
    app.get(path, async (c) => {
      const store = await stores.get();
      return discovery(
        aiCatalog(store.manifest.server, baseOf(store, c.req.url)),
        CATALOG_TYPE,
      );
    });
  }
  app.get(SERVER_CARD_PATH, async (c) => {
    const store = await stores.get();
    const card = serverCard(
      store.manifest.server,
      baseOf(store, c.req.url),
      deps.auth.type as CardAuth,
    );
    return discovery(card, SERVER_CARD_TYPE);
  });
  // RFC 9728: where a client learns which authorization server issues tokens for this resource.
  const oauth = deps.auth.type === "oauth" ? deps.auth : undefined;
  if (oauth) {
    for (const path of RESOURCE_METADATA_PATHS) {
      app.get(path, async (c) => {
        const store = await stores.get();
        const origin = store.manifest.settings?.siteUrl ?? parsedUrl(c.req.url).origin;
        const scoped = store.manifest.sources.flatMap((s) => s.scope ?? []);
        return c.json(resourceMetadata(oauth, origin, scoped));
      });
    }
  }
  const text = (body: string, type: string, base: string) =>
    new Response(body, {
      headers: {
        "content-type": `${type}; charset=utf-8`,
        "link": `<${base}/llms.txt>; rel="describedby"; type="text/plain"`,
      },
    });
  // The agent-facing files of the current store as the request may see it, and its base URL.
  const filesFor = async (request: Request) => {
    const store = scopedStore(await stores.get(), grantedScopes(request));
    // The files list and describe the documents (a sharded build's details are in ranges).
    await store.loadDocuments();
    const { siteFiles } = await import("../site/site_files.ts");
    return { base: baseOf(store, request.url), files: siteFiles(store) };
  };
  for (
    const [path, pick] of [
      ["/llms.txt", (f: SiteFiles) => f.llmsTxt()],
      ["/llms-full.txt", (f: SiteFiles) => f.llmsFull()],
    ] as const
  ) {
    app.get(path, async (c) => {
      const { base, files } = await filesFor(c.req.raw);
      return text((await pick(files)).fill(base), "text/plain", base);
    });
  }
  app.get("/_shelf/*", async (c) => {
    const { base, files } = await filesFor(c.req.raw);
    const path = parsedUrl(c.req.url).pathname;
    const doc = files.twin(path);
    if (doc) return text((await files.twinText(doc)).fill(base), "text/markdown", base);
    const index = files.index(path);
    if (index !== undefined) return text(index.fill(base), "text/markdown", base);
    throw new HttpError(
      404,
      ErrorCode.InvalidRequest,
      "Not found: see /llms.txt for the documents",
    );
  });
}

/**
 * A request's URL, parsed: one whose `Host` is no valid authority (Deno makes the URL of an
 * origin-form target from the raw header), or smuggles a user name (`localhost@evil.example`),
 * is a bad request.
 */
function parsedUrl(url: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Answered below.
  }
  if (!parsed || parsed.username !== "" || parsed.password !== "") {
    throw new HttpError(
      400,
      ErrorCode.InvalidRequest,
      "Bad request: the Host header is not a host",
    );
  }
  return parsed;
}
