import { Hono } from "hono";
import type { StoreCache } from "./content/store_cache.ts";
import type { ChunkCache } from "./content/chunk_cache.ts";
import { createMcpServer, type McpServer } from "./protocol/mcp_server.ts";
import { ErrorCode } from "./protocol/rpc_error.ts";
import type { BatchLimits } from "./protocol/run_batch.ts";
import type { EngineCache } from "./search/engine_cache.ts";
import type { SearchOverrides } from "./search/search_settings.ts";
import type { ToolRegistry } from "./tools/tool_registry.ts";
import { type AuthConfig, type ListenGuard, listenGuard } from "./transport/guards.ts";
import { createAuthorizer, grantedScopes } from "./transport/authorize.ts";
import { createBodyBudget } from "./transport/body_budget.ts";
import type { VerifierOptions } from "./transport/oauth.ts";
import { RESOURCE_METADATA_PATHS } from "./transport/oauth_settings.ts";
import { CATALOG_PATHS, SERVER_CARD_PATH } from "./site/discovery.ts";
import { createDirectPost } from "./transport/direct_post.ts";
import { createSseHub } from "./transport/legacy_sse.ts";
import { HttpError, httpError } from "./transport/http_error.ts";
import { addMcpRoutes, addOpenAiRoute, MCP_PATHS } from "./transport/mcp_routes.ts";
import { createOpenAiRegistry } from "./tools/tool_registry.ts";
import {
  authGuard,
  cors,
  hostGuard,
  type LogVariables,
  type RequestLog,
  requestLog,
} from "./transport/middleware.ts";
import { addSiteRoutes, CARD_PATHS } from "./transport/site_routes.ts";
import { DEFAULT_MAX_BODY_BYTES, handleStreamablePost } from "./transport/streamable_http.ts";

export type { RequestLog };

/** What {@link createApp} needs. Everything is resolved before the first request. */
export interface AppDeps {
  stores: StoreCache;
  tools?: ToolRegistry;
  /** Search engines per store; give one with `loadPrebuilt` to use the build's index. */
  engines?: EngineCache;
  /** Overrides the manifest's search settings (environment, flags). */
  search?: SearchOverrides;
  /**
   * Origins allowed to call from a browser (`*`, exact, or `http://localhost:*`). Default: decided
   * by where the server listens (see {@link ShelfApp.listening}): loopback origins on a loopback
   * address, else `*`.
   */
  allowedOrigins?: readonly string[];
  auth?: AuthConfig;
  maxBodyBytes?: number;
  /**
   * The platform makes each request's URL (an edge function behind its CDN, which parses the
   * request line itself): the app then leaves the request-target rule (`checkTarget`) to it.
   * Unset, a target whose authority is not the `Host` is refused (Deno makes the URL from the
   * request line).
   */
  platformUrls?: boolean;
  /** OAuth verification options (`transport/oauth.ts`), for tests. */
  oauth?: VerifierOptions;
  /** Bytes of large request bodies held at once (default 64 MiB; see `body_budget.ts`). */
  maxBodyBytesInFlight?: number;
  /** Budgets of one JSON-RPC batch over HTTP (defaults in `protocol/run_batch.ts`). */
  batch?: BatchLimits;
  /** Legacy SSE: open streams allowed, keep-alive interval, relay channel (`null`: none), and
   * whether streams get list-changed notifications (dev mode). */
  sse?: {
    maxStreams?: number;
    keepAliveMs?: number;
    maxQueueBytes?: number;
    channel?: string | null;
    listChanged?: boolean;
    relayTimeoutMs?: number;
  };
  /** Request log sink (default: none). */
  log?: (entry: RequestLog) => void;
  /** A sharded build's chunk cache: each request holds the chunks it reads until it answers. */
  chunkCache?: ChunkCache;
  /** Where unexpected errors are reported (default: stderr). */
  onError?: (error: unknown, where: string) => void;
}

/**
 * The Hono app plus its MCP server (which stdio serves too, so every transport of a process
 * shares one) and its SSE controls: notify streams of a rebuild, close them all.
 */
export type ShelfApp = Hono & {
  server: McpServer;
  notifyChanged(): void;
  shutdown(): void;
  /**
   * Tells the app where it listens, as the runtime reports it once bound (`onListen`): on a
   * loopback address it refuses foreign `Host` headers and, unless origins are configured,
   * foreign browser origins (`transport/guards.ts`, `listenGuard`). Until then, and on
   * platforms that bind for it (edge functions), it is guarded as a public server.
   */
  listening(address: { hostname: string }): void;
};

/** Paths served without credentials: health checks, the server card, OAuth resource metadata. */
const PUBLIC_PATHS = [
  "/health",
  "/",
  ...CARD_PATHS,
  ...RESOURCE_METADATA_PATHS,
  ...CATALOG_PATHS,
  SERVER_CARD_PATH,
];

