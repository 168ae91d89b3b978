import type { ManifestHead } from "../content/manifest.ts";
import { DEFAULT_CACHE_TTL_MS } from "../content/store_cache.ts";
import { type Freshness, freshnessOf, freshnessSentence } from "../content/freshness.ts";
import {
  resolveSearchSettings,
  type SearchOverrides,
  type SearchSettings,
} from "../search/search_settings.ts";
import { createToolRegistry, type ToolRegistry } from "../tools/tool_registry.ts";

/** What a manifest (plus the deployment's overrides) decides for every request on it. */
export interface StoreSettings {
  tools: ToolRegistry;
  search: SearchSettings;
  /** `ttlMs` advertised on cacheable 2026-07-28 results: the manifest's cache TTL. */
  cacheTtlMs: number;
  /** The server's instructions followed by when (and from which commits) the content was built. */
  instructions: string;
  freshness: Freshness;
}

/**
 * Resolves a store's settings once, from its manifest's head (`ManifestHead`: a manifest, or what
 * a sharded build's root says of it before any document is read) and the deployment's search
 * overrides (environment, flags): the one place every entry point — HTTP, stdio, Netlify, `deno serve` —
 * gets them from, so the same manifest always answers the same. The result is frozen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { resolveStoreSettings } from "./store_settings.ts";
 * const { manifest } = await buildManifest({
 *   server: { name: "kb", version: "1" }, sources: [], settings: { cacheTtlMs: 60_000 },
 * });
 * const settings = resolveStoreSettings(manifest);
 * assert.equal(settings.cacheTtlMs, 60_000);
 * assert.ok(Object.isFrozen(settings));
 * ```
 */
export function resolveStoreSettings(
  head: ManifestHead,
  overrides: { search?: SearchOverrides; tools?: ToolRegistry } = {},
): StoreSettings {
  const settings = head.settings ?? {};
  const freshness = freshnessOf(head);
  return Object.freeze({
    tools: overrides.tools ?? createToolRegistry({
      ...(settings.profiles ? { profiles: settings.profiles } : {}),
      ...(settings.toolDescriptions ? { descriptions: settings.toolDescriptions } : {}),
    }),
    search: resolveSearchSettings(
      settings.maxResponseTokens === undefined
        ? settings.search
        : { ...settings.search, maxResponseTokens: settings.maxResponseTokens },
      overrides.search,
    ),
    cacheTtlMs: settings.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
    instructions: [head.server.instructions, freshnessSentence(freshness)]
      .filter(Boolean).join("\n\n"),
    freshness,
  });
}
