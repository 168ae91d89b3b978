import { createMemo, remembered } from "../remembered.ts";
import type { OAuthConfig } from "./oauth_settings.ts";

/** Authentication settings (DESIGN §9). */
export type AuthConfig =
  | { type: "none" }
  | { type: "basic"; username: string; password: string }
  | { type: "apikey"; keys: string[] }
  | { type: "bearer"; keys: string[] }
  | OAuthConfig;

/** Origins allowed by default when the server is bound to a loopback address. */
export const LOOPBACK_ORIGINS: readonly string[] = [
  "http://localhost:*",
  "http://127.0.0.1:*",
  "http://[::1]:*",
  "https://localhost:*",
  "https://127.0.0.1:*",
  "https://[::1]:*",
];

/**
 * Whether a host name (from a `Host` header or a bind address, port allowed) is loopback.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLoopback } from "./guards.ts";
 * assert.ok(isLoopback("localhost:8080") && isLoopback("[::1]:80") && isLoopback("127.0.0.1"));
 * assert.ok(!isLoopback("evil.example.com") && !isLoopback("0.0.0.0") && !isLoopback("::"));
 * assert.ok(isLoopback("127.0.0.2:80") && !isLoopback("127.0.0.1.evil.com"));
 * for (const bad of ["[::1].evil.com", "localhost:80@evil.com", "localhost:evil.com", "localhost:"]) {
 *   assert.ok(!isLoopback(bad), bad);
 * }
 * ```
 */
export function isLoopback(host: string): boolean {
  // Every request names its host: the usual values are decided once (bounded).
  return host.length <= 300 ? remembered(loopbackDecisions, host, decideLoopback) : false;
}
const loopbackDecisions = createMemo<string, boolean>({
  name: "loopback hosts",
  maxEntries: 64,
  maxBytes: 64 * 1024,
});

function decideLoopback(host: string): boolean {
  const h = host.trim().toLowerCase();
  if (h === "::1" || /^::ffff:127\./.test(h)) return true; // bind addresses, not Host headers
  // Host = name or [IPv6], then an optional numeric port, and nothing else.
  const m = /^(?:(\[[0-9a-f:.]+\])|([a-z0-9.-]+))(?::(\d{1,5}))?$/.exec(h);
  if (!m) return false;
  const name = m[1] ?? m[2]!;
  return name === "localhost" || name === "[::1]" || /^\[::ffff:127\.[\d.]+\]$/.test(name) ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** How an HTTP server guards itself, decided by {@link listenGuard} from where it listens. */
export interface ListenGuard {
  /** Refuse `Host` headers that are not loopback (DNS rebinding). */
  loopbackOnly: boolean;
  /** Browser origins allowed. */
  allowedOrigins: readonly string[];
}

/**
 * The one rule for every entry point: a server listening on a loopback address (as the runtime
 * reports it once bound — `Deno.serve`'s and `deno serve`'s `onListen` — never a setting that
 * may be absent) takes only loopback `Host` headers and, unless origins are configured, only
 * loopback browser origins. Anything else (all interfaces, a public address, or an address the
 * platform keeps to itself, as on an edge: `undefined`) keeps the configured origins or `*`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listenGuard, LOOPBACK_ORIGINS } from "./guards.ts";
 * assert.deepEqual(listenGuard("127.0.0.1"), { loopbackOnly: true, allowedOrigins: LOOPBACK_ORIGINS });
 * assert.deepEqual(listenGuard("::1", ["https://a.dev"]), {
 *   loopbackOnly: true,
 *   allowedOrigins: ["https://a.dev"],
 * });
 * assert.deepEqual(listenGuard("0.0.0.0"), { loopbackOnly: false, allowedOrigins: ["*"] });
 * assert.deepEqual(listenGuard(undefined), { loopbackOnly: false, allowedOrigins: ["*"] });
 * ```
 */
export function listenGuard(
  hostname: string | undefined,
  configuredOrigins?: readonly string[],
): ListenGuard {
  const loopbackOnly = hostname !== undefined && isLoopback(hostname);
  return {
    loopbackOnly,
    allowedOrigins: configuredOrigins ?? (loopbackOnly ? LOOPBACK_ORIGINS : ["*"]),
  };
}

/**
 * Whether a browser `Origin` is on the allow list: exact origins, `*`, or a `:*` port
 * wildcard (`http://localhost:*`). No `Origin` (not a browser) is always allowed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { originAllowed } from "./guards.ts";
 * assert.ok(originAllowed("http://localhost:6274", ["http://localhost:*"]));
 * assert.ok(!originAllowed("http://evil.example", ["http://localhost:*"]));
 * assert.ok(originAllowed(null, []) && originAllowed("https://a.dev", ["*"]));
 * ```
 */
export function originAllowed(origin: string | null, allowed: readonly string[]): boolean {
  if (origin === null) return true;
  const o = origin.replace(/\/+$/, "").toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.replace(/\/+$/, "").toLowerCase();
    if (p === "*" || p === o) return true;
    if (!p.endsWith(":*")) return false;
    const base = p.slice(0, -2);
    return o === base || (o.startsWith(base + ":") && /^\d+$/.test(o.slice(base.length + 1)));
  });
}

