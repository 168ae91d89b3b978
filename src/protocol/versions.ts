/** Legacy (initialize-handshake) protocol versions, newest first. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
/** Modern (stateless, per-request `_meta`) protocol versions. */
export const MODERN_VERSIONS = ["2026-07-28"] as const;
/** Every version Shelf speaks, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...LEGACY_VERSIONS];
/** What `initialize` answers when the client asks for a version Shelf does not speak. */
export const LATEST_LEGACY_VERSION = "2025-11-25";
/** Assumed for HTTP requests without `MCP-Protocol-Version` (per the transport spec). */
export const DEFAULT_HTTP_VERSION = "2025-03-26";
/** `_meta` key that carries the protocol version in the modern era. */
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** `_meta` key that carries the server identity on modern results. */
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
/** `_meta` key of the client's capabilities (required on every 2026-07-28 request). */
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

/**
 * The version `initialize` answers: the requested one when Shelf speaks it (legacy eras
 * only), else the latest legacy version.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { negotiateVersion } from "./versions.ts";
 * assert.ok(negotiateVersion("2025-03-26") === "2025-03-26");
 * assert.ok(negotiateVersion("1999-01-01") === "2025-11-25");
 * assert.ok(negotiateVersion("2026-07-28") === "2025-11-25");
 * ```
 */
export function negotiateVersion(requested: unknown): string {
  return (LEGACY_VERSIONS as readonly unknown[]).includes(requested)
    ? requested as string
    : LATEST_LEGACY_VERSION;
}

/** Whether `version` is a modern (stateless) version. */
export function isModernVersion(version: string): boolean {
  return (MODERN_VERSIONS as readonly string[]).includes(version);
}

/** Whether `version` is any version Shelf speaks. */
export function isSupportedVersion(version: string): boolean {
  return SUPPORTED_VERSIONS.includes(version);
}

/**
 * Whether tool results carry `structuredContent` and tools list `outputSchema` and `title`
 * (2025-06-18 and later).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasStructuredOutput } from "./versions.ts";
 * assert.ok(hasStructuredOutput("2025-06-18") && !hasStructuredOutput("2025-03-26"));
 * ```
 */
export function hasStructuredOutput(version: string): boolean {
  return version >= "2025-06-18";
}

/** Whether JSON-RPC batches are allowed (2025-03-26 and earlier). */
export function allowsBatches(version: string): boolean {
  return version <= "2025-03-26";
}
