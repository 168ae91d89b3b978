/**
 * The phrase rule: among the best hits of a query of two words or more, a document whose title
 * or description holds the query's words together (as a phrase, in order; typos and prefixes
 * allowed) gains up to {@link PHRASE_BOOST}; an API generator's page the query (as typed) names —
 * a member and its type (`HashMap entry`), its path (`std::fs::read_to_string`), its kind and
 * name (`Display trait`): `api_document.ts` — gains the whole boost and ranks above the pages it
 * does not name (below the exact names). It reorders within the exact-name hits and within the
 * others, never across.
 *
 * @module
 */
import type { ManifestDocument } from "../content/manifest.ts";
import { tokenize } from "./analyzer.ts";
import { apiPageNamer } from "./api_document.ts";
import { phraseShare } from "./proximity.ts";
import type { QueryPlan } from "./query_planner.ts";
import { liftAbove, liftExactNames, type SearchHit } from "./ranking_rules.ts";

/**
 * How much a document gains when its title or description has the query's words as a phrase:
 * its score is multiplied by `1 + PHRASE_BOOST · share` (`share`, 0–1, is the share of
 * consecutive query word pairs found as phrases; see `proximity.ts`). Bodies are not checked:
 * on the evaluation corpora body phrases lowered MRR (tldr 0.813 → 0.757), and they would cost a
 * scan of every candidate's body on a cold isolate.
 */
export const PHRASE_BOOST = 1;

/**
 * The best this many candidates (or `limit`, if more) are checked for phrases; a document further
 * down keeps its score.
 */
export const PHRASE_CANDIDATES = 30;

/** How many of `count` hits the phrase rule checks when asked for `limit`. */
const headLength = (count: number, limit: number) =>
  Math.min(count, Math.max(limit, PHRASE_CANDIDATES));

/**
 * The hits the phrase rule reads the documents of (their title, description and `meta`, and an
 * API page's member names): the head it checks, none for a query of one word. A sharded build's
 * engine loads their details first (`ContentStore.loadDocuments`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { phraseCandidates } from "./phrase_rule.ts";
 * const hits = Array.from({ length: 40 }, (_, doc) => ({ doc, id: `${doc}`, score: 1, matched: 2 }));
 * assert.equal(phraseCandidates(hits, { words: 2 }, 10).length, 30);
 * assert.equal(phraseCandidates(hits, { words: 2 }, 35).length, 35);
 * assert.deepEqual(phraseCandidates(hits, { words: 1 }, 10), []);
 * ```
 */
export function phraseCandidates(
  hits: readonly SearchHit[],
  plan: Pick<QueryPlan, "words">,
  limit: number,
): readonly SearchHit[] {
  return plan.words < 2 ? [] : hits.slice(0, headLength(hits.length, limit));
}

/**
 * The hits likely to be among the best `limit` once the phrase rule has reordered `hits`, told
 * before their details are read (a sharded build's engine reads their bodies with those details:
 * `QueryOptions.reads`): the best `limit`, then those of the rest of its candidates it may lift
 * past them — whose title or description holds two of the query's words or more (`headWords`: a
 * phrase to find), or whose title's words are all the query's (an API page the query names by its
 * type and a member; `titleOf` gives a title's analyzed words, `undefined` when they are not read
 * yet: such a hit is not counted likely). A page named by its path or kind alone may still come
 * up: its body is read then.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { phraseLikely } from "./phrase_rule.ts";
 * const titles = [["guid"], ["note"], ["iter"], ["fold", "paper"]];
 * const plan = {
 *   terms: ["iter", "fold"],
 *   words: 2,
 *   expansions: new Map([["iter", new Map([["iter", 1]])], ["fold", new Map([["fold", 1]])]]),
 *   unmatched: [],
 * };
 * const hit = (doc: number, headWords: number) => ({ doc, id: `${doc}`, score: 1, matched: 2, headWords });
 * const hits = [hit(0, 0), hit(1, 2), hit(2, 1), hit(3, 0)];
 * // The best one; a title and description with both words; a title of the query's words alone.
 * assert.deepEqual(phraseLikely(hits, plan, 1, (n) => titles[n]).map((h) => h.doc), [0, 1, 2]);
 * assert.deepEqual(phraseLikely(hits, { ...plan, words: 1 }, 1, (n) => titles[n]).map((h) => h.doc), [0]);
 * ```
 */
