/**
 * The OAuth settings and what follows from them alone: the accepted algorithms, the
 * protected-resource metadata (RFC 9728) and the audience. Apart from the verifier (`oauth.ts`,
 * with its token cache), which `authorize.ts` imports only when the auth mode is OAuth: the app,
 * the config and the site routes import this module, and a cold isolate of a site without OAuth
 * loads nothing more of it.
 *
 * @module
 */

/** The OAuth settings (`auth.type: oauth`). */
export interface OAuthConfig {
  type: "oauth";
  /** The authorization server's issuer identifier (`iss` of its tokens). */
  issuer: string;
  /** The audience tokens must name; default: the canonical MCP URL (`<origin>/mcp`). */
  audience?: string;
  /** Whether requests without a token are refused (default true). */
  required: boolean;
  /** Scopes every token must hold. */
  scopes: string[];
  /** Where the keys are; default: from the issuer's metadata. */
  jwksUri?: string;
  /** Signature algorithms accepted (asymmetric only by default). */
  algorithms: string[];
  /** Seconds of clock difference tolerated on `exp`/`nbf`. */
  clockSkewSeconds: number;
}

/** Algorithms accepted unless configured: asymmetric ones (a public key is never an HMAC key). */
export const DEFAULT_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
];

/** The paths of the protected-resource metadata (RFC 9728; the second for the `/mcp` resource). */
export const RESOURCE_METADATA_PATHS = [
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
];

/**
 * The protected-resource metadata document (RFC 9728) of a server at `origin`; `sourceScopes`
 * are the scopes of its scoped sources.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resourceMetadata } from "./oauth_settings.ts";
 * const config = { type: "oauth" as const, issuer: "https://id.example", required: true,
 *   scopes: ["docs:read"], algorithms: ["ES256"], clockSkewSeconds: 60 };
 * assert.deepEqual(resourceMetadata(config, "https://kb.example"), {
 *   resource: "https://kb.example/mcp",
 *   authorization_servers: ["https://id.example"],
 *   scopes_supported: ["docs:read"],
 *   bearer_methods_supported: ["header"],
 * });
 * // The scopes of scoped sources are offered too, so that clients can ask for them.
 * assert.deepEqual(
 *   resourceMetadata(config, "https://kb.example", ["docs:internal"]).scopes_supported,
 *   ["docs:read", "docs:internal"],
 * );
 * ```
 */
export function resourceMetadata(
  config: OAuthConfig,
  origin: string,
  sourceScopes: readonly string[] = [],
): Record<string, unknown> {
  return {
    resource: audienceOf(config, origin),
    authorization_servers: [config.issuer],
    scopes_supported: [...new Set([...config.scopes, ...sourceScopes])],
    bearer_methods_supported: ["header"],
  };
}

/** The audience tokens must name: the configured one, else `<origin>/mcp`. */
export function audienceOf(config: OAuthConfig, origin: string): string {
  return config.audience ?? `${origin}/mcp`;
}
