/**
 * The scoring pass of one index: a query plan in, its ranked hits out. Each step is a file of
 * its own — accumulation (`term_accumulator.ts`), the statistics of a narrowed search
 * (`stats_scopes.ts`), the prior and coordination (`prior_score.ts`), the coverage rule and its
 * fillers (`coverage_rule.ts`), the exact-name rule and its lift (`ranking_rules.ts`), the top-k
 * (`top_hits.ts`) — and this one only runs them in order.
 *
 * @module
 */
import { inverseDocumentFrequency } from "./bm25f.ts";
import { fillerHits, lacksCoverage } from "./coverage_rule.ts";
import { type HitColumns, hitColumns as newColumns } from "./hit_tail.ts";
import { weightsKeyOf } from "./index_fields.ts";
import { priorScore } from "./prior_score.ts";
import type { QueryPlan } from "./query_planner.ts";
import { createNameRule, liftNeeded, type NameRuleInput } from "./ranking_rules.ts";
import type { SearchOptions } from "./search_index.ts";
import type { PriorScope } from "./stats_scopes.ts";
import { createTermAccumulator } from "./term_accumulator.ts";
import type { TermScorer } from "./term_scores.ts";
import { type Ranking, topOfColumns } from "./top_hits.ts";
import type { DocumentIds } from "./document_ids.ts";

/** What {@link createScoringPass} reads of an index. */
export interface ScoringPassInput {
  /** Each document's id, by number. */
  ids: DocumentIds;
  /** How many of `ids`, from the first, are pages; the rest are parts (`part_rule.ts`). */
  pages: number;
  /** Each document's title and file name as analyzed words (the exact-name rule's input). */
  names: NameRuleInput;
  /** The index's statistics scopes (`stats_scopes.ts`). */
  scopeOf: (key: string, has: (n: number) => boolean) => PriorScope;
  /** How many other documents link to each one (the static prior's input). */
  inbound: ArrayLike<number>;
  /** The highest of `inbound`: the prior's scale in a search of the whole index. */
  mostInbound: number;
  /** The terms' scores. */
  scorer: TermScorer;
  /** A dictionary term's rarity over the whole index (its pages). */
  idf: (term: string) => number;
  /** Whether the dictionary has `term`. */
  has: (term: string) => boolean;
}

/**
 * The scoring pass: `rank(plan, options)` is `SearchIndex.rank` (see its doc; `search` is its
 * hits followed by its tail's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSearchIndex } from "./search_index.ts";
 * // `SearchIndex.search` is this pass over the index's own arrays.
 * const index = buildSearchIndex([
 *   { id: "a", name: "Deploy", keywords: [], description: "", content: "deploy the site" },
 *   { id: "b", name: "Build", keywords: [], description: "", content: "build, then deploy" },
 * ], "h");
 * const weights = { name: 2, keywords: 3, description: 1, content: 1 };
 * const hits = index.search(index.plan("deploy"), { weights });
 * assert.deepEqual(hits.map((h) => [index.ids.at(h.doc), h.exactName]), [["a", true], ["b", undefined]]);
 * ```
 */
export function createScoringPass(
  input: ScoringPassInput,
): (plan: QueryPlan, options: SearchOptions) => Ranking {
  const { ids, pages, inbound, mostInbound, scorer, idf, has, scopeOf } = input;
  const total = ids.length;
  const onlyPages = pages < total ? (n: number) => n < pages : undefined;
  const nameRule = createNameRule(input.names);
  const accumulate = createTermAccumulator(total);
  // The hits of a search as columns (`hit_tail.ts`), made once, reused by every search.
  let hitColumns: HitColumns | undefined;
  return (plan, { weights, filter: accepted, limit, statsScope, statsOf }) => {
    // Parts are searched only when asked for (`part_rule.ts`).
    const filter = accepted ?? onlyPages;
    const weightsKey = weightsKeyOf(weights);
    const members = statsOf ?? accepted;
    const scope = statsScope !== undefined && members ? scopeOf(statsScope, members) : undefined;
    // The prior is relative to the most linked page of the scope, as if it were served alone.
    const most = scope ? scope.most : mostInbound;
    const scoresOf = (t: string) => scorer.scoresOf(t, weights, weightsKey, scope);
    // A term's rarity: over the whole index, or among the scope's documents (those with it in
    // a weighted field, counted once with the term's scores).
    const scopedIdf = scope
      ? (t: string) => {
        // A scoped search scores only its scope's documents: they are the term's there.
        const df = scoresOf(t)?.docs.length ?? 0;
        return inverseDocumentFrequency(df || scope.size, scope.size);
      }
      : idf;
    const tally = accumulate(plan, { scoresOf, idf: scopedIdf, has, filter });
    const wanted = plan.terms.length;
    const scoreOf = (n: number) =>
      priorScore(tally.score[n]!, inbound[n]!, most, tally.matched[n]!, wanted);
    const { docs, count } = tally;
    // Room for the documents matched (the most a search has matched yet, at least twice the room
    // before when it grows), not for every document: a cold isolate's first search on a large
    // shelf matches a few thousand of its 89,538.
    const made = hitColumns?.docs.length ?? 0;
    if (made < count) hitColumns = newColumns(Math.min(total, Math.max(count, 2 * made)));
    const hits = hitColumns!;
    // Documents holding too few of the words but one as typed: their numbers stay in the
    // tally until it is known whether the answer needs them (a common word of a long query
    // touches thousands).
    const partial: number[] = [];
    let strict = 0;
    let bestOther = 0;
    let lowestExact = Infinity;
    for (let i = 0; i < count; i++) {
      const n = docs[i]!;
      if (lacksCoverage(tally.coverage[n]!, plan.words)) {
        if (tally.exactAny[n] !== 0) partial.push(n);
        else tally.clear(n);
        continue;
      }
      // OR semantics, scaled by how many query terms matched; then the exact-name rule.
      const name = nameRule(n, plan);
      const score = scoreOf(n) * name.bonus;
      hits.docs[strict] = n;
      hits.scores[strict] = score;
      hits.matched[strict] = tally.matched[n]!;
      hits.terms[strict] = tally.terms[n]!;
      hits.headWords[strict] = tally.headWords[n]!;
      hits.exact[strict] = name.exact ? 1 : 0;
      if (name.exact) lowestExact = Math.min(lowestExact, score);
      else bestOther = Math.max(bestOther, score);
      strict++;
      tally.clear(n);
    }
    tally.clearHeads();
    // The exact-name rule's order (`liftExactNames`), on the columns.
    const lift = liftNeeded(bestOther, lowestExact);
    if (lift > 0) {
      for (let i = 0; i < strict; i++) if (hits.exact[i] === 1) hits.scores[i]! += lift;
    }
    const ranking = topOfColumns(hits, strict, limit);
    if (partial.length === 0 || (limit !== undefined && strict >= limit)) {
      for (const n of partial) tally.clear(n);
      return ranking;
    }
    // Too few hits hold enough of the words: the best of the rest follow, marked `partial`.
    const room = limit === undefined ? undefined : limit - strict;
    const fillers = fillerHits(partial, room, { tally, scoreOf });
    return { hits: ranking.hits.concat(fillers), tail: ranking.tail };
  };
}
