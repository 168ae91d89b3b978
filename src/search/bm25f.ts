/**
 * The scorer Shelf ranks candidates with: BM25 per field, from the statistics the build stores
 * beside the index (term frequency per field, field lengths, document frequencies). A term's
 * score in a document is `idf · Σ_field weight · fieldScore(tf, length)`: each field's frequency
 * is normalized by the field's length against its average and saturates on its own, and the
 * tools' field weights (configurable boosts) multiply the result.
 *
 * That is the linear-combination form of BM25F. The classic form — weights applied before one
 * shared saturation — was measured on the evaluation corpora and lost clearly (MRR 0.844 vs
 * 0.897 on asdlc, 0.644 vs 0.687 on hugo-docs, with everything else equal): a title match then
 * counts like two body mentions and saturates away, where agents expect it to dominate.
 *
 * Parameters, and why:
 * - {@link K1} `1.2`: how fast repeated mentions stop adding (the usual BM25 value: one mention
 *   at average length scores 1, the ceiling is `k1 + 1`).
 * - {@link LENGTH_NORMALIZATION} (`b`) per field: titles, headings and descriptions `0.7` (a
 *   long title that mentions a word says less about it than a short one; a page's headings are
 *   the titles of its parts), tags and inbound link texts `0.3`
 *   (lists of labels), bodies `0.5` (bodies range from one line to thousands of words; full
 *   normalization buries the long guide pages that agents most often want). Chosen on the
 *   evaluation (`deno task eval`), see README's Search quality.
 *
 * @module
 */

/** Saturation of repeated mentions. */
export const K1 = 1.2;

/** Length normalization per field (0: none, 1: full). */
export const LENGTH_NORMALIZATION = Object.freeze({
  name: 0.7,
  keywords: 0.3,
  description: 0.7,
  content: 0.5,
  links: 0.3,
  headings: 0.7,
});

/**
 * Most the static prior multiplies a score by (the index's most linked page); a page
 * nobody links to keeps its score (×1). Chosen on the evaluation: see docs/search.md.
 */
export const PRIOR_WEIGHT = 0.1;

/**
 * The static prior: what a page's inbound links (`link_graph.ts`) multiply its
 * score by — `1 + PRIOR_WEIGHT · log(1 + inbound) / log(1 + most)`, `most` being the highest
 * inbound count of the index. Never under 1, never over `1 + PRIOR_WEIGHT`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PRIOR_WEIGHT, priorBoost } from "./bm25f.ts";
 * assert.equal(priorBoost(0, 50), 1);
 * assert.equal(priorBoost(50, 50), 1 + PRIOR_WEIGHT);
 * assert.ok(priorBoost(5, 50) > 1 && priorBoost(5, 50) < priorBoost(20, 50));
 * assert.equal(priorBoost(0, 0), 1);
 * ```
 */
export function priorBoost(inbound: number, most: number): number {
  if (inbound <= 0 || most <= 0) return 1;
  return 1 + PRIOR_WEIGHT * Math.log1p(inbound) / Math.log1p(most);
}

/**
 * How much of its score a document keeps for holding `matched` of a query's `wanted` terms:
 * the square root of the share. A page missing one word of three keeps 82% (not 67%), so a
 * page that answers the question strongly with two of its words ("put my **logo** in the
 * **header**": the customization guide) is not sunk under one that mentions all three in
 * passing; missing two of three still costs 42%. The linear share was measured against it
 * on the evaluation (docs/search.md); weighting each word by its rarity lost.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { coordination } from "./bm25f.ts";
 * assert.equal(coordination(3, 3), 1);
 * assert.equal(coordination(1, 4), 0.5);
 * assert.ok(coordination(2, 3) > 2 / 3 && coordination(2, 3) < 1);
 * ```
 */
export function coordination(matched: number, wanted: number): number {
  return Math.sqrt(matched / Math.max(1, wanted));
}

/**
 * Rarity of a term found in `df` of `total` documents (BM25's IDF, kept positive: a term in
 * every document still counts a little).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inverseDocumentFrequency } from "./bm25f.ts";
 * assert.ok(inverseDocumentFrequency(1, 1000) > inverseDocumentFrequency(100, 1000));
 * assert.ok(inverseDocumentFrequency(1000, 1000) > 0);
 * ```
 */
export function inverseDocumentFrequency(df: number, total: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/**
 * One field's BM25 share of a term (before IDF and the field's weight): the frequency `tf`
 * normalized by `length / average` to the power of `b`'s share, saturated by {@link K1} — 1 for
 * one mention in a field of average length, more for repeats, never `k1 + 1`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldScore, K1 } from "./bm25f.ts";
 * assert.ok(Math.abs(fieldScore(1, 100, 100, 0.75) - 1) < 1e-12);
 * assert.ok(fieldScore(3, 100, 100, 0.75) > fieldScore(1, 100, 100, 0.75));
 * assert.ok(fieldScore(2, 400, 100, 0.75) < fieldScore(2, 50, 100, 0.75)); // long field
 * assert.equal(fieldScore(2, 400, 100, 0), fieldScore(2, 50, 100, 0)); // b = 0: no length
 * assert.ok(fieldScore(1e6, 1, 100, 0.75) < K1 + 1);
 * assert.equal(fieldScore(0, 10, 10, 0.5), 0);
 * ```
 */
export function fieldScore(tf: number, length: number, average: number, b: number): number {
  return saturated(tf, lengthNorm(length, average, b));
}

/**
 * The length part of {@link fieldScore}: what a field's frequency is divided by (1 at average
 * length). It depends only on the document (and its scope's average), so an index keeps it once
 * per field and document, computed where a term's postings first need it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldScore, lengthNorm, saturated } from "./bm25f.ts";
 * assert.equal(lengthNorm(100, 100, 0.75), 1);
 * assert.equal(saturated(3, lengthNorm(40, 100, 0.5)), fieldScore(3, 40, 100, 0.5));
 * ```
 */
export function lengthNorm(length: number, average: number, b: number): number {
  return 1 - b + b * length / Math.max(average, 1e-9);
}

/** The saturation part of {@link fieldScore}: frequency `tf` over its field's `norm`. */
export function saturated(tf: number, norm: number): number {
  if (tf <= 0) return 0;
  const f = tf / norm;
  return f * (K1 + 1) / (f + K1);
}
