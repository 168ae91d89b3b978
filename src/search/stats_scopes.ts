/**
 * The statistics scopes of one index: the documents a narrowed search (`source=docs`) is scored
 * by as if they were the whole index — their count, and their most linked page, the static
 * prior's scale (`prior_score.ts`) — each counted on its first search and kept under its key.
 *
 * @module
 */
import { SCOPES_KEPT, type StatsScope } from "./term_scores.ts";

/** A statistics scope with the highest inbound link count among its documents. */
export interface PriorScope extends StatsScope {
  /** The highest inbound count of its documents (0 when none is linked). */
  most: number;
}

/**
 * The scopes of an index whose documents have `inbound` links each: `scopeOf(key, has)` counts
 * the documents `has` accepts once, then gives the same scope for `key` (a key names the same
 * documents on every search); at most `SCOPES_KEPT` are kept at once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStatsScopes } from "./stats_scopes.ts";
 * const scopeOf = createStatsScopes([4, 0, 9, 1]);
 * const odd = scopeOf("odd", (n) => n % 2 === 1);
 * assert.equal(odd.size, 2);
 * assert.equal(odd.most, 1);
 * assert.equal(scopeOf("odd", () => true), odd); // counted once
 * ```
 */
export function createStatsScopes(
  inbound: ArrayLike<number>,
): (key: string, has: (n: number) => boolean) => PriorScope {
  const total = inbound.length;
  const scopes = new Map<string, PriorScope>();
  return (key, has) => {
    let found = scopes.get(key);
    if (found === undefined) {
      if (scopes.size >= SCOPES_KEPT) scopes.clear();
      found = { key, has, size: 0, most: 0 };
      for (let n = 0; n < total; n++) {
        if (!has(n)) continue;
        found.size++;
        if (inbound[n]! > found.most) found.most = inbound[n]!;
      }
      scopes.set(key, found);
    }
    return found;
  };
}
