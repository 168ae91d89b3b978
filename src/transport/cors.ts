import { originAllowed } from "./guards.ts";

/** Request headers browsers may send cross-origin (DESIGN §5). */
export const CORS_ALLOW_HEADERS =
  "Content-Type, Accept, Authorization, X-API-Key, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID";
/** Response headers scripts may read. */
export const CORS_EXPOSE_HEADERS = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate";
/** Methods the endpoints answer. */
export const CORS_ALLOW_METHODS = "GET, POST, DELETE, OPTIONS";

/**
 * Whether a request's `Origin` may use the server (see {@link originAllowed}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOriginAllowed } from "./cors.ts";
 * assert.ok(isOriginAllowed(null, []) && !isOriginAllowed("https://evil.dev", ["https://a.dev"]));
 * ```
 */
export function isOriginAllowed(origin: string | null, allowed: readonly string[]): boolean {
  return originAllowed(origin, allowed);
}

/**
 * CORS headers for a response to `origin`: the origin is echoed (with `Vary: Origin`) when it
 * is allowed; nothing is added for requests without `Origin`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { corsHeaders } from "./cors.ts";
 * const h = corsHeaders("https://a.dev", ["*"], false);
 * assert.ok(h["access-control-allow-origin"] === "https://a.dev");
 * assert.ok(corsHeaders("https://a.dev", ["*"], true)["access-control-allow-headers"] !== undefined);
 * ```
 */
export function corsHeaders(
  origin: string | null,
  allowed: readonly string[],
  preflight: boolean,
): Record<string, string> {
  if (origin === null || !isOriginAllowed(origin, allowed)) return {};
  return allowedOriginHeaders(origin, preflight);
}

/** The CORS headers for an origin already known to be allowed (the decision made once). */
export function allowedOriginHeaders(origin: string, preflight: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "access-control-allow-origin": origin,
    "vary": "Origin",
  };
  if (preflight) {
    headers["access-control-allow-methods"] = CORS_ALLOW_METHODS;
    headers["access-control-allow-headers"] = CORS_ALLOW_HEADERS;
    headers["access-control-max-age"] = "86400";
  } else {
    headers["access-control-expose-headers"] = CORS_EXPOSE_HEADERS;
  }
  return headers;
}
