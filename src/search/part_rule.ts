/**
 * The part rule: a very long page is also scored by its best section. Length normalization
 * rightly discounts a word a long page mentions in passing, but it also sinks the page whose one
 * section answers the question (git's configuration reference, a framework's site configuration).
 * So the sections of pages at least {@link PART_PAGE_RATIO} times their index's average length
 * are indexed as documents of their own — *parts*, after the pages, scored by the statistics of
 * all parts — and among the best {@link PART_CANDIDATES} pages of a search, each page gains
 * {@link PART_WEIGHT} times its best part's score, or its own when that is higher (as a page
 * without parts always does): every page gains at least that share of its own score, so the
 * rule only ever lifts a long page whose section answers better than the page as a whole, and
 * never lowers one. Chosen on both question sets of `deno task eval`: see docs/search.md,
 * "Parts of long pages".
 *
 * @module
 */
import type { ManifestDocument, ManifestSection } from "../content/manifest.ts";
import { lastAtOrBefore } from "../last_at_or_before.ts";
import { createPhraseRule } from "./phrase_rule.ts";
import { documentsFrom } from "./stats_scopes.ts";
import { type HitTail, NO_TAIL } from "./hit_tail.ts";
import type { QueryPlan } from "./query_planner.ts";
import { liftExactNames, type SearchHit } from "./ranking_rules.ts";
import type { FieldWeights, SearchIndex } from "./search_index.ts";

/** A page this many times its index's average body length (or more) is scored by its parts too. */
export const PART_PAGE_RATIO = 8;
/** A section is a part when it is under this share of its page (an outer one is the page). */
export const PART_MAX_SHARE = 0.6;
/** ... and at least this many characters long (a heading alone says nothing). */
export const PART_MIN_CHARS = 50;
/** What a page gains: this times its best part's score. */
export const PART_WEIGHT = 0.5;
/** The best this many pages of a ranking are scored again with their parts. */
export const PART_CANDIDATES = 100;

/**
 * The sections of a page that are parts (see the module doc), by their place in
 * `doc.sections`, for a page whose body is `length` characters in an index whose average is
 * `average`; `ratio` is {@link PART_PAGE_RATIO} but where other lengths are measured
 * (`scripts/eval_sections.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partSections } from "./part_rule.ts";
 * const section = (start: number, end: number) => ({ id: "", title: "", level: 2, start, end });
 * const sections = [section(0, 1000), section(0, 400), section(400, 420), section(420, 1000)];
 * assert.deepEqual(partSections({ sections }, 1000, 100).map((p) => p.index), [1, 3]);
 * assert.deepEqual(partSections({ sections }, 1000, 200), []); // under 8 × the average
 * ```
 */
export function partSections(
  doc: Pick<ManifestDocument, "sections">,
  length: number,
  average: number,
  ratio = PART_PAGE_RATIO,
): { index: number; section: ManifestSection }[] {
  if (!(length >= ratio * average) || length === 0) return [];
  const parts: { index: number; section: ManifestSection }[] = [];
  doc.sections.forEach((section, index) => {
    const size = section.end - section.start;
    if (size < PART_MAX_SHARE * length && size >= PART_MIN_CHARS) parts.push({ index, section });
  });
  return parts;
}

/** A part's id and its section's place (`part_ids.ts`). */
export { partId, sectionOfPart } from "./part_ids.ts";

/** What the page search was narrowed to, so that its parts are scored alike. */
export interface PartScope {
  /** The pages the search accepts (by document number); absent: all. */
  filter?: (page: number) => boolean;
  /** The narrowed search's statistics scope (`source=docs`); absent: the whole index. */
  key?: string;
}

/**
 * The statistics scope the part rule scores parts by when the page search is narrowed to `scope`:
 * every part of the pages it is narrowed to (what `SearchIndex.loadStats` is told to read before
 * the search).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partStatsScope } from "./part_rule.ts";
 * import { firstOf } from "./stats_scopes.ts";
 * const index = { pages: 2, partOf: new Uint32Array([0, 1]) };
 * const all = partStatsScope(index, {});
 * assert.deepEqual([all.key, [0, 1, 2, 3].filter(all.has)], ["parts", [2, 3]]);
 * assert.equal(firstOf(all.has), 2); // counted by the scopes without a test of each document
 * const some = partStatsScope(index, { filter: (page) => page === 1, key: "source=a" });
 * assert.deepEqual([some.key, [0, 1, 2, 3].filter(some.has)], ["parts&source=a", [3]]);
 * ```
 */
export function partStatsScope(
  index: Pick<SearchIndex, "pages" | "partOf">,
  scope: PartScope,
): { key: string; has: (doc: number) => boolean } {
  const { pages, partOf } = index;
  const { filter } = scope;
  return {
    key: scope.key === undefined ? "parts" : `parts&${scope.key}`,
    // Every part: counted by the scopes without a test of each document (`stats_scopes.ts`).
    has: filter === undefined
      ? documentsFrom(pages)
      : (n) => n >= pages && filter(partOf[n - pages]!),
  };
}

/**
 * A page as the part rule reads it: its sections' titles, from `sectionTitles` when the page has
 * them apart (a sharded build's edge manifest keeps only the titles of a page scored by its parts:
 * `section_chunks.ts`), else from its sections.
 */
export type PartPage = Pick<ManifestDocument, "sections"> & {
  readonly sectionTitles?: readonly string[] | undefined;
};

