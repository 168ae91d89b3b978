import type { Manifest, ManifestHead } from "./manifest.ts";
import { manifestOutline } from "./manifest_outline.ts";

/**
 * The head of `manifest` (what {@link ManifestHead} names, nothing else): its identity,
 * freshness and settings, and its outline (one pass over its documents).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { manifestHead } from "./manifest_head.ts";
 * const manifest = { builtAt: "2026-01-01T00:00:00Z", server: { name: "kb", version: "1" },
 *   sources: [{ name: "docs" }], documents: [{ source: "docs", category: "a" }],
 *   settings: { cacheTtlMs: 5 } };
 * assert.deepEqual(manifestHead(manifest as never), {
 *   builtAt: "2026-01-01T00:00:00Z", server: { name: "kb", version: "1" },
 *   settings: { cacheTtlMs: 5 },
 *   outline: { sources: [{ name: "docs", categories: ["a"] }], prompts: [] },
 * });
 * ```
 */
export function manifestHead(
  manifest:
    & Pick<
      Manifest,
      "builtAt" | "commits" | "server" | "settings" | "sources" | "documents" | "prompts"
    >
    & Pick<Partial<Manifest>, "outline">,
): ManifestHead {
  const { builtAt, commits, server, settings } = manifest;
  return {
    builtAt,
    server,
    ...(commits !== undefined ? { commits } : {}),
    ...(settings !== undefined ? { settings } : {}),
    // Made at build when the documents' paths are in id ranges (`Manifest.outline`).
    outline: manifest.outline ?? manifestOutline(manifest),
  };
}
