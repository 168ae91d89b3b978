/**
 * One function decides whether a request may pass: the static modes (basic, API keys, fixed
 * bearer keys) synchronously, OAuth access tokens asynchronously (`oauth.ts`). A refusal is an
 * {@link HttpError} (401 with `WWW-Authenticate`, or 403 for a token without the scope).
 *
 * @module
 */
import { ErrorCode } from "../protocol/rpc_error.ts";
import type { AuthConfig } from "./guards.ts";
import { HttpError } from "./http_error.ts";
import { checkCredentials } from "./middleware.ts";
import type { TokenVerifier, VerifierOptions } from "./oauth.ts";

/** Checks a request; throws {@link HttpError} when it may not pass. */
export type Authorizer = (request: Request) => void | Promise<void>;

const granted = new WeakMap<Request, readonly string[]>();
const NONE: readonly string[] = [];

/**
 * The OAuth scopes the authorizer found in a request's token (none for a request without one,
 * or under another auth mode): what decides which sources it sees.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { grantedScopes } from "./authorize.ts";
 * assert.deepEqual(grantedScopes(new Request("http://x/")), []);
 * ```
 */
export function grantedScopes(request: Request): readonly string[] {
  return granted.get(request) ?? NONE;
}

/** What {@link createAuthorizer} needs besides the settings. */
export interface AuthorizerOptions extends VerifierOptions {
  /** The origin the request counts as arriving at (`site.url`, else the request's). */
  originOf: (request: Request) => string | Promise<string>;
}

/**
 * The authorizer of one app.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createAuthorizer } from "./authorize.ts";
 * const authorize = createAuthorizer({ type: "apikey", keys: ["k"] }, { originOf: () => "" });
 * authorize(new Request("http://x/mcp", { headers: { "x-api-key": "k" } }));
 * assert.throws(() => authorize(new Request("http://x/mcp")), /X-API-Key/);
 * ```
 */
export function createAuthorizer(auth: AuthConfig, options: AuthorizerOptions): Authorizer {
  if (auth.type !== "oauth") return (request) => checkCredentials(request.headers, auth);
  // The verifier's modules are imported with the first request, not with the app (a site
  // without OAuth never loads them); a failed import is tried again by the next request.
  let made: Promise<TokenVerifier> | undefined;
  const verifier = () =>
    made ??= import("./oauth.ts").then((m) => m.createTokenVerifier(auth, options)).catch(
      (error) => {
        made = undefined;
        throw error;
      },
    );
  return async (request) => {
    const origin = await options.originOf(request);
    const result = await (await verifier()).check(request.headers.get("authorization"), origin);
    if (!result.ok) {
      throw new HttpError(result.status, ErrorCode.InvalidRequest, result.message, {
        "www-authenticate": result.challenge,
      });
    }
    if (result.scopes.length > 0) granted.set(request, result.scopes);
  };
}