/**
 * Compares two secrets in time that depends only on their lengths, not on where they differ.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { timingSafeEqual } from "./guards.ts";
 * assert.ok(timingSafeEqual("secret", "secret") && !timingSafeEqual("secret", "secreT"));
 * ```
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  const n = Math.max(x.length, y.length);
  let diff = x.length ^ y.length;
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * The credential a request presents (its `Authorization` and `X-API-Key` headers), used to tie
 * a legacy SSE session to the client that opened it. Empty when it presents none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { credentialOf } from "./guards.ts";
 * assert.equal(credentialOf(new Headers()), "\n");
 * assert.notEqual(credentialOf(new Headers({ "x-api-key": "a" })), credentialOf(new Headers({ "x-api-key": "b" })));
 * ```
 */
export function credentialOf(headers: Headers): string {
  return `${headers.get("authorization") ?? ""}\n${headers.get("x-api-key") ?? ""}`;
}

/** A refused request: the `WWW-Authenticate` challenge to send with 401. */
export interface AuthFailure {
  challenge: string;
  message: string;
}

/**
 * Checks a request's credentials against the configured mode: `basic` (Authorization: Basic),
 * `apikey` (X-API-Key, any of several keys) or `bearer` (Authorization: Bearer). Every key is
 * compared in constant time. Returns `undefined` when the request may pass.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkAuth } from "./guards.ts";
 * const auth = { type: "apikey" as const, keys: ["k1", "k2"] };
 * assert.ok(checkAuth(new Headers({ "x-api-key": "k2" }), auth) === undefined);
 * assert.ok(checkAuth(new Headers(), auth)?.challenge === 'ApiKey header="X-API-Key"');
 * ```
 */
export function checkAuth(headers: Headers, auth: AuthConfig): AuthFailure | undefined {
  if (auth.type === "none") return undefined;
  // OAuth tokens are verified asynchronously (`authorize.ts`); this check never lets one pass.
  if (auth.type === "oauth") {
    return { challenge: "Bearer", message: "Authentication required: an OAuth access token" };
  }
  const authorization = headers.get("authorization") ?? "";
  if (auth.type === "basic") {
    const challenge = 'Basic realm="shelf", charset="UTF-8"';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!m) return { challenge, message: "Authentication required: use HTTP Basic credentials" };
    let decoded = "";
    try {
      decoded = new TextDecoder().decode(Uint8Array.from(atob(m[1]!), (c) => c.charCodeAt(0)));
    } catch {
      return { challenge, message: "Invalid credentials" };
    }
    const colon = decoded.indexOf(":");
    const user = colon === -1 ? decoded : decoded.slice(0, colon);
    const pass = colon === -1 ? "" : decoded.slice(colon + 1);
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = timingSafeEqual(user, auth.username);
    const passOk = timingSafeEqual(pass, auth.password);
    const ok = userOk && passOk;
    return ok ? undefined : { challenge, message: "Invalid credentials" };
  }
  const presented = auth.type === "apikey"
    ? headers.get("x-api-key") ?? ""
    : (/^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? "");
  const challenge = auth.type === "apikey" ? 'ApiKey header="X-API-Key"' : 'Bearer realm="shelf"';
  if (presented === "") {
    return {
      challenge,
      message: auth.type === "apikey"
        ? "Authentication required: send an X-API-Key header"
        : "Authentication required: send Authorization: Bearer <key>",
    };
  }
  let ok = false;
  for (const key of auth.keys) ok = timingSafeEqual(presented, key) || ok;
  return ok ? undefined : { challenge, message: "Invalid API key" };
}
