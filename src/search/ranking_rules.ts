/**
 * The ranking rules applied to scored hits: the exact-name rule (a document whose title or file
 * name is the query) and its lift above every other hit; the order of the hits is `top_hits.ts`'s.
 *
 * @module
 */
import type { QueryPlan } from "./query_planner.ts";
import { fnv1a } from "../fnv1a.ts";

/** One search hit. */
export interface SearchHit {
  /**
   * Document number (position in the index's `ids`). A hit carries no id: a sharded edge index's
   * are its store's documents' (`id_ranges.ts`), read for the documents an answer shows.
   */
  doc: number;
  score: number;
  /** Query terms (of the analyzed query) that matched, exactly or fuzzily. */
  matched: number;
  /** Which of the query's first 32 terms matched: bit `i` for `plan.terms[i]`. */
  terms?: number;
  /**
   * A query of three or more words, of which it holds fewer than half: listed only after every
   * hit that holds enough of them, to fill a short answer (see `SearchIndex.search`).
   */
  partial?: true;
  /**
   * Query words (not whole identifiers) found in its title or description, exactly or fuzzily,
   * whatever the fields' weights: under two, neither can hold two of them as a phrase.
   */
  headWords?: number;
  /** Its title or file name is the query exactly: it ranks above every other hit. */
  exactName?: true;
  /**
   * A page scored by its parts (`part_rule.ts`): the place in its `sections` of the section
   * that scored best, where its snippet is taken from.
   */
  section?: number;
}

/**
 * Share of the exact-name bonus a file name earns (a title that is the query doubles the score;
 * a file name that is the query multiplies it by 1.5): sites reuse file names across sections
 * (`configuration/taxonomies`, `content-management/taxonomies`), titles less so.
 */
export const FILE_NAME_SHARE = 0.5;

/**
 * What {@link createNameRule} reads of an index: every document's names, or, for an index keeping
 * them in ranges, those of the documents that may bear a query as a name.
 */
export type NameRuleInput = {
  /**
   * Per document: its title's terms, then `\n` and its file name's when they differ (a list, or
   * a function giving a document's).
   */
  names: readonly string[] | ((doc: number) => string);
  /** Per document: its title's length in terms (the name field's length). */
  titleLengths: ArrayLike<number | null>;
} | {
  /**
   * The names of the documents that may bear `plan`'s query as a name, by document: a title that
   * may be the query (else nothing), then `\n` and a file name that may be
   * (`NameRanges.namesFor` of `name_ranges.ts`).
   */
  namesFor: (plan: QueryPlan) => ReadonlyMap<number, string>;
};

/** What the exact-name rule gives a document. */
export interface NameBonus {
  /** The factor its score is multiplied by (1: none of its names is the query). */
  bonus: number;
  /** Whether a name of it is the query exactly, no typo or prefix. */
  exact: boolean;
}

/**
 * The exact-name rule: a document whose whole title is the query (term by term, typos and
 * prefixes allowed) is what the user is looking for: ×2 when exact, less when approximate; a
 * file name (`chmod`, `page-bundles`) that is the query counts half as much. A name that is the
 * query exactly (no typo or prefix) makes the hit `exactName` (see {@link liftExactNames}).
 * `rule(doc, plan)` gives the document's {@link NameBonus} — one object, reused by every call
 * (it runs for every matched document of a search, and allocates nothing).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createNameRule } from "./ranking_rules.ts";
 * const rule = createNameRule({ names: ["context engin", "gherkin\nspec"], titleLengths: [2, 1] });
 * const plan = {
 *   terms: ["context", "engin"],
 *   words: 2,
 *   expansions: new Map([["context", new Map([["context", 1]])], ["engin", new Map([["engin", 1]])]]),
 *   unmatched: [],
 * };
 * assert.deepEqual({ ...rule(0, plan) }, { bonus: 2, exact: true });
 * assert.deepEqual({ ...rule(1, plan) }, { bonus: 1, exact: false });
 * ```
 */
