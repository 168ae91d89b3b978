/**
 * The app's middlewares, outermost first: request log, CORS (with the Origin decision, made
 * once), Host guard, authentication. Refusals are thrown as {@link HttpError}s and answered by
 * the app's `onError`.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { allowedOriginHeaders } from "./cors.ts";
import { type AuthConfig, checkAuth, isLoopback, originAllowed } from "./guards.ts";
import { HttpError } from "./http_error.ts";

/** One request log line (JSON): never bodies or credentials. */
export interface RequestLog {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  rpc?: string;
  name?: string;
}

/** What routes tell the log about a request (the JSON-RPC method and tool or resource name). */
export type LogVariables = { rpc?: string; name?: string };

/** Logs each request once it is answered. */
export function requestLog(
  log: (entry: RequestLog) => void,
): MiddlewareHandler<{ Variables: LogVariables }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const entry: RequestLog = {
      time: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    const rpc = c.get("rpc");
    const name = c.get("name");
    if (rpc) entry.rpc = rpc;
    if (name) entry.name = name;
    log(entry);
  };
}

/**
 * Refuses browser origins not on the allow list (403), answers preflights (204), and adds the
 * CORS headers to every answer to an allowed origin, errors included.
 */
export function cors(allowed: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    if (origin !== null && !originAllowed(origin, allowed)) {
      throw new HttpError(
        403,
        ErrorCode.InvalidRequest,
        `Origin ${origin.slice(0, 100)} is not allowed`,
      );
    }
    if (c.req.method === "OPTIONS") {
      c.res = new Response(null, {
        status: 204,
        headers: origin === null ? {} : allowedOriginHeaders(origin, true),
      });
      return;
    }
    await next();
    if (origin === null) return;
    for (const [key, value] of Object.entries(allowedOriginHeaders(origin, false))) {
      c.res.headers.set(key, value);
    }
  };
}

/** Refuses `Host` headers that are not loopback (403), for servers bound to loopback. */
export function hostGuard(): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!isLoopback(host)) {
      throw new HttpError(
        403,
        ErrorCode.InvalidRequest,
        `Host ${host.slice(0, 100)} is not allowed`,
      );
    }
    await next();
  };
}

/** Refuses requests without valid credentials (401 with `WWW-Authenticate`), but `public`. */
export function authGuard(auth: AuthConfig, publicPaths: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!publicPaths.includes(c.req.path)) {
      const failure = checkAuth(c.req.raw.headers, auth);
      if (failure) {
        throw new HttpError(401, ErrorCode.InvalidRequest, failure.message, {
          "www-authenticate": failure.challenge,
        });
      }
    }
    await next();
  };
}
