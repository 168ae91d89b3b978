import type { AuthConfig } from "../transport/guards.ts";
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
    default:
      throw new ConfigError(
        where("authType"),
        `must be none, basic, apikey or bearer, got '${type}'`,
      );
  }
}
