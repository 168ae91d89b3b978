/**
 * Shelf as an OAuth 2.1 resource server, as the MCP authorization spec (2026-07-28) asks: access
 * tokens are JWTs verified with `jose` against the authorization server's keys (JWKS, found from
 * its metadata once per isolate, rotation honoured), for this server's audience only (RFC 8707),
 * with the scopes it requires; RFC 9728 metadata tells clients where to get one. No token is
 * ever passed on.
 *
 * @module
 */
import type * as Jose from "jose";
import { audienceOf, type OAuthConfig, RESOURCE_METADATA_PATHS } from "./oauth_settings.ts";
import { createTokenCache, type Granted } from "./token_cache.ts";

export {
  audienceOf,
  DEFAULT_ALGORITHMS,
  type OAuthConfig,
  RESOURCE_METADATA_PATHS,
  resourceMetadata,
} from "./oauth_settings.ts";

/** The outcome of checking a request's token. */
export type TokenCheck =
  | Granted
  | { ok: false; status: 401 | 403; challenge: string; message: string };

/** What {@link createTokenVerifier} may be given besides the settings. */
export interface VerifierOptions {
  /** `fetch` for the issuer's metadata and keys (tests, platforms); default the global one. */
  fetch?: typeof fetch;
  /** Least time between two fetches of the key set for an unknown key id (default 30 s). */
  keysCooldownMs?: number;
  /** The clock, in epoch ms, for the token cache and the claims (tests; default `Date.now`). */
  now?: () => number;
  /** `jose`'s `jwtVerify`, or a wrapper of it (tests count the verifications). */
  jwtVerify?: JwtVerify;
}

/** The part of `jose`'s `jwtVerify` the verifier uses. */
export type JwtVerify = (
  token: string,
  keys: Jose.JWTVerifyGetKey,
  options: Jose.JWTVerifyOptions,
) => Promise<{ payload: Jose.JWTPayload }>;

/** See {@link createTokenVerifier}. */
export interface TokenVerifier {
  /**
   * Checks the `Authorization` header of a request that arrived at `origin`: a valid token with
   * the required scopes passes; none passes only when tokens are not required.
   */
  check(authorization: string | null, origin: string): Promise<TokenCheck>;
}

/**
 * A verifier for one isolate. The issuer's metadata (`/.well-known/oauth-authorization-server`,
 * else `/.well-known/openid-configuration`) is fetched once, on the first token, for its
 * `jwks_uri`; `jose`'s remote key set keeps the keys and fetches them again for a key id it does
 * not know (at most every 30 s), so a rotation is followed and an unknown `kid` costs one refresh
 * at most. A failed metadata fetch is tried again by the next request.
 *
 * An accepted token is remembered (`token_cache.ts`) until the earlier of its `exp` (with the
 * clock skew) and a minute, for the audience it was verified for; a key set fetched again that
 * differs from the one before empties the cache, so a key the issuer withdrew stops being
 * trusted through it. A refused token is never remembered.
 *
 * @example
 * ```ts ignore
 * const verifier = createTokenVerifier(config);
 * const result = await verifier.check(request.headers.get("authorization"), "https://kb.example");
 * ```
 */
