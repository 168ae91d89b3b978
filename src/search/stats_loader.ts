/**
 * `SearchIndex.loadStats`: what an index keeping its per-document data in ranges
 * (`document_stats.ts`) reads before a search scores — the stats of the documents its terms'
 * postings hold and of the members of the scopes it is scored by, and the name ranges of the
 * names its exact-name rule may give a bonus to (`name_ranges.ts`).
 *
 * @module
 */
import type { DocumentStats } from "./document_stats.ts";
import type { LoadStatsOptions } from "./search_index.ts";
import type { PriorScope } from "./stats_scopes.ts";
import type { TermScorer } from "./term_scores.ts";

/**
 * The `loadStats` of an index over `stats`, its `scorer` (whose postings the terms' must be
 * loaded in) and its scopes (`scopeOf`): a scope's members are read once, and a scope of every
 * page or every part, whose sums the index has, reads none.
 *
 * @example
 * ```ts ignore
 * const loadStats = createStatsLoader(stats, scorer, scopeOf);
 * await loadStats(["deploi"], { plan });
 * ```
 */
export function createStatsLoader(
  stats: DocumentStats,
  scorer: TermScorer,
  scopeOf: (key: string, has: (n: number) => boolean) => PriorScope,
): (terms: Iterable<string>, options?: LoadStatsOptions) => Promise<void> {
  // The scopes whose members' data has been read (it is kept: `document_stats.ts`).
  const scopesRead = new Set<string>();
  return async (terms, { plan, scopes = [] } = {}) => {
    if (!stats.ranged) return;
    const docs: ArrayLike<number>[] = [];
    for (const term of terms) {
      for (const field of scorer.postingsOf(term) ?? []) docs.push(field.docs);
    }
    const members = scopes.filter((s) => !scopesRead.has(s.key) && !scopeOf(s.key, s.has).sums);
    await stats.load({ docs, members: members.map((s) => s.has), ...(plan ? { plan } : {}) });
    for (const s of scopes) scopesRead.add(s.key);
  };
}
