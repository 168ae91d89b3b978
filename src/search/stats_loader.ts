/**
 * `SearchIndex.loadStats`: what an index keeping its per-document data in ranges
 * (`document_stats.ts`) reads before a search scores — the stats of the documents its terms'
 * postings hold and of the members of the scopes it is scored by, and the names of the documents
 * whose title or file name may be its query (the exact-name rule's candidates).
 *
 * @module
 */
import { termHash } from "./document_ranges.ts";
import type { DocumentStats } from "./document_stats.ts";
import { FIELDS } from "./index_fields.ts";
import type { QueryPlan } from "./query_planner.ts";
import type { LoadStatsOptions } from "./search_index.ts";
import type { PriorScope } from "./stats_scopes.ts";
import type { TermScorer } from "./term_scores.ts";

/** The title's field (`FIELDS`). */
const NAME = FIELDS.indexOf("name");

/**
 * The documents whose title may be `plan`'s query (the exact-name rule's test): those with an
 * expansion of each of its terms in their title, the `name` field (its postings decoded).
 */
function titledDocuments(plan: QueryPlan, scorer: TermScorer): Set<number> {
  let titled: Set<number> | undefined;
  for (const term of plan.terms) {
    const next = new Set<number>();
    for (const expansion of plan.expansions.get(term)?.keys() ?? []) {
      const docs = scorer.postingsOf(expansion)?.[NAME]?.docs ?? [];
      for (const n of docs) if (!titled || titled.has(n)) next.add(n);
    }
    titled = next;
  }
  return titled ?? new Set();
}

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
  return async (terms, { plan, scopes = [], parts = true } = {}) => {
    if (!stats.ranged) return;
    const docs: ArrayLike<number>[] = [];
    for (const term of terms) {
      for (const field of scorer.postingsOf(term) ?? []) docs.push(field.docs);
    }
    const members = scopes.filter((s) => !scopesRead.has(s.key) && !scopeOf(s.key, s.has).sums);
    const first = plan?.expansions.get(plan.terms[0] ?? "")?.keys() ?? [];
    await stats.load({
      docs,
      members: members.map((s) => s.has),
      ...(plan
        ? {
          nameTerms: plan.terms.length,
          titled: titledDocuments(plan, scorer),
          heads: new Set([...first].map(termHash)),
          parts,
        }
        : {}),
    });
    for (const s of scopes) scopesRead.add(s.key);
  };
}