export function createTokenVerifier(
  config: OAuthConfig,
  options: VerifierOptions = {},
): TokenVerifier {
  const fetchJson = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const cache = createTokenCache({ clockSkewSeconds: config.clockSkewSeconds });
  // The key set as last fetched: a different one empties the cache.
  let lastKeys: string | undefined;
  const fetchKeys = async (url: string, init: RequestInit) => {
    const res = await fetchJson(url, init);
    if (res.status !== 200) return res;
    const text = await res.text();
    if (text !== lastKeys) {
      if (lastKeys !== undefined) cache.clear();
      lastKeys = text;
    }
    return new Response(text, { status: 200, headers: res.headers });
  };
  // `jose` is loaded on the first token, not with the server: its modules would add to every
  // cold start, and most servers never verify a token.
  // A failed load (a broken deploy) is tried again by the next token.
  let lib: Promise<typeof Jose> | undefined;
  const jose = () =>
    lib ??= import("jose").catch((error) => {
      lib = undefined;
      throw error;
    });
  let keys: Promise<ReturnType<typeof Jose.createRemoteJWKSet>> | undefined;
  const keySet = () => {
    keys ??= (async () => {
      const uri = config.jwksUri ?? await discoverJwksUri(config.issuer, fetchJson);
      const { createRemoteJWKSet, customFetch } = await jose();
      return createRemoteJWKSet(new URL(uri), {
        cooldownDuration: options.keysCooldownMs ?? 30_000,
        [customFetch]: fetchKeys,
      });
    })().catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const metadataUrl = (origin: string) => `${origin}${RESOURCE_METADATA_PATHS[1]}`;
  const scopeParam = config.scopes.length > 0 ? `, scope="${config.scopes.join(" ")}"` : "";
  const refuse = (origin: string, message: string, error?: string): TokenCheck => ({
    ok: false,
    status: 401,
    message,
    challenge: `Bearer resource_metadata="${metadataUrl(origin)}"${scopeParam}` +
      (error ? `, error="${error}"` : ""),
  });
  return {
    async check(authorization, origin) {
      const audience = audienceOf(config, origin);
      const at = now();
      // A remembered token passed the pattern below when it was verified: the header of the
      // usual form is looked up as it is, before the pattern runs over its hundreds of characters.
      if (authorization?.startsWith("Bearer ")) {
        const known = cache.get(authorization.slice(7), audience, at);
        if (known) return known;
      }
      const token = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? "")?.[1];
      if (!token) {
        if (!config.required && !authorization) return { ok: true, scopes: [] };
        return refuse(origin, "Authentication required: send Authorization: Bearer <token>");
      }
      const known = cache.get(token, audience, at);
      if (known) return known;
      const generation = cache.generation;
      let payload: Jose.JWTPayload;
      const { jwtVerify, errors } = await jose();
      try {
        ({ payload } = await (options.jwtVerify ?? jwtVerify)(token, await keySet(), {
          issuer: config.issuer,
          audience,
          algorithms: config.algorithms,
          clockTolerance: config.clockSkewSeconds,
          requiredClaims: ["exp"],
          currentDate: new Date(at),
        }));
      } catch (error) {
        return refuse(origin, `Invalid token: ${reason(error, errors)}`, "invalid_token");
      }
      const granted = scopesOf(payload);
      const missing = config.scopes.filter((s) => !granted.includes(s));
      if (missing.length > 0) {
        return {
          ok: false,
          status: 403,
          message: `Insufficient scope: the token lacks ${missing.join(", ")}`,
          challenge: `Bearer error="insufficient_scope", scope="${config.scopes.join(" ")}", ` +
            `resource_metadata="${metadataUrl(origin)}"`,
        };
      }
      const result: Granted = Object.freeze({
        ok: true,
        scopes: Object.freeze(granted),
        ...(typeof payload.sub === "string" ? { subject: payload.sub } : {}),
      });
      const claims = { audience, exp: payload.exp!, nbf: payload.nbf, generation };
      cache.put(token, claims, result, at);
      return result;
    },
  };
}

/** A token's scopes: `scope` (space-separated, RFC 9068) or `scp` (a list). */
function scopesOf(payload: Jose.JWTPayload): string[] {
  if (typeof payload.scope === "string") return payload.scope.split(" ").filter(Boolean);
  const scp = (payload as { scp?: unknown }).scp;
  return Array.isArray(scp) ? scp.filter((s): s is string => typeof s === "string") : [];
}

/** Why a token was refused, in words a client's developer can act on (never the token). */
function reason(error: unknown, errors: typeof Jose.errors): string {
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `claim ${error.claim} is not as required (${error.reason})`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "signature algorithm not allowed";
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the issuer matches its key id";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "signature does not verify";
  if (error instanceof errors.JOSEError) return error.code.replace(/^ERR_/, "").toLowerCase();
  return "the issuer's keys could not be fetched";
}

/**
 * The `jwks_uri` of an issuer, from its OAuth metadata (RFC 8414), else its OpenID configuration.
 */
async function discoverJwksUri(issuer: string, fetchJson: typeof fetch): Promise<string> {
  const base = issuer.replace(/\/+$/, "");
  const url = new URL(base);
  const path = url.pathname === "/" ? "" : url.pathname;
  for (
    const candidate of [
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${base}/.well-known/openid-configuration`,
    ]
  ) {
    try {
      const res = await fetchJson(candidate, { headers: { accept: "application/json" } });
      if (!res.ok) {
        await res.body?.cancel();
        continue;
      }
      const meta = await res.json() as { jwks_uri?: unknown };
      if (typeof meta.jwks_uri === "string") return meta.jwks_uri;
    } catch {
      // Tried with the next form.
    }
  }
  throw new Error(`no jwks_uri in the metadata of ${issuer}`);
}