export function createNameRule(input: NameRuleInput): (doc: number, plan: QueryPlan) => NameBonus {
  if ("namesFor" in input) return createFoundNameRule(input.namesFor);
  const { names, titleLengths } = input;
  const total = titleLengths.length;
  const nameOf = typeof names === "function" ? names : (n: number) => names[n]!;
  // The rule's first test: a name can be the query only when it has as many terms, so most hits
  // are ruled out without splitting their names (a four-word query on 50,000 documents matches
  // about 20,000). Per document, kept side by side from its first check: the title's term
  // count (the name field's length), the file name's and the title's, counted in `names`, each
  // plus one so that 0 is "not counted yet" (255 for a long or missing name, which no query's
  // length matches). And the hash of each name's first term (title, file name), read with them:
  // most names of the query's length fail at their first term.
  let nameLengths: Uint8Array | undefined;
  let firstHashes: Int32Array | undefined;
  const hashesOf = planHashes();
  // Which of its names (bit 1: the title, bit 2: the file name) may be the query: those with as
  // many terms as the query, whose first term is an expansion of its first term. The rule reads
  // only those (another is never the query: `nameFactor` of it is 0).
  const namedBy = (n: number, plan: QueryPlan): number => {
    const wanted = plan.terms.length;
    const counts = nameLengths ??= new Uint8Array(3 * total);
    const firsts = firstHashes ??= new Int32Array(2 * total);
    if (counts[3 * n] === 0) {
      counts[3 * n] = Math.min(254, titleLengths[n] ?? 0) + 1;
      const text = nameOf(n);
      const cut = text.indexOf("\n");
      let terms = cut < 0 ? 255 : 2;
      for (let i = cut + 1; cut >= 0 && i < text.length && terms < 255; i++) {
        if (text.charCodeAt(i) === 0x20) terms++;
      }
      counts[3 * n + 1] = terms;
      counts[3 * n + 2] = termsIn(text, 0, cut < 0 ? text.length : cut) + 1;
      firsts[2 * n] = firstTermHash(text, 0, cut < 0 ? text.length : cut);
      if (cut >= 0) firsts[2 * n + 1] = firstTermHash(text, cut + 1, text.length);
    }
    if (counts[3 * n] !== wanted + 1 && counts[3 * n + 1] !== wanted + 1) return 0;
    let named = (counts[3 * n + 2] === wanted + 1 ? 1 : 0) |
      (counts[3 * n + 1] === wanted + 1 ? 2 : 0);
    if (named === 0 || wanted === 0) return named;
    const first = hashesOf(plan)[0]!;
    if (!first.has(firsts[2 * n]!)) named &= ~1;
    if (!first.has(firsts[2 * n + 1]!)) named &= ~2;
    return named;
  };
  const bonusOf = createBonus(hashesOf);
  return (doc, plan) => {
    const named = namedBy(doc, plan);
    return bonusOf(named === 0 ? undefined : nameOf(doc), plan, named);
  };
}

/** How many terms `text.slice(start, end)` (terms joined by spaces) has, at most 254. */
function termsIn(text: string, start: number, end: number): number {
  if (start === end) return 0;
  let terms = 1;
  for (let i = start; i < end && terms < 254; i++) if (text.charCodeAt(i) === 0x20) terms++;
  return terms;
}

/** The hash of the first term of `text.slice(start, end)` (terms joined by spaces). */
function firstTermHash(text: string, start: number, end: number): number {
  const space = text.indexOf(" ", start);
  return fnv1a(text, start, space < 0 || space > end ? end : space);
}

/** `hashesOf(plan)`: {@link expansionHashes} of `plan`, made again only for another plan. */
function planHashes(): (plan: QueryPlan) => readonly ReadonlySet<number>[] {
  let hashed: QueryPlan | undefined;
  let hashes: readonly ReadonlySet<number>[] = [];
  return (plan) => {
    if (plan !== hashed) {
      hashed = plan;
      hashes = expansionHashes(plan);
    }
    return hashes;
  };
}

/**
 * The exact-name rule over the names a name index found for each plan (`namesFor`): a document
 * it found none of has none that may be the query.
 */
