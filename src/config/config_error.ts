/**
 * A configuration problem found at start. The message names the key (or flag) and the rule,
 * e.g. `content[1].path: folder not found: ./docs`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError } from "./config_error.ts";
 * const e = new ConfigError("server.name", "must be a non-empty string");
 * assert.ok(e.message === "server.name: must be a non-empty string");
 * ```
 */
export class ConfigError extends Error {
  readonly key: string;
  constructor(key: string, rule: string) {
    super(`${key}: ${rule}`);
    this.name = "ConfigError";
    this.key = key;
  }
}