/**
 * The part rule over an index and its pages (`docs`, by document number), or `undefined` when
 * the index has no parts. `apply(ranked, plan, weights, scope)` scores again the best
 * {@link PART_CANDIDATES} of a page ranking (changing the hits' scores, and naming as its
 * `section` the section of a page's best part when that part scored above the page) and gives
 * them re-sorted, exact names first and fillers last as before, followed by the rest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSearchIndex } from "./search_index.ts";
 * import { createPartRule } from "./part_rule.ts";
 * const index = buildSearchIndex([
 *   { id: "a", name: "Reference", keywords: [], description: "", content: "many words ".repeat(40) + "typographer quotes" },
 *   { id: "b", name: "Quotes", keywords: [], description: "", content: "quotes" },
 *   { id: "a#0", name: "Typographer", keywords: [], description: "", content: "typographer quotes", partOf: 0 },
 * ], "h");
 * const docs = [{ sections: [{ title: "Typographer" }] }, { sections: [] }] as never;
 * const rule = createPartRule(index, docs)!;
 * const plan = index.plan("typographer quotes");
 * const weights = { name: 2, keywords: 3, description: 1, content: 1 };
 * const ranked = rule(index.search(plan, { weights }), plan, weights, {});
 * assert.equal(ranked[0]!.doc, 0); // "a"
 * assert.equal(ranked[0]!.section, 0); // its snippet comes from that section
 * assert.deepEqual(rule.pagesRead(ranked).map((h) => h.doc), [0]); // the page with parts
 * assert.equal(createPartRule(buildSearchIndex([], "h"), []), undefined);
 * ```
 */
export function createPartRule(
  index: SearchIndex,
  docs: readonly (PartPage | undefined)[],
) {
  const { pages, partOf } = index;
  if (partOf.length === 0) return undefined;
  // Parts follow their pages' order (`SearchIndex.partOf`): whether a page has any is a binary
  // search, not a mark per page made before the first search; its answer is kept (0: not asked
  // yet, 1: none, 2: some), since every search asks it of its candidates.
  let told: Uint8Array | undefined;
  const hasParts = (page: number) => {
    const known = told ??= new Uint8Array(pages);
    if (known[page] === 0) known[page] = partOf[lastAtOrBefore(partOf, page)] === page ? 2 : 1;
    return known[page] === 2;
  };
  // Each part as the phrase rule reads a document (its section's heading as the title), made
  // when the part is first searched: a large shelf has tens of thousands of parts, which a cold
  // isolate's first search would otherwise make all of before it scores a few.
  const heads: (ManifestDocument | undefined)[] = [];
  const headOf = (n: number): ManifestDocument => {
    const section = index.sectionOfPart(n);
    const page = docs[partOf[n - pages]!];
    const title = (page?.sectionTitles?.[section] ?? page?.sections[section]?.title) ?? "";
    return { title, description: "" } as ManifestDocument;
  };
  const rescore = createPhraseRule(heads);
  const apply = (
    ranked: SearchHit[],
    plan: QueryPlan,
    weights: FieldWeights,
    scope: PartScope,
    tail: HitTail = NO_TAIL,
  ): SearchHit[] => {
    const head = ranked.slice(0, PART_CANDIDATES);
    const wanted = new Set<number>();
    for (const h of head) if (hasParts(h.doc)) wanted.add(h.doc);
    // No candidate has parts: each would gain the same share of its own score.
    if (wanted.size === 0) return ranked;
    // Nor has any hit of the tail (it ranks below every candidate): each gains its own share.
    const { scores } = tail;
    for (let i = 0; i < tail.size; i++) scores[i]! += PART_WEIGHT * scores[i]!;
    const stats = partStatsScope(index, scope);
    const partHits = index.search(plan, {
      weights,
      filter: (n) => n >= pages && wanted.has(partOf[n - pages]!),
      statsOf: stats.has,
      statsScope: stats.key,
    });
    for (const h of partHits) heads[h.doc] ??= headOf(h.doc);
    // Each candidate's best part: its score and its section.
    const best = new Map<number, { score: number; section: number }>();
    for (const h of rescore(partHits, plan, partHits.length)) {
      const page = partOf[h.doc - pages]!;
      if (h.score > (best.get(page)?.score ?? 0)) {
        best.set(page, { score: h.score, section: index.sectionOfPart(h.doc) });
      }
    }
    // A page's best part may be itself: a page never ranks lower for having parts.
    for (const h of ranked) {
      const part = hasParts(h.doc) ? best.get(h.doc) : undefined;
      if (part && part.score > h.score) {
        h.score += PART_WEIGHT * part.score;
        h.section = part.section;
      } else {
        h.score += PART_WEIGHT * h.score;
      }
    }
    liftExactNames(head);
    head.sort((a, b) =>
      Number(a.partial === true) - Number(b.partial === true) || b.score - a.score ||
      a.doc - b.doc
    );
    return head.concat(ranked.slice(head.length));
  };
  /**
   * The pages of `ranked` whose section titles `apply` reads (its candidates with parts): a
   * sharded build's engine loads their details first (`ContentStore.loadDocuments`).
   */
  const pagesRead = (ranked: readonly SearchHit[]): SearchHit[] =>
    ranked.slice(0, PART_CANDIDATES).filter((h) => hasParts(h.doc));
  return Object.assign(apply, { pagesRead });
}
