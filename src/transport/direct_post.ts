/**
 * The hot path, `POST /mcp` without a query: the same rules in the same order as the app's
 * middlewares (log around everything; request target, Host, Origin, credentials; CORS headers on
 * every answer to an allowed origin), applied directly rather than through Hono's router and
 * middleware chain, which cost a quarter of a cached read's time. A test requires both paths to
 * answer alike.
 *
 * @module
 */
import { allowedOriginHeaders } from "./cors.ts";
import type { ListenGuard } from "./guards.ts";
import { checkHost, checkOrigin, checkTarget, logEntry, type RequestLog } from "./middleware.ts";

/** What {@link createDirectPost} applies. */
export interface DirectPostDeps {
  /** Read per request: decided when the server starts listening. */
  guard: Readonly<ListenGuard>;
  /** The app's authorizer (`authorize.ts`): throws when the request may not pass. */
  authorize: (request: Request) => void | Promise<void>;
  /** The platform makes request URLs (no request-target rule here). */
  platformUrls: boolean;
  streamable: (
    request: Request,
    onMessage: (rpc: string, name?: string) => void,
  ) => Promise<Response>;
  /** The app's one answer to a thrown error. */
  errorResponse: (error: unknown) => Response;
  log?: (entry: RequestLog) => void;
}

/**
 * The direct `POST /mcp` handler (see the module doc).
 *
 * @example
 * ```ts ignore
 * const directPost = createDirectPost({ guard, authorize, platformUrls: false, streamable, errorResponse });
 * ```
 */
export function createDirectPost(deps: DirectPostDeps) {
  const { guard, authorize } = deps;
  return async (request: Request, path: string): Promise<Response> => {
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
      const pending = authorize(request);
      if (pending) await pending;
      response = await deps.streamable(request, (method, named) => {
        rpc = method;
        name = named;
      });
    } catch (error) {
      response = deps.errorResponse(error);
    }
    if (origin !== null && originOk) {
      for (const [key, value] of Object.entries(allowedOriginHeaders(origin, false))) {
        response.headers.set(key, value);
      }
    }
    deps.log?.(logEntry("POST", path, response.status, started, rpc, name));
    return response;
  };
}