function createFoundNameRule(
  namesFor: (plan: QueryPlan) => ReadonlyMap<number, string>,
): (doc: number, plan: QueryPlan) => NameBonus {
  const bonusOf = createBonus(planHashes());
  let asked: QueryPlan | undefined;
  let found: ReadonlyMap<number, string> = new Map();
  return (doc, plan) => {
    if (plan !== asked) {
      asked = plan;
      found = namesFor(plan);
    }
    return bonusOf(found.size === 0 ? undefined : found.get(doc), plan);
  };
}

/**
 * `bonusOf(text, plan, which)`: the {@link NameBonus} of a document whose names are `text` (its
 * title, then `\n` and its file name; `undefined`: none may be the query), reading only the names
 * `which` has a bit of (1: the title, 2: the file name; all when not told) — one object, reused by
 * every call. `hashesOf` gives a plan's expansion hashes (a search checks its names one after
 * the other: made once for it).
 */
function createBonus(
  hashesOf: (plan: QueryPlan) => readonly ReadonlySet<number>[],
): (text: string | undefined, plan: QueryPlan, which?: number) => NameBonus {
  const found: NameBonus = { bonus: 1, exact: false };
  return (text, plan, which = 3) => {
    found.bonus = 1;
    found.exact = false;
    if (text === undefined) return found;
    const hashes = hashesOf(plan);
    // Each name (the title, then the file name) read where it is: nothing split or kept.
    for (let name = 0, start = 0; start <= text.length; name++) {
      const cut = text.indexOf("\n", start);
      const end = cut < 0 ? text.length : cut;
      const factor = (which >> name & 1) === 0 ? 0 : nameFactor(text, start, end, plan, hashes);
      if (factor === 1) found.exact = true;
      if (factor > 0) {
        found.bonus = Math.max(found.bonus, 1 + (name === 0 ? 1 : FILE_NAME_SHARE) * factor);
      }
      start = end + 1;
    }
    return found;
  };
}

/**
 * Per term of `plan`, the hashes of its expansions: {@link nameFactor}'s first test of a name's
 * terms, made once per query.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expansionHashes } from "./ranking_rules.ts";
 * const plan = { terms: ["page"], expansions: new Map([["page", new Map([["page", 1], ["pages", 0.8]])]]) };
 * assert.equal(expansionHashes(plan)[0]!.size, 2);
 * ```
 */
export function expansionHashes(
  plan: Pick<QueryPlan, "terms" | "expansions">,
): ReadonlySet<number>[] {
  return plan.terms.map((t) => {
    const hashes = new Set<number>();
    for (const x of plan.expansions.get(t)?.keys() ?? []) hashes.add(fnv1a(x));
    return hashes;
  });
}

/**
 * How far the name `text.slice(start, end)` (analyzed terms joined by spaces) is `plan`'s query:
 * the product of each of its terms' expansion factors, in order, 0 when a term is no expansion
 * of the query's term at its place or the name has another number of terms (an empty name has
 * none). Reads the terms in place, each first by its hash (`hashes`: {@link expansionHashes}),
 * a substring made only of a name that passes: a search checks tens of thousands of names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expansionHashes, nameFactor } from "./ranking_rules.ts";
 * const plan = {
 *   terms: ["page", "bundl"],
 *   expansions: new Map([["page", new Map([["page", 1]])], ["bundl", new Map([["bundl", 0.5]])]]),
 * };
 * const hashes = expansionHashes(plan);
 * assert.equal(nameFactor("intro\npage bundl", 6, 16, plan, hashes), 0.5);
 * assert.equal(nameFactor("page bundl x", 0, 12, plan, hashes), 0);
 * assert.equal(nameFactor("page", 0, 4, plan, hashes), 0);
 * assert.equal(nameFactor("bundl page", 0, 10, plan, hashes), 0);
 * const none = { terms: [], expansions: new Map() };
 * assert.equal(nameFactor("", 0, 0, none, expansionHashes(none)), 1);
 * ```
 */
