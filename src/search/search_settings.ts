import type { FieldWeights } from "./search_index.ts";

/** Search settings from config, environment and flags (ACDC names). */
export interface SearchSettings {
  /** Results of the `search` tool (`ACDC_MCP_SEARCH_MAX_RESULTS`). */
  maxResults: number;
  /** Field boosts (`ACDC_MCP_SEARCH_KEYWORDS_BOOST`, `_NAME_BOOST`, `_CONTENT_BOOST`). */
  boosts: { keywords: number; name: number; content: number };
  /**
   * Budget of one tool answer in tokens (about 4 characters each): long documents are read in
   * parts, lists and searches stop filling there (`maxResponseTokens`,
   * `SHELF_MAX_RESPONSE_TOKENS`).
   */
  maxResponseTokens: number;
}

/** Settings that override the config file's (environment, flags); any part may be absent. */
export interface SearchOverrides {
  maxResults?: number;
  boosts?: Partial<SearchSettings["boosts"]>;
  maxResponseTokens?: number;
}

/** Smallest and largest answer budgets a configuration may set, in tokens. */
export const RESPONSE_TOKENS_RANGE = [1000, 100_000] as const;

/** Default answer budget: about 6,000 tokens, well under the 25,000 clients refuse. */
export const DEFAULT_MAX_RESPONSE_TOKENS = 6000;

/** ACDC defaults: 10 results; keywords ×3, name ×2, content ×1. */
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = Object.freeze({
  maxResults: 10,
  boosts: Object.freeze({ keywords: 3, name: 2, content: 1 }),
  maxResponseTokens: DEFAULT_MAX_RESPONSE_TOKENS,
});

/**
 * Field weights of the ACDC `search` tool: the description counts as content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "./search_settings.ts";
 * assert.ok(acdcWeights(DEFAULT_SEARCH_SETTINGS).keywords === 3);
 * ```
 */
export function acdcWeights(settings: SearchSettings): FieldWeights {
  let weights = ACDC_WEIGHTS.get(settings);
  if (!weights) {
    const { keywords, name, content } = settings.boosts;
    // Frozen: made once per settings, and keyed once by the scores kept (`weightsKeyOf`).
    weights = Object.freeze({ keywords, name, description: content * DESCRIPTION_BOOST, content });
    ACDC_WEIGHTS.set(settings, weights);
  }
  return weights;
}

/** {@link acdcWeights} of each settings object asked about. */
const ACDC_WEIGHTS = new WeakMap<SearchSettings, FieldWeights>();

/** How much more a match in the description (a summary) weighs than one in the body. */
export const DESCRIPTION_BOOST = 1.5;

/** Field weights of `search_articles` (ASDLC): title ×3, tags ×2, description ×1, body lower. */
export const ARTICLE_SEARCH_WEIGHTS: FieldWeights = Object.freeze({
  name: 3,
  keywords: 2,
  description: 1,
  content: 0.5,
});

/**
 * Resolves search settings: `override` (environment, flags) over the manifest's (config file)
 * over the defaults.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSearchSettings } from "./search_settings.ts";
 * const s = resolveSearchSettings({ maxResults: 5, boosts: { name: 4 } });
 * assert.ok(s.maxResults === 5 && s.boosts.name === 4 && s.boosts.keywords === 3);
 * ```
 */
export function resolveSearchSettings(
  fromManifest: SearchOverrides = {},
  override: SearchOverrides = {},
): SearchSettings {
  return {
    maxResults: override.maxResults ?? fromManifest.maxResults ??
      DEFAULT_SEARCH_SETTINGS.maxResults,
    boosts: {
      ...DEFAULT_SEARCH_SETTINGS.boosts,
      ...fromManifest.boosts,
      ...override.boosts,
    },
    maxResponseTokens: override.maxResponseTokens ?? fromManifest.maxResponseTokens ??
      DEFAULT_SEARCH_SETTINGS.maxResponseTokens,
  };
}
