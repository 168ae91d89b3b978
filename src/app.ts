import { Hono } from "hono";
import type { StoreCache } from "./content/store_cache.ts";
import type { ContentStore } from "./content/content_store.ts";
import { freshnessOf } from "./content/freshness.ts";
import { serverCardJson } from "./site/server_card.ts";
import { type SiteFiles, siteFiles } from "./site/site_files.ts";
import { createMcpServer, type McpServer } from "./protocol/mcp_server.ts";
import { ErrorCode } from "./protocol/rpc_error.ts";
import type { BatchLimits } from "./protocol/run_batch.ts";
import { LATEST_LEGACY_VERSION } from "./protocol/versions.ts";
import type { EngineCache } from "./search/engine_cache.ts";
import type { SearchOverrides } from "./search/search_settings.ts";
import type { ToolRegistry } from "./tools/tool_registry.ts";
import {
  type AuthConfig,
  credentialOf,
  type ListenGuard,
  listenGuard,
} from "./transport/guards.ts";
import { isJsonContentType } from "./transport/http_checks.ts";
import { busy, createBodyBudget } from "./transport/body_budget.ts";
import { createSseHub, SSE_HEADERS } from "./transport/legacy_sse.ts";
import { HttpError, httpError } from "./transport/http_error.ts";
import {
  authGuard,
  checkCredentials,
  checkHost,
  checkOrigin,
  checkTarget,
  cors,
  hostGuard,
  logEntry,
  type LogVariables,
  type RequestLog,
  requestLog,
} from "./transport/middleware.ts";
import { allowedOriginHeaders } from "./transport/cors.ts";
import {
  DEFAULT_MAX_BODY_BYTES,
  handleStreamablePost,
  readLimited,
} from "./transport/streamable_http.ts";
import { SHELF_VERSION } from "./version.ts";

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