export function phraseLikely(
  hits: readonly SearchHit[],
  plan: QueryPlan,
  limit: number,
  titleOf: (doc: number) => readonly string[] | undefined,
): SearchHit[] {
  const head = hits.slice(0, limit);
  const rest = phraseCandidates(hits, plan, limit).slice(limit);
  if (rest.length === 0) return head;
  const words = new Set(
    plan.terms.slice(0, plan.words).flatMap((t) => [t, ...(plan.expansions.get(t)?.keys() ?? [])]),
  );
  return head.concat(rest.filter((h) => {
    if (h.headWords === undefined || h.headWords >= 2) return true;
    const title = titleOf(h.doc);
    return title !== undefined && title.length > 0 && title.every((t) => words.has(t));
  }));
}

/**
 * The phrase rule over an engine's documents (by document number): `rescore(hits, plan, limit)`
 * gives the hits reordered (the head of at least `limit` and {@link PHRASE_CANDIDATES}, rest as
 * they were).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPhraseRule } from "./phrase_rule.ts";
 * const docs = [
 *   { title: "Notes on build and deploy", description: "" },
 *   { title: "Deploy build", description: "" },
 * ] as never;
 * const rescore = createPhraseRule(docs);
 * const plan = {
 *   terms: ["deploi", "build"],
 *   words: 2,
 *   expansions: new Map([["deploi", new Map([["deploi", 1]])], ["build", new Map([["build", 1]])]]),
 *   unmatched: [],
 * };
 * const hits = [{ doc: 0, id: "a", score: 1.5, matched: 2 }, { doc: 1, id: "b", score: 1, matched: 2 }];
 * assert.deepEqual(rescore(hits, plan, 10).map((h) => h.doc), [1, 0]);
 * ```
 */
export function createPhraseRule(docs: readonly (ManifestDocument | undefined)[]) {
  // Each document's title and description as term sequences, made on its first phrase check.
  const heads = new Map<ManifestDocument, string[][]>();
  const headOf = (doc: ManifestDocument): string[][] => {
    let found = heads.get(doc);
    if (!found) {
      found = [doc.title, doc.description].map((t) => tokenize(t).map((x) => x.term));
      heads.set(doc, found);
    }
    return found;
  };
  return (hits: SearchHit[], plan: QueryPlan, limit: number, query = ""): SearchHit[] => {
    if (plan.words < 2 || hits.length === 0) return hits;
    const words = plan.terms.slice(0, plan.words).map((t) =>
      new Set([t, ...(plan.expansions.get(t)?.keys() ?? [])])
    );
    const head = headLength(hits.length, limit);
    // (Made for the first one: most searches name no API page.)
    let named: Set<SearchHit> | undefined;
    const namesApiPage = apiPageNamer(query);
    const top = hits.slice(0, head).map((h) => {
      const doc = docs[h.doc];
      if (!doc) return h;
      // An API page the query names (a member and its type, its path, its kind and name): the
      // whole boost, and above the pages it does not name.
      if (namesApiPage(doc)) {
        const hit = { ...h, score: h.score * (1 + PHRASE_BOOST) };
        (named ??= new Set()).add(hit);
        return hit;
      }
      // Fewer than two query words in its title and description: no phrase there to find.
      return h.headWords === undefined || h.headWords >= 2
        ? { ...h, score: h.score * (1 + PHRASE_BOOST * phraseShare(headOf(doc), words)) }
        : h;
    });
    // The phrase bonus reorders within the exact-name hits and within the others, never across;
    // nor does it lift a filler (`partial`) above a hit that holds enough of the words.
    const lifted = named;
    if (lifted) liftAbove(top.filter((h) => !h.exactName && !h.partial), (h) => lifted.has(h));
    liftExactNames(top);
    top.sort((a, b) =>
      Number(a.partial === true) - Number(b.partial === true) || b.score - a.score ||
      a.doc - b.doc
    );
    return top.concat(hits.slice(head));
  };
}
