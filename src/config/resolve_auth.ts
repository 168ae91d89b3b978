import type { AuthConfig } from "../transport/guards.ts";
import { DEFAULT_ALGORITHMS } from "../transport/oauth_settings.ts";
import { ConfigError } from "./config_error.ts";

/**
 * The authentication mode from resolved setting values (`get`) — ACDC's `authType` with its
 * keys, or TechDoc's `MCP_AUTH_REQUIRED` meaning bearer. `where` names the flag or variable a
 * value came from, for errors.
 */
export function resolveAuth(
  get: (key: string) => string | undefined,
  where: (key: string) => string,
): AuthConfig {
  let type = get("authType");
  const techdocRequired = /^(1|true|yes)$/i.test(get("authRequired") ?? "");
  if (type === undefined && techdocRequired) type = "bearer";
  type ??= "none";
  const keys = (name: string) => (get(name) ?? "").split(",").map((k) => k.trim()).filter(Boolean);
  switch (type) {
    case "none":
      return { type };
    case "basic": {
      const username = get("basicUsername");
      const password = get("basicPassword");
      if (!username || !password) {
        throw new ConfigError(
          where("authType"),
          "basic auth needs --auth-basic-username and --auth-basic-password",
        );
      }
      return { type, username, password };
    }
    case "apikey":
    case "bearer": {
      const all = [...keys("apiKeys"), ...keys("apiKey")];
      if (all.length === 0) {
        throw new ConfigError(
          where("authType"),
          `${type} auth needs keys (--auth-api-keys or MCP_API_KEY)`,
        );
      }
      return { type, keys: all };
    }
    case "oauth": {
      const issuer = get("oauthIssuer");
      if (!issuer || !/^https?:\/\//.test(issuer)) {
        throw new ConfigError(where("authType"), "oauth needs --oauth-issuer (an http(s) URL)");
      }
      const list = (name: string) =>
        (get(name) ?? "").split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
      const algorithms = list("oauthAlgorithms");
      const bad = algorithms.find((a) => /^(none|HS\d+)$/i.test(a));
      if (bad) {
        throw new ConfigError(
          where("oauthAlgorithms"),
          `'${bad}' is not allowed: tokens must be signed with an asymmetric key`,
        );
      }
      const skew = Number(get("oauthClockSkew") ?? "60");
      if (!Number.isFinite(skew) || skew < 0 || skew > 600) {
        throw new ConfigError(where("oauthClockSkew"), "must be a number of seconds from 0 to 600");
      }
      const audience = get("oauthAudience");
      const jwksUri = get("oauthJwksUri");
      return {
        type,
        issuer,
        required: !/^(0|false|no)$/i.test(get("oauthRequired") ?? "true"),
        scopes: list("oauthScopes"),
        algorithms: algorithms.length > 0 ? algorithms : [...DEFAULT_ALGORITHMS],
        clockSkewSeconds: skew,
        ...(audience ? { audience } : {}),
        ...(jwksUri ? { jwksUri } : {}),
      };
    }
    default:
      throw new ConfigError(
        where("authType"),
        `must be none, basic, apikey, bearer or oauth, got '${type}'`,
      );
  }
}
