/**
 * The adjective an adverb in "-ily" comes from, which the Porter stemmer does not find: it
 * stems "lazily" to `lazili` and "lazy" to `lazi`, "easily" to `easili` and "easy" to `easi`.
 * Its other adverb rules already join "-ally", "-ently", "-ously", "-ably" and "-ely" to their
 * adjectives. "family", and words ending in it ("subfamily"), are nouns and stay apart; words
 * under six letters ("daily", "lily", "wily") are left alone.
 *
 * Measured on `deno task eval` (2026-11-26): one question moves, Redux's "load reducers lazily
 * when a route is visited" (its page says "lazy" five times and "lazily" once), 2nd → 1st; no
 * other question of either set moves. Stripping "-ly" after `c d g h k m n r t` as well, as
 * Porter2 does ("exactly" → "exact", "early" and "only" excepted), moved none: not applied.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { adverbBase } from "./adverb_base.ts";
 * assert.equal(adverbBase("lazily"), "lazy");
 * assert.equal(adverbBase("temporarily"), "temporary");
 * assert.equal(adverbBase("family"), undefined);
 * assert.equal(adverbBase("daily"), undefined);
 * assert.equal(adverbBase("quickly"), undefined);
 * ```
 *
 * @module
 */

/** The "-y" adjective of a normalized "-ily" adverb, or `undefined` for any other word. */
export function adverbBase(word: string): string | undefined {
  return word.length >= 6 && word.endsWith("ily") && !word.endsWith("family")
    ? `${word.slice(0, -3)}y`
    : undefined;
}
