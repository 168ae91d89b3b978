/**
 * The bound on one query's work: a long query of common words would decode and score the
 * postings of every page many times over. Past the budget (`expansion_rules.ts`), the plan
 * drops the most frequent near matches first (typo variants, completions, abbreviations,
 * identifiers typed whole), then the most frequent words, which tell pages apart the least; a
 * dropped word is reported as ignored, and a query always keeps at least one word.
 *
 * @module
 */
import { QUERY_DOCS_MIN, QUERY_DOCS_PER_PAGE } from "./expansion_rules.ts";
import type { QueryPlan } from "./query_planner.ts";

/**
 * The budget of an index of `pages` pages: the number of documents, summed over a query's
 * terms, that one query may score. A long page's parts count as documents of the terms they
 * hold (their postings are decoded and read with the pages'), so a site whose parts outnumber
 * its pages cuts common words sooner; the budget itself grows with the pages only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryBudget } from "./query_budget.ts";
 * assert.equal(queryBudget(100), 16_384);
 * assert.equal(queryBudget(50_000), 100_000);
 * ```
 */
export function queryBudget(pages: number): number {
  return Math.max(QUERY_DOCS_MIN, QUERY_DOCS_PER_PAGE * pages);
}

/**
 * `plan` cut to `budget` documents (see the module doc); the plan itself when it fits. `costOf`
 * gives the documents a dictionary term's postings hold (its pages and its parts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withinBudget } from "./query_budget.ts";
 * const df: Record<string, number> = { tar: 40, file: 900, files: 300, us: 1000 };
 * const plan = {
 *   terms: ["tar", "file", "us"],
 *   words: 3,
 *   typed: ["tar", "file", "use"],
 *   expansions: new Map([
 *     ["tar", new Map([["tar", 1]])],
 *     ["file", new Map([["file", 1], ["files", 0.8]])],
 *     ["us", new Map([["us", 1]])],
 *   ]),
 *   unmatched: [],
 * };
 * // 2,240 documents: the completion goes first, then the commonest word.
 * const cut = withinBudget(plan, (t) => df[t] ?? 0, 1_000);
 * assert.deepEqual(cut.terms, ["tar", "file"]);
 * assert.deepEqual(cut.typed, ["tar", "file"]);
 * assert.deepEqual(cut.ignored, ["use"]);
 * assert.deepEqual([...cut.expansions.get("file")!.keys()], ["file"]);
 * assert.equal(withinBudget(plan, (t) => df[t] ?? 0, 3_000), plan);
 * ```
 */
export function withinBudget(
  plan: QueryPlan,
  costOf: (term: string) => number,
  budget: number,
): QueryPlan {
  // Each dictionary term is decoded once however many query terms it expands.
  const uses = new Map<string, number>();
  for (const matches of plan.expansions.values()) {
    for (const t of matches.keys()) uses.set(t, (uses.get(t) ?? 0) + 1);
  }
  let cost = 0;
  for (const t of uses.keys()) cost += costOf(t);
  if (cost <= budget) return plan;
  const expansions = new Map<string, Map<string, number>>();
  for (const [term, matches] of plan.expansions) expansions.set(term, new Map(matches));
  const release = (t: string) => {
    const left = uses.get(t)! - 1;
    uses.set(t, left);
    if (left === 0) cost -= costOf(t);
  };
  // First the near matches and whole identifiers, most frequent first; a word keeps its last
  // term (a word matched only by completions is dropped whole below, or not at all).
  const optional: { term: string; t: string; cost: number }[] = [];
  plan.terms.forEach((term, n) => {
    for (const t of expansions.get(term)!.keys()) {
      if (n >= plan.words || t !== term) optional.push({ term, t, cost: costOf(t) });
    }
  });
  optional.sort((a, b) => b.cost - a.cost);
  const identifiers = new Set(plan.terms.slice(plan.words));
  const dropped = new Set<string>();
  for (const { term, t } of optional) {
    if (cost <= budget) break;
    const matches = expansions.get(term)!;
    if (!identifiers.has(term) && matches.size === 1) continue;
    matches.delete(t);
    release(t);
    if (matches.size === 0) dropped.add(term);
  }
  // Then whole words, most frequent first, while more than one is left (each word's count
  // includes a term it shares with another: the order is what matters here).
  const words = plan.terms.slice(0, plan.words)
    .map((term) => ({
      term,
      cost: [...expansions.get(term)!.keys()].reduce((s, t) => s + costOf(t), 0),
    }))
    .sort((a, b) => b.cost - a.cost);
  let left = words.length;
  const ignored = new Set<string>();
  for (const { term, cost: wordCost } of words) {
    // A word found nowhere costs nothing: only the words after it would, and there are none.
    if (cost <= budget || left <= 1 || wordCost === 0) break;
    for (const t of expansions.get(term)!.keys()) release(t);
    ignored.add(term);
    dropped.add(term);
    left--;
  }
  const keep = (term: string) => !dropped.has(term);
  const typed = plan.typed ?? plan.terms.slice(0, plan.words);
  return {
    terms: plan.terms.filter(keep),
    words: plan.terms.slice(0, plan.words).filter(keep).length,
    typed: typed.filter((_, n) => keep(plan.terms[n]!)),
    expansions: new Map([...expansions].filter(([term]) => keep(term))),
    unmatched: plan.unmatched,
    ignored: plan.terms.slice(0, plan.words).flatMap((term, n) =>
      ignored.has(term) ? [typed[n]!] : []
    ),
  };
}
