/**
 * The app's middlewares, outermost first: request log, CORS (with the Origin decision, made
 * once), Host guard, authentication. Refusals are thrown as {@link HttpError}s and answered by
 * the app's `onError`. Each rule is a plain function too (`checkOrigin`, `checkHost`,
 * `checkCredentials`, `logEntry`), which the app's direct `POST /mcp` path applies in the same
 * order without Hono.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { allowedOriginHeaders } from "./cors.ts";
import {
  type AuthConfig,
  checkAuth,
  isLoopback,
  type ListenGuard,
  originAllowed,
} from "./guards.ts";
import { HttpError } from "./http_error.ts";
import { isoTime } from "./iso_time.ts";

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
    log(logEntry(c.req.method, c.req.path, c.res.status, started, c.get("rpc"), c.get("name")));
  };
}

/**
 * The Origin rule: a browser origin not on the allow list is refused (403). Shared by the
 * {@link cors} middleware and the app's direct `POST /mcp` path.
 */
export function checkOrigin(origin: string | null, allowed: readonly string[]): void {
  if (origin !== null && !originAllowed(origin, allowed)) {
    throw new HttpError(
      403,
      ErrorCode.InvalidRequest,
      `Origin ${origin.slice(0, 100)} is not allowed`,
    );
  }
}

/** The Host rule for servers bound to loopback: any other `Host` is refused (403). */
export function checkHost(host: string): void {
  if (!isLoopback(host)) {
    throw new HttpError(403, ErrorCode.InvalidRequest, `Host ${host.slice(0, 100)} is not allowed`);
  }
}

/** The credential rule: a request without valid credentials is refused (401, `WWW-Authenticate`). */
export function checkCredentials(headers: Headers, auth: AuthConfig): void {
  const failure = checkAuth(headers, auth);
  if (failure) {
    throw new HttpError(401, ErrorCode.InvalidRequest, failure.message, {
      "www-authenticate": failure.challenge,
    });
  }
}

/**
 * Refuses browser origins not on the guard's allow list (403), answers preflights (204), and adds
 * the CORS headers to every answer to an allowed origin, errors included. The guard is read per
 * request: it is decided when the server starts listening.
 */
export function cors(guard: Readonly<ListenGuard>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    checkOrigin(origin, guard.allowedOrigins);
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

/**
 * The request target rule: a target in absolute form (`GET http://x.example/llms.txt`) whose
 * authority is not the `Host` header's is refused (400). After it, the request URL's origin is
 * the `Host` the guards checked, so links made from it cannot point anywhere else. (A request
 * without `Host` keeps its URL's authority: HTTP/1.0, or a client that sent none.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkTarget } from "./middleware.ts";
 * checkTarget("http://localhost:8080/llms.txt", "localhost:8080");
 * checkTarget("http://localhost/llms.txt", "LOCALHOST:80");
 * checkTarget("http://kb.example/llms.txt", null);
 * assert.throws(() => checkTarget("http://evil.example/llms.txt", "localhost:8080"), /differs/);
 * assert.throws(() => checkTarget("http://localhost:9/llms.txt", "localhost:8080"), /differs/);
 * ```
 */
export function checkTarget(url: string, host: string | null): void {
  if (host === null) return;
  const start = url.indexOf("://") + 3;
  const end = url.indexOf("/", start);
  if (url.slice(start, end === -1 ? undefined : end) === host) return;
  // Spellings of one authority (case, a default port) are the same host.
  let same = false;
  try {
    same = new URL(`${url.slice(0, start)}${host}/`).host === new URL(url).host;
  } catch {
    same = false;
  }
  if (!same) {
    throw new HttpError(
      400,
      ErrorCode.InvalidRequest,
      "Bad request: the request target's host differs from the Host header",
    );
  }
}

/**
 * The Host rules: the request target must name the `Host` ({@link checkTarget}, 400; unless
 * `target` is false, where the platform makes request URLs), and while the guard says the server
 * is bound to loopback, `Host` must be loopback (403).
 */
export function hostGuard(guard: Readonly<ListenGuard>, target = true): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host") ?? null;
    if (target) checkTarget(c.req.url, host);
    if (guard.loopbackOnly) checkHost(host ?? new URL(c.req.url).host);
    await next();
  };
}

/**
 * Refuses requests the authorizer refuses (401 with `WWW-Authenticate`, 403 for a missing scope),
 * but on `publicPaths`.
 */
export function authGuard(
  authorize: (request: Request) => void | Promise<void>,
  publicPaths: readonly string[],
): MiddlewareHandler {
  return async (c, next) => {
    if (!publicPaths.includes(c.req.path)) await authorize(c.req.raw);
    await next();
  };
}

let isoMs = -1;
let isoText = "";
/** `new Date().toISOString()`, formatted once per millisecond (requests in one share it). */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = isoTime(now);
  }
  return isoText;
}

/**
 * The request log line of one answered request (see {@link requestLog}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { logEntry } from "./middleware.ts";
 * const e = logEntry("POST", "/mcp", 200, 0, "tools/call", "search");
 * assert.equal(e.rpc, "tools/call");
 * assert.equal(e.name, "search");
 * assert.equal(logEntry("GET", "/", 200, 0).rpc, undefined);
 * ```
 */
export function logEntry(
  method: string,
  path: string,
  status: number,
  started: number,
  rpc?: string,
  name?: string,
): RequestLog {
  const entry: RequestLog = {
    time: isoNow(),
    method,
    path,
    status,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  };
  if (rpc) entry.rpc = rpc;
  if (name) entry.name = name;
  return entry;
}
