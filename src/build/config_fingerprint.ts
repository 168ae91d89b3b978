import type { ContentConfig } from "./parse_metadata.ts";

/** JSON with object keys sorted, so equal values always give equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** `path` relative to `cwd` when it is inside it (builds on another machine still match). */
function relative(path: string, cwd: string): string {
  const base = cwd.replace(/\/+$/, "");
  return path === base ? "." : path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path;
}

/**
 * A SHA-256 fingerprint of what a build reads: server identity, settings, and each source's
 * name, folder (relative to `cwd`), statuses and filters. The build records it in the manifest;
 * start-up serves a prebuilt manifest only when the configuration it resolved has the same one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { configFingerprint } from "./config_fingerprint.ts";
 * const config = (path: string) => ({
 *   server: { name: "kb", version: "1" }, settings: {}, warnings: [],
 *   sources: [{ name: "docs", description: "", path }],
 * });
 * const a = await configFingerprint(config("/site/content"), "/site");
 * assert.equal(a, await configFingerprint(config("/elsewhere/content"), "/elsewhere"));
 * assert.notEqual(a, await configFingerprint(config("/site/docs"), "/site"));
 * ```
 */
export async function configFingerprint(config: ContentConfig, cwd: string): Promise<string> {
  const text = stableJson({
    server: config.server,
    settings: config.settings,
    sources: config.sources.map((s) => ({ ...s, path: relative(s.path, cwd) })),
  });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
