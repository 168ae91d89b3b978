import { Hono } from "hono";
import type { StoreCache } from "./content/store_cache.ts";
import { createMcpServer } from "./protocol/mcp_server.ts";
import { ErrorCode } from "./protocol/rpc_error.ts";
import type { ToolRegistry } from "./tools/tool_registry.ts";
import type { EngineCache } from "./search/engine_cache.ts";
import type { SearchSettings } from "./search/search_settings.ts";
import { corsHeaders, isOriginAllowed } from "./transport/cors.ts";
import { handleStreamablePost, httpError } from "./transport/streamable_http.ts";
import { SHELF_VERSION } from "./version.ts";

/** What {@link createApp} needs. Everything is resolved before the first request. */
export interface AppDeps {
  stores: StoreCache;
  tools?: ToolRegistry;
  /** Search engines per store; give one with `loadPrebuilt` to use the build's index. */
  engines?: EngineCache;
  /** Overrides the manifest's search settings (environment, flags). */
  search?: Partial<SearchSettings>;
  /** Origins allowed to call from a browser; `*` allows any. Default `["*"]`. */
  allowedOrigins?: readonly string[];
  maxBodyBytes?: number;
  /** `ttlMs` advertised on cacheable modern results. */
  ttlMs?: number;
  /** Where unexpected errors are reported (default: stderr). */
  onError?: (error: unknown, where: string) => void;
}

const MCP_PATHS = ["/mcp", "/mcp/"];

/**
 * Builds the HTTP application: `POST /mcp` (and `/mcp/`) for MCP in every era, 405 for GET and
 * DELETE there, `GET /health`, CORS with preflight, and a 403 for browser origins that are not
 * allowed. One instance per deploy target or test; no globals.
 *
 * @example
 * ```ts
 * import { createApp } from "./app.ts";
 * import { createStoreCache } from "./content/store_cache.ts";
 * import { buildManifest } from "./content/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [] });
 * const app = createApp({ stores: createStoreCache({ load: () => manifest }) });
 * const res = await app.request("/health");
 * console.assert(res.status === 200);
 * ```
 */
export function createApp(deps: AppDeps): Hono {
  const allowed = deps.allowedOrigins ?? ["*"];
  const report = deps.onError ?? ((error, where) => console.error(`[shelf] ${where}:`, error));
  const server = createMcpServer({
    stores: deps.stores,
    ...(deps.tools ? { tools: deps.tools } : {}),
    ...(deps.engines ? { engines: deps.engines } : {}),
    ...(deps.search ? { search: deps.search } : {}),
    ...(deps.ttlMs !== undefined ? { ttlMs: deps.ttlMs } : {}),
    onInternalError: (error, method) => report(error, method),
  });
  const app = new Hono();

  app.use("*", async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    if (!isOriginAllowed(origin, allowed)) {
      return httpError(403, ErrorCode.InvalidRequest, `Origin ${origin} is not allowed`);
    }
    if (c.req.method === "OPTIONS") {
      return new Response(null, { status: 204, headers: corsHeaders(origin, allowed, true) });
    }
    await next();
    for (const [key, value] of Object.entries(corsHeaders(origin, allowed, false))) {
      c.res.headers.set(key, value);
    }
  });

  app.get("/health", async (c) => {
    const store = await deps.stores.get();
    return c.json({
      status: "ok",
      service: store.manifest.server.name,
      version: store.manifest.server.version,
      shelf: SHELF_VERSION,
      documents: store.documents.length,
      contentHash: store.contentHash,
    });
  });

  for (const path of MCP_PATHS) {
    app.post(path, (c) =>
      handleStreamablePost(c.req.raw, {
        server,
        ...(deps.maxBodyBytes !== undefined ? { maxBodyBytes: deps.maxBodyBytes } : {}),
      }));
    app.on(["GET", "DELETE"], path, () =>
      httpError(
        405,
        ErrorCode.InvalidRequest,
        "Method not allowed: this endpoint is stateless; send JSON-RPC with POST",
        { allow: "POST, OPTIONS" },
      ));
  }

  app.notFound(() =>
    httpError(404, ErrorCode.InvalidRequest, "Not found: the MCP endpoint is /mcp")
  );
  app.onError((error) => {
    report(error, "http");
    return httpError(500, ErrorCode.InternalError, "Internal error");
  });
  return app;
}