/**
 * Builds the HTTP application:
 *
 * - `POST /mcp` (and `/mcp/`) for Streamable HTTP in every era; with `?sessionId=` it is a
 *   legacy SSE message post instead.
 * - `GET /sse`, and `GET /mcp` without MCP headers accepting `text/event-stream`: a legacy
 *   HTTP+SSE stream; `POST /messages?sessionId=…` feeds it. Other GET/DELETE on `/mcp`: 405.
 * - `GET /health` and `GET /` (TechDoc health shape for JSON clients); both always public.
 * - Middlewares, outermost first (`transport/middleware.ts`): request log, `Host` (loopback
 *   only, once {@link ShelfApp.listening} reports a loopback address), `Origin` (allow list, 403) with CORS preflight (204) and headers,
 *   authentication (401 with `WWW-Authenticate`). Refusals are thrown as `HttpError` and
 *   answered by the one `onError`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createApp } from "./app.ts";
 * import { createStoreCache } from "./content/store_cache.ts";
 * import { buildManifest } from "./build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [] });
 * const app = createApp({ stores: createStoreCache({ load: () => manifest }) });
 * const res = await app.request("/health");
 * assert.ok(res.status === 200);
 * app.shutdown();
 * ```
 */
export function createApp(deps: AppDeps): ShelfApp {
  const guard: ListenGuard = listenGuard(undefined, deps.allowedOrigins);
  const auth = deps.auth ?? { type: "none" };
  const maxBody = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodies = createBodyBudget(deps.maxBodyBytesInFlight);
  const report = deps.onError ?? ((error, where) => console.error(`[shelf] ${where}:`, error));
  const server = createMcpServer({
    stores: deps.stores,
    ...(deps.tools ? { tools: deps.tools } : {}),
    ...(deps.engines ? { engines: deps.engines } : {}),
    ...(deps.search ? { search: deps.search } : {}),
    onInternalError: (error, method) => report(error, method),
    ...(deps.chunkCache ? { chunkCache: deps.chunkCache } : {}),
  });
  const hub = createSseHub({ server, ...deps.sse });
  const app = new Hono<{ Variables: LogVariables }>();

  if (deps.log) app.use("*", requestLog(deps.log));
  app.use("*", hostGuard(guard, !deps.platformUrls));
  app.use("*", cors(guard));
  const authorize = createAuthorizer(auth, {
    ...deps.oauth,
    // Tokens name this server by its public origin: `site.url` when set, else the request's.
    originOf: async (request) =>
      (await deps.stores.get()).manifest.settings?.siteUrl ?? new URL(request.url).origin,
  });
  app.use("*", authGuard(authorize, PUBLIC_PATHS));

  addSiteRoutes(app, { stores: deps.stores, server, auth, sseStreams: () => hub.size });
  // Streamable HTTP for a POST to the MCP path, through Hono or the direct path below.
  const streamable = (request: Request, onMessage: (rpc: string, name?: string) => void) =>
    handleStreamablePost(request, {
      server,
      maxBodyBytes: maxBody,
      bodies,
      ...(deps.batch ? { batch: deps.batch } : {}),
      onMessage,
      scopesOf: grantedScopes,
    });
  addMcpRoutes(app, { hub, streamable, maxBodyBytes: maxBody, bodies });
  // ChatGPT's search and fetch, on their own endpoint and server (the names are taken on /mcp).
  const openai = createMcpServer({
    stores: deps.stores,
    tools: createOpenAiRegistry(),
    ...(deps.engines ? { engines: deps.engines } : {}),
    ...(deps.search ? { search: deps.search } : {}),
    onInternalError: (error, method) => report(error, method),
    ...(deps.chunkCache ? { chunkCache: deps.chunkCache } : {}),
  });
  addOpenAiRoute(app, {
    profileOn: async () =>
      (await deps.stores.get()).manifest.settings?.profiles?.includes("openai") ?? false,
    streamable: (request, onMessage) =>
      handleStreamablePost(request, {
        server: openai,
        maxBodyBytes: maxBody,
        bodies,
        onMessage,
        scopesOf: grantedScopes,
        withBase: async (r) =>
          (await deps.stores.get()).manifest.settings?.siteUrl ?? new URL(r.url).origin,
      }),
  });

  app.notFound(() =>
    httpError(404, ErrorCode.InvalidRequest, "Not found: the MCP endpoint is /mcp")
  );
  // The one answer to a thrown error: an HttpError as itself, anything else a reported 500.
  const errorResponse = (error: unknown): Response => {
    if (error instanceof HttpError) return error.toResponse();
    report(error, "http");
    return httpError(500, ErrorCode.InternalError, "Internal error");
  };
  app.onError(errorResponse);

  // The hot path, `POST /mcp` without a query, skips the router (`direct_post.ts`).
  const directPost = createDirectPost({
    guard,
    authorize,
    platformUrls: deps.platformUrls === true,
    streamable,
    errorResponse,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const honoFetch = app.fetch;
  const fetch = (request: Request, ...rest: unknown[]) => {
    if (request.method === "POST") {
      const url = request.url;
      const path = url.slice(url.indexOf("/", url.indexOf("://") + 3));
      if (MCP_PATHS.includes(path)) return directPost(request, path);
    }
    return (honoFetch as (request: Request, ...rest: unknown[]) => Response | Promise<Response>)(
      request,
      ...rest,
    );
  };
  return Object.assign(app, {
    fetch,
    server,
    notifyChanged: () => hub.notifyChanged(),
    shutdown: () => hub.close(),
    listening: ({ hostname }: { hostname: string }) =>
      Object.assign(guard, listenGuard(hostname, deps.allowedOrigins)),
  }) as unknown as ShelfApp;
}