export function nameFactor(
  text: string,
  start: number,
  end: number,
  plan: Pick<QueryPlan, "terms" | "expansions">,
  hashes: readonly ReadonlySet<number>[],
): number {
  const wanted = plan.terms.length;
  if (start === end) return wanted === 0 ? 1 : 0;
  // Each term's hash first: most names fail at their first term, and no substring is made.
  let i = 0;
  for (let k = start, from = start; k <= end; k++) {
    if (k < end && text.charCodeAt(k) !== 0x20) continue;
    if (i === wanted || !hashes[i]!.has(fnv1a(text, from, k))) return 0;
    i++;
    from = k + 1;
  }
  if (i !== wanted) return 0;
  let factor = 1;
  i = 0;
  for (let k = start, from = start; k <= end && factor > 0; k++) {
    if (k < end && text.charCodeAt(k) !== 0x20) continue;
    factor *= plan.expansions.get(plan.terms[i]!)?.get(text.slice(from, k)) ?? 0;
    i++;
    from = k + 1;
  }
  return factor;
}

/**
 * The exact-name rule's order: hits whose title or file name is the query exactly
 * (`exactName`) are lifted, all by the same amount, just above the best other hit — the least
 * lift that does it, so scores stay comparable (the weak-tail cut is relative to the best) and
 * sorting by score alone gives the rule's order. Changes the hits in place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftExactNames } from "./ranking_rules.ts";
 * const hits = [
 *   { doc: 0, score: 5, matched: 1 },
 *   { doc: 1, score: 2, matched: 1, exactName: true as const },
 *   { doc: 2, score: 1, matched: 1, exactName: true as const },
 * ];
 * liftExactNames(hits);
 * assert.ok(hits[2]!.score > hits[0]!.score && hits[1]!.score > hits[2]!.score);
 * assert.ok(hits[1]!.score < 6.01);
 * ```
 */
export function liftExactNames(hits: SearchHit[]): void {
  liftAbove(hits, (h) => h.exactName === true);
}

/**
 * Adds to the score of each hit `lifted` picks the least that puts them all above every other
 * hit of `hits` (their order among themselves kept): the exact-name rule's lift, also the phrase
 * rule's for the API pages a query names (`phrase_rule.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftAbove } from "./ranking_rules.ts";
 * const hits = [{ doc: 0, score: 5, matched: 1 }, { doc: 1, score: 2, matched: 1 }];
 * liftAbove(hits, (h) => h.doc === 1);
 * assert.ok(hits[1]!.score > 5 && hits[1]!.score < 5.01);
 * ```
 */
export function liftAbove(hits: SearchHit[], lifted: (hit: SearchHit) => boolean): void {
  let bestOther = 0;
  let lowestLifted = Infinity;
  for (const h of hits) {
    if (lifted(h)) lowestLifted = Math.min(lowestLifted, h.score);
    else bestOther = Math.max(bestOther, h.score);
  }
  const lift = liftNeeded(bestOther, lowestLifted);
  if (lift > 0) { for (const h of hits) if (lifted(h)) h.score += lift; }
}

/**
 * What {@link liftAbove} adds to the score of every lifted hit, when the best other hit scores
 * `bestOther` (0 when there is none) and the lowest lifted hit `lowestLifted` (`Infinity` when
 * there is none): 0 when no lift is needed. The scoring pass lifts exact names with it on its
 * columns (`scoring_pass.ts`), where there are no hit objects to pick.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftNeeded } from "./ranking_rules.ts";
 * assert.equal(liftNeeded(5, 2), 3 + 5e-6);
 * assert.equal(liftNeeded(2, 5), 0); // already above
 * assert.equal(liftNeeded(5, Infinity), 0);
 * ```
 */
export function liftNeeded(bestOther: number, lowestLifted: number): number {
  const lift = bestOther - lowestLifted + bestOther * 1e-6;
  return lowestLifted === Infinity || !(lift > 0) ? 0 : lift;
}

/** The order of the hits (`top_hits.ts`), where this module's importers found it before. */
export { topHits } from "./top_hits.ts";