const MCP_PATHS = ["/mcp", "/mcp/"];
/** The server card's paths (`/.well-known/mcp`, and the `.json` form). */
const CARD_PATHS = ["/.well-known/mcp", "/.well-known/mcp.json"];
/** Paths served without credentials: health checks and the server card. */
const PUBLIC_PATHS = ["/health", "/", ...CARD_PATHS];
const MCP_HEADERS = ["mcp-protocol-version", "mcp-session-id", "mcp-method", "last-event-id"];

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
  });
  const hub = createSseHub({ server, ...deps.sse });
  const app = new Hono<{ Variables: LogVariables }>();

  if (deps.log) app.use("*", requestLog(deps.log));
  app.use("*", hostGuard(guard, !deps.platformUrls));
  app.use("*", cors(guard));
  app.use("*", authGuard(auth, PUBLIC_PATHS));

  const health = async () => {
    const store = await deps.stores.get();
    return {
      status: "ok",
      service: store.manifest.server.name,
      version: store.manifest.server.version,
      shelf: SHELF_VERSION,
      documents: store.documents.length,
      contentHash: store.contentHash,
      ...freshnessOf(store.manifest),
      sseStreams: hub.size,
    };
  };
  // Discovery links on the public documents: the llms.txt index and the server card.
  const DISCOVERY_LINKS = '</llms.txt>; rel="describedby"; type="text/plain", ' +
    '</.well-known/mcp>; rel="service-desc"; type="application/json"';
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

  // The site's base URL, one decision: the configured one, else the origin of the request's
  // `Host` (the Host rules refused a target naming another authority, so the URL's origin is it).
  const baseOf = (store: ContentStore, url: string) =>
    store.manifest.settings?.siteUrl ?? parsedUrl(url).origin;
  for (const path of CARD_PATHS) {
    app.get(path, async (c) => {
      const { store, settings } = await server.current();
      c.header("link", DISCOVERY_LINKS);
      return c.body(serverCardJson(store, settings, baseOf(store, c.req.url), auth.type), 200, {
        "content-type": "application/json",
      });
    });
  }
  const text = (body: string, type: string, base: string) =>
    new Response(body, {
      headers: {
        "content-type": `${type}; charset=utf-8`,
        "link": `<${base}/llms.txt>; rel="describedby"; type="text/plain"`,
      },
    });
  // The agent-facing files of the current store, and the request's base URL.
  const filesFor = async (url: string) => {
    const store = await deps.stores.get();
    return { base: baseOf(store, url), files: siteFiles(store) };
  };
  for (
    const [path, pick] of [
      ["/llms.txt", (f: SiteFiles) => f.llmsTxt()],
      ["/llms-full.txt", (f: SiteFiles) => f.llmsFull()],
    ] as const
  ) {
    app.get(path, async (c) => {
      const { base, files } = await filesFor(c.req.url);
      return text((await pick(files)).fill(base), "text/plain", base);
    });
  }
  app.get("/_shelf/*", async (c) => {
    const { base, files } = await filesFor(c.req.url);
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

  const postMessage = async (request: Request, sessionId: string) => {
    if (!isJsonContentType(request.headers.get("content-type"))) {
      return httpError(415, ErrorCode.InvalidRequest, "Content-Type must be application/json");
    }
    let read = false;
    const declared = Number(request.headers.get("content-length") ?? "NaN");
    const response = await hub.post(sessionId, credentialOf(request.headers), async () => {
      const taken = bodies.take(declared, maxBody);
      if (taken === undefined) return busy();
      read = true;
      try {
        return await readLimited(request, maxBody) ??
          httpError(413, ErrorCode.InvalidRequest, `Request body is larger than ${maxBody} bytes`);
      } finally {
        bodies.give(taken);
      }
    });
    // A post for no session is refused without reading its body: let the connection drop it.
    if (!read) await request.body?.cancel();
    return response;
  };
  // Streamable HTTP for a POST to the MCP path, through Hono or the direct path below.
  const streamable = (request: Request, onMessage: (rpc: string, name?: string) => void) =>
    handleStreamablePost(request, {
      server,
      maxBodyBytes: maxBody,
      bodies,
      ...(deps.batch ? { batch: deps.batch } : {}),
      onMessage,
    });
  // A HEAD is answered with the stream's headers and registers nothing: Hono runs the GET
  // handler for it and drops the body, and a stream nobody reads would hold a slot until the
  // stall reaper closes it.
  const openStream = (request: Request) =>
    request.method === "HEAD"
      ? new Response(null, { headers: SSE_HEADERS })
      : hub.open(credentialOf(request.headers), "/messages");

  app.get("/sse", (c) => openStream(c.req.raw));
  app.post("/messages", (c) => {
    const sessionId = c.req.query("sessionId");
    if (!sessionId) {
      return httpError(400, ErrorCode.InvalidRequest, "sessionId query parameter is required");
    }
    return postMessage(c.req.raw, sessionId);
  });
  for (const path of MCP_PATHS) {
    app.post(path, (c) => {
      const sessionId = c.req.query("sessionId");
      if (sessionId) return postMessage(c.req.raw, sessionId);
      return streamable(c.req.raw, (rpc, name) => {
        c.set("rpc", rpc);
        if (name) c.set("name", name);
      });
    });
    app.get(path, (c) => {
      const legacy = !MCP_HEADERS.some((h) => c.req.header(h) !== undefined) &&
        (c.req.header("accept") ?? "").includes("text/event-stream");
      if (legacy) return openStream(c.req.raw);
      return notAllowed();
    });
    app.delete(path, notAllowed);
  }

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

  // The hot path, `POST /mcp` without a query: the same rules in the same order as the
  // middlewares above (log around everything; Host, Origin, credentials; CORS headers on every
  // answer to an allowed origin), applied directly rather than through Hono's router and
  // middleware chain, which cost a quarter of a cached read's time. Everything else goes to Hono.
  const directPost = async (request: Request, path: string): Promise<Response> => {
    const started = performance.now();
    const origin = request.headers.get("origin");
    let rpc: string | undefined;
    let name: string | undefined;
    let response: Response;
    let originOk = false;
    try {
      const host = request.headers.get("host");
      if (!deps.platformUrls) checkTarget(request.url, host);
      if (guard.loopbackOnly) checkHost(host ?? new URL(request.url).host);
      checkOrigin(origin, guard.allowedOrigins);
      originOk = true;
      checkCredentials(request.headers, auth);
      response = await streamable(request, (method, named) => {
        rpc = method;
        name = named;
      });
    } catch (error) {
      response = errorResponse(error);
    }
    if (origin !== null && originOk) {
      for (const [key, value] of Object.entries(allowedOriginHeaders(origin, false))) {
        response.headers.set(key, value);
      }
    }
    deps.log?.(logEntry("POST", path, response.status, started, rpc, name));
    return response;
  };
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

function notAllowed(): Response {
  return httpError(
    405,
    ErrorCode.InvalidRequest,
    "Method not allowed: this endpoint is stateless; send JSON-RPC with POST",
    { allow: "POST, OPTIONS" },
  );
}
