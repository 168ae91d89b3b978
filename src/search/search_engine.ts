import { mapDocumentLinks } from "../content/document_links.ts";
import { tokenize } from "./analyzer.ts";
import { sortedIncludes } from "./sorted_includes.ts";
import type { ContentStore } from "../content/content_store.ts";
import { newestFirst } from "../content/list_order.ts";
import { LOADED } from "../content/chunk_loader.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { createFilterSets, type SearchFilters, toldCategorySets } from "./filter_sets.ts";
import {
  createPhraseRule,
  PHRASE_BOOST,
  PHRASE_CANDIDATES,
  phraseCandidates,
  phraseLikely,
} from "./phrase_rule.ts";
import {
  createPartRule,
  PART_CANDIDATES,
  partId,
  type PartScope,
  partSections,
  partStatsScope,
} from "./part_rule.ts";
import { createSpeller } from "./spellings.ts";
import { linkGraph } from "./link_graph.ts";
import { countAtLeast, type HitTail } from "./hit_tail.ts";
import { descriptionText } from "./description_text.ts";
import { joinMnemonicLetters } from "./mnemonic_letters.ts";
import {
  buildSearchIndex,
  type FieldWeights,
  type IndexableDocument,
  type QueryPlan,
  type SearchHit,
  type SearchIndex,
} from "./search_index.ts";

export type { SearchFilters };
export { PHRASE_BOOST, PHRASE_CANDIDATES };

/** Options of {@link SearchEngine.query}. */
export interface QueryOptions extends SearchFilters {
  weights: FieldWeights;
  limit: number;
  /** Break score ties by `lastUpdated`, newest first (the ASDLC contract). */
  newestFirstOnTies?: boolean;
  /**
   * Score a narrowed search (`source`, `category`, `tag`) by the whole shelf's statistics
   * instead of those of the documents it is narrowed to (the default); for comparisons.
   */
  globalStatistics?: boolean;
  /**
   * Drop the weak tail: documents scoring under this share of the best one (see
   * {@link TAIL_CUT}); `total` then counts only the documents kept.
   */
  minRelative?: number;
  /**
   * What the caller reads of the hits once the query answers: their bodies (with their sections
   * and details: `ContentStore.loadBodies`) or only their details (`loadDocuments`). The engine
   * reads it for its likely hits (the best `limit` before its phrase and part rules reorder them,
   * and the candidates the phrase rule may lift: `phraseLikely`) with the details those rules
   * read, so that the caller waits for no round of reads of its own but for a hit the rules
   * brought up unforeseen (a failed read of it fails the query). Only a store whose reads are
   * fetches reads ahead (`ContentStore.readsAhead`).
   */
  reads?: "bodies" | "details";
}

/** A ranked document. */
export interface EngineHit {
  doc: ManifestDocument;
  score: number;
  /**
   * Whether its body may hold words of the query's term at `position` in `groups` (the map's
   * order): false only when the index says the body has none, so a snippet skips looking
   * (give it to `bestWindow` as `mayHold`). The index reads a body with its links'
   * `acdc://<source>/` left out, so the terms of `acdc` and of the sources' names are always
   * looked for.
   */
  mayHold(position: number): boolean;
  /** The query's words it holds (as the query spelled them), in the query's order. */
  matched: string[];
  /**
   * It holds fewer than half of a query's three or more words: listed after every result that
   * holds enough, to fill a short answer.
   */
  partial: boolean;
  /**
   * A very long page scored by its parts (`part_rule.ts`): the place in `doc.sections` of the
   * section that scored best. Its snippet and named section come from there.
   */
  section?: number;
}

/** Result of one query. */
export interface QueryResult {
  hits: EngineHit[];
  /** Documents that matched before the limit. */
  total: number;
  /** Index term → the query term it stands for (exact and one-edit variants), for snippets. */
  groups: Map<string, string>;
  plan: QueryPlan;
  /**
   * Query words no document mentions (at most {@link MAX_UNMATCHED}), each with up to three
   * known words within two edits, as the documents spell them: "did you mean".
   */
  unmatched: { word: string; suggestions: string[] }[];
}

/**
 * The tools' rule for the weak tail of a ranking: a result scoring under a tenth of the best one
 * (a typo or prefix match of one word, when other documents match every word) is left out.
 */
export const TAIL_CUT = 0.1;

/** Most unmatched query words given suggestions per query (each costs a dictionary scan). */
export const MAX_UNMATCHED = 3;

/** The search index joined to one content store. */
export interface SearchEngine {
  readonly index: SearchIndex;
  /**
   * Ranks the documents for `text`. Asynchronous for what may have to be loaded first: the
   * dictionary ranges its words fall in (`SearchIndex.readPlan`, `readSuggestions`), the
   * postings of its terms (`SearchIndex.loadPostings`), their documents' data
   * (`SearchIndex.loadStats`), the details its rules read and what the caller reads of its hits
   * (`QueryOptions.reads`), in one round, and, for the spelling of suggestions, a body
   * (`ContentStore.loadBodies`).
   */
  query(text: string, options: QueryOptions): Promise<QueryResult>;
}

/**
 * What the index stores of each document: title as name, keywords, description (without the
 * addresses it cites: `description_text.ts`), body (mnemonic letters joined to their words:
 * `mnemonic_letters.ts`), and what the site's other pages say of it (inbound link texts, inbound
 * count: `link_graph.ts`).
 *
 * @example
 * ```ts ignore
 * const docs = indexableDocuments(store);
 * ```
 */
export function indexableDocuments(store: ContentStore): IndexableDocument[] {
  const documents = store.manifest.documents;
  const graph = linkGraph(
    documents.map((d) => ({ uri: d.uri, body: store.body(d) })),
  );
  const pages: IndexableDocument[] = documents.map((d, n) => ({
    id: d.id,
    name: d.title,
    keywords: d.keywords,
    description: descriptionText(d.description),
    content: joinMnemonicLetters(withoutLinkSchemes(store.body(d))),
    fileName: d.path.slice(d.path.lastIndexOf("/") + 1),
    links: graph.anchors[n]!,
    headings: headingsOf(d),
    inbound: graph.inbound[n]!,
  }));
  // The sections of very long pages, after them (`part_rule.ts`).
  const lengths = documents.map((d) => store.body(d).length);
  const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const parts = documents.flatMap((d, n) => {
    const body = store.body(d);
    return partSections(d, lengths[n]!, average).map(({ index, section }) => ({
      id: partId(d.id, index),
      name: section.title,
      keywords: [],
      description: "",
      content: joinMnemonicLetters(withoutLinkSchemes(body.slice(section.start, section.end))),
      partOf: n,
    }));
  });
  return parts.length > 0 ? pages.concat(parts) : pages;
}

/**
 * A document's headings as the index's `headings` field: one per line, without those that only
 * repeat its title (a page's `# Title`, whatever its case).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headingsOf } from "./search_engine.ts";
 * const section = (title: string, level: number) => ({ id: "", title, level, start: 0, end: 0 });
 * const doc = { title: "Custom pages", sections: [section("Custom Pages", 1), section("Layout", 2)] };
 * assert.equal(headingsOf(doc), "Layout");
 * ```
 */
export function headingsOf(doc: Pick<ManifestDocument, "title" | "sections">): string {
  const title = doc.title.trim().toLowerCase();
  return doc.sections.filter((s) => s.title.trim().toLowerCase() !== title).map((s) => s.title)
    .join("\n");
}

/**
 * A body as the index sees it: links rewritten to `acdc://<source>/<path>` (see
 * `build/rewrite_links.ts`) count by their path words only, as they did when written
 * `/patterns/the-spec`, so the scheme and source name do not become terms of every linking page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutLinkSchemes } from "./search_engine.ts";
 * assert.equal(withoutLinkSchemes("[a](acdc://docs/x/y#z)"), "[a](/x/y#z)");
 * ```
 */
export function withoutLinkSchemes(body: string): string {
  return mapDocumentLinks(body, (_source, path, fragment) => `/${path}${fragment}`);
}

/** Builds a fresh index over a store (when no prebuilt one fits); its bodies must be loaded. */
export function buildIndexFor(store: ContentStore): SearchIndex {
  return buildSearchIndex(indexableDocuments(store), store.contentHash);
}

/**
 * Joins an index to the store it was built from: maps document numbers to manifest documents
 * and precomputes the source, category and tag sets filters use.
 *
 * @example
 * ```ts ignore
 * const engine = createSearchEngine(store, buildIndexFor(store));
 * const { hits } = await engine.query("deploy", { weights, limit: 10 });
 * ```
 */
export function createSearchEngine(store: ContentStore, index: SearchIndex): SearchEngine {
  // An index built from this manifest numbers its documents in manifest order: matched by
  // position (no lookup map needed on a cold isolate's first search), by id otherwise — without
  // reading an id when the index says its pages are this manifest's (a sharded edge index).
  const inOrder = store.manifest.documents;
  const byPosition = index.manifestOrder && index.contentHash === store.contentHash &&
    inOrder.length === index.pages;
  // Parts (after the pages, `part_rule.ts`) are no store documents, whatever their ids spell:
  // only the pages are looked at (a large shelf's parts outnumber them). By position, the
  // store's own list is the engine's: a cold isolate's first search makes no list of its own, and
  // a document of a sharded build's is made when first read (`lazy_list.ts`).
  // The index leaves parts out of page searches by itself.
  const { docs, allKnown } = byPosition
    ? { docs: inOrder, allKnown: true }
    : documentsById(store, index);
  // Whether document `n` of the index is one of the store's: by position, every page is (a test
  // of its number: reading `docs[n]` would make the document, and a scope's statistics test every
  // document of the index); by id, those it found.
  const known = docs.length;
  const isDocument = allKnown ? (n: number) => n < known : (n: number) => docs[n] !== undefined;
  const holderOf = createHolders(store, index);
  const hitOf = (
    h: SearchHit,
    plan: QueryPlan,
    holds: (position: number, n: number) => boolean,
  ): EngineHit => ({
    doc: docs[h.doc]!,
    score: h.score,
    mayHold: (position) => holds(position, h.doc),
    matched: matchedWords(plan, h.terms ?? 0),
    partial: h.partial === true,
    ...(h.section !== undefined ? { section: h.section } : {}),
  });
  // By position, every document's source is read without making it.
  const setsOf = createFilterSets(docs, byPosition ? store.sourceAt : undefined);
  // A category's documents by number, when the store tells them (its numbers are the engine's).
  const inCategory = toldCategorySets(byPosition ? store.categoryNumbers : undefined);
  const { spellingsOf } = createSpeller(store, index, docs, isDocument);
  const rescore = createPhraseRule(docs);
  const partRule = createPartRule(index, docs);
  // Whether a search was answered: the next one starts reading the rest of a dictionary in
  // ranges (`readRest`), so that the first answer waits for none of it and later ones for none.
  let answered = false;
  return {
    index,
    async query(text, options) {
      if (answered) index.readRest();
      // A tag is any document's keyword: every document's details are read for it.
      if (options.tag !== undefined) await store.loadDocuments();
      // A category is in every document's path: every id is read for it (`ContentStore.loadIds`),
      // unless the store knows where its documents are (`ContentStore.categoryNumbers`).
      else if (options.category !== undefined && !inCategory(options.category)) {
        await store.loadIds();
      }
      const { filters, scope } = narrowing(setsOf, options, inCategory);
      const plan = await index.readPlan(text);
      const terms = [...plan.expansions.values()].flatMap((m) => [...m.keys()]);
      const groups = new Map<string, string>();
      for (const [term, matches] of plan.expansions) {
        for (const t of matches.keys()) groups.set(t, term);
      }
      // The suggestions for its unmatched words read what they read (their postings, then a body)
      // in the rounds of the search's own reads, not after them; awaited last.
      const unmatched = plan.unmatched.length > 0
        ? unmatchedOf(index, plan, groups, spellingsOf)
        : undefined;
      unmatched?.catch(() => {});
      await index.loadPostings(terms);
      const candidates = Math.max(options.limit, PHRASE_CANDIDATES, partRule ? PART_CANDIDATES : 0);
      const filter = filters.length > 0
        ? (n: number) => isDocument(n) && filters.every((set) => set.has(n))
        : allKnown
        ? undefined
        : isDocument;
      const statsScope = filters.length > 0 && scope.length === filters.length &&
          !options.globalStatistics
        ? scope.join("&")
        : undefined;
      // What scoring reads of the documents of its terms and of the scopes it is scored by.
      const scoped = filter && statsScope !== undefined;
      const partScope: PartScope = scoped ? { filter, key: statsScope } : {};
      const stats = {
        plan,
        scopes: [
          ...(scoped ? [{ key: statsScope, has: filter }] : []),
          ...(partRule ? [partStatsScope(index, partScope)] : []),
        ],
      };
      // The pages' and the parts' names the exact-name rule reads are read with the plan's
      // postings (`SearchIndex.readPlan`).
      await index.loadStats(terms, stats);
      // The candidates' hits; the rest of the matches (the tail), as scores only, count
      // toward the total.
      const { hits: best, tail } = index.rank(plan, {
        weights: options.weights,
        limit: candidates,
        // No filter at all when every indexed page is in the store (the usual case).
        ...(filter ? { filter } : {}),
        ...(scoped ? { statsScope } : {}),
      });
      await readForRules(store, docs, {
        best,
        plan,
        options,
        titleTerms: (doc) => index.titleTerms(doc, plan),
        ...(partRule ? { partRule } : {}),
      });
      let ranked = rescore(best, plan, options.limit, text);
      if (partRule) {
        await store.loadDocuments(docsOf(docs, partRule.pagesRead(ranked)));
        // Parts are scored by the statistics of the parts of the pages the search's own
        // statistics are (every part when those are the whole index's).
        ranked = partRule(ranked, plan, options.weights, partScope, tail);
      }
      // Fillers (`partial`, always after the others) are what a short answer is filled with:
      // the weak-tail cut, relative to the best hit, leaves them in.
      const floor = (ranked[0]?.score ?? 0) * (options.minRelative ?? 0);
      let raw = floor > 0 ? ranked.filter((h) => h.partial || h.score >= floor) : ranked;
      const tailFloor = floor > 0 ? floor : -Infinity;
      const fromTail = countAtLeast(tail, tailFloor);
      const total = raw.length + fromTail;
      // Only the sorted head matters: the best `limit` hits and everything tied with the last
      // of them (so the newest-first tie-break below sees every candidate). The tail's hits
      // follow the candidates' (`SearchIndex.rank`) and score below them all, since the rules
      // above only raise a candidate; they are made hits only if one could still be in the
      // head (a tie at the last place, or too few candidates left above the floor).
      const last = raw[Math.min(options.limit, raw.length) - 1]?.score ?? 0;
      if (fromTail > 0 && (raw.length < options.limit || tailReaches(tail, tailFloor, last))) {
        raw = raw.concat(tailHits(tail, tailFloor));
      }
      const cut = raw[Math.min(options.limit, raw.length) - 1]?.score ?? 0;
      let end = Math.min(options.limit, raw.length);
      while (end < raw.length && raw[end]!.score >= cut) end++;
      const head = raw.slice(0, end);
      const holds = holderOf(groups);
      let hits = head.map((h) => hitOf(h, plan, holds));
      if (options.newestFirstOnTies) {
        await store.loadDocuments(hits.map((h) => h.doc));
        hits = hits.sort((a, b) =>
          Number(a.partial) - Number(b.partial) || b.score - a.score ||
          newestFirst(a.doc.lastUpdated, b.doc.lastUpdated)
        );
      }
      const suggested = unmatched ? await unmatched : [];
      answered = true;
      return { hits: hits.slice(0, options.limit), total, groups, plan, unmatched: suggested };
    },
  };
}

/**
 * The store's document of each page of `index` by its id (where the manifest's one at its
 * position has another), `undefined` for a page the store does not have and for each part; and
 * whether the store has every page.
 */
function documentsById(store: ContentStore, index: SearchIndex) {
  const listed = store.manifest.documents;
  // Its documents at the index's pages' places as a plain array, made in one call: a store's list
  // may make each document when first read (`lazy_list.ts`), and reading them one by one through
  // it costs a cold isolate's first search more than making them.
  const inOrder = listed.slice(0, index.pages);
  const docs: (ManifestDocument | undefined)[] = new Array(index.ids.length).fill(undefined);
  let allKnown = true;
  // (Every id of the store readable: `createEngineCache` loads them for such an index.)
  let byId: Map<string, ManifestDocument> | undefined;
  for (let n = 0; n < index.pages; n++) {
    const id = index.ids.at(n)!;
    const doc = inOrder[n]?.id === id
      ? inOrder[n]
      : (byId ??= new Map(listed.map((d) => [d.id, d]))).get(id);
    docs[n] = doc;
    if (doc === undefined) allKnown = false;
  }
  return { docs: docs as readonly (ManifestDocument | undefined)[], allKnown };
}

/**
 * A query's `mayHold` (`EngineHit.mayHold`) over `index`: each of its terms' content documents
 * looked up once, on the first hit that asks, and shared by all its hits (`null`: always looked
 * for — a word of document links the index does not read, see `withoutLinkSchemes`, or a
 * position the query does not have).
 */
function createHolders(store: ContentStore, index: SearchIndex) {
  const linkTerms = new Set(tokenize(["acdc", ...store.sourceNames].join(" ")).map((t) => t.term));
  return (groups: ReadonlyMap<string, string>) => {
    const terms = [...groups.keys()];
    const holders: (Int32Array | null | undefined)[] = new Array(terms.length);
    return (position: number, n: number): boolean => {
      let holding = holders[position];
      if (holding === undefined) {
        const term = terms[position];
        holding = term === undefined || linkTerms.has(term) ? null : index.contentDocs(term);
        if (term !== undefined) holders[position] = holding;
      }
      return holding === null || sortedIncludes(holding, n);
    };
  };
}

/**
 * The words of `plan` the dictionary does not have (at most {@link MAX_UNMATCHED}), each with the
 * spellings of its closest terms: spelling a suggestion reads its postings, so it is paid from
 * what the query (its `groups`' terms) left of the index's budget, and a suggestion that does not
 * fit is not made.
 */
async function unmatchedOf(
  index: SearchIndex,
  plan: QueryPlan,
  groups: ReadonlyMap<string, string>,
  spellingsOf: (terms: string[], budget: number) => Promise<Map<string, string>>,
): Promise<{ word: string; suggestions: string[] }[]> {
  const unknown = plan.unmatched.slice(0, MAX_UNMATCHED);
  const close = await index.readSuggestions(unknown.map((u) => u.term), 3);
  const suggested = unknown.map(({ word }, k) => ({ word, terms: close[k]! }));
  const suggestedTerms = suggested.flatMap((s) => s.terms);
  let spelled = new Map<string, string>();
  if (suggestedTerms.length > 0) {
    let spent = 0;
    for (const t of groups.keys()) spent += index.costOf(t);
    spelled = await spellingsOf(suggestedTerms, index.budget - spent);
  }
  return suggested.map(({ word, terms }) => ({
    word,
    suggestions: [...new Set(terms.flatMap((t) => spelled.get(t) ?? []))],
  }));
}

export { shortestWord } from "./spellings.ts";

/**
 * The document sets a search's source, category and tag narrow it to (an unknown value: the empty
 * set), and the scope of statistics it is scored by (`kind=value` of each value known).
 */
function narrowing(
  setsOf: ReturnType<typeof createFilterSets>,
  options: SearchFilters,
  inCategory: (category: string) => ReadonlySet<number> | undefined,
): { filters: ReadonlySet<number>[]; scope: string[] } {
  const filters: ReadonlySet<number>[] = [];
  const scope: string[] = [];
  for (const kind of ["source", "category", "tag"] as const) {
    const value = options[kind];
    if (value === undefined) continue;
    // A category whose documents the store tells (none: an unknown one), else every document's.
    const told = kind === "category" ? inCategory(value) : undefined;
    const set = told ? (told.size > 0 ? told : undefined) : setsOf(kind).get(value.toLowerCase());
    filters.push(set ?? new Set());
    if (set) scope.push(`${kind}=${value.toLowerCase()}`);
  }
  return { filters, scope };
}

/**
 * The one round of reads between a search's scoring pass and its rules: the details of the
 * candidates the phrase rule reads (a sharded build's details are in ranges) and of the pages with
 * parts the part rule reads (the same candidates, reordered), and what the caller will read of the
 * likely hits (`QueryOptions.reads`).
 */
function readForRules(
  store: ContentStore,
  docs: readonly (ManifestDocument | undefined)[],
  { best, plan, options, partRule, titleTerms }: {
    best: readonly SearchHit[];
    /** A document's title as analyzed words, when read (`SearchIndex.titleTerms`). */
    titleTerms: (doc: number) => readonly string[] | undefined;
    plan: QueryPlan;
    options: QueryOptions;
    partRule?: { pagesRead(ranked: readonly SearchHit[]): SearchHit[] };
  },
): Promise<unknown> {
  // A store holding every document's details and body (a bundled build's) reads none of them.
  if (store.readsDetails === false && !store.readsAhead) return LOADED;
  const read = [...phraseCandidates(best, plan, options.limit), ...partRule?.pagesRead(best) ?? []];
  const reads = store.readsAhead ? options.reads : undefined;
  const likely = reads ? docsOf(docs, phraseLikely(best, plan, options.limit, titleTerms)) : [];
  return Promise.all([
    store.loadDocuments(docsOf(docs, read)),
    reads === "bodies"
      ? store.loadBodies(likely)
      : reads === "details"
      ? store.loadDocuments(likely)
      : undefined,
  ]);
}

/** The documents of `hits` the store holds (`docs`, by document number). */
function docsOf(
  docs: readonly (ManifestDocument | undefined)[],
  hits: readonly SearchHit[],
): ManifestDocument[] {
  const found: ManifestDocument[] = [];
  for (const h of hits) {
    const doc = docs[h.doc];
    if (doc) found.push(doc);
  }
  return found;
}

/** Whether a hit of `tail` scoring `floor` or more scores `score` or more. */
function tailReaches(tail: HitTail, floor: number, score: number): boolean {
  for (let i = 0; i < tail.size; i++) {
    const s = tail.scores[i]!;
    if (s >= floor && s >= score) return true;
  }
  return false;
}

/** The hits of `tail` scoring `floor` or more, in order. */
function tailHits(tail: HitTail, floor: number): SearchHit[] {
  const hits: SearchHit[] = [];
  for (let i = 0; i < tail.size; i++) if (tail.scores[i]! >= floor) hits.push(tail.hitAt(i));
  return hits;
}

/**
 * The query's words a hit holds, as the query spelled them: `terms` is the hit's bitmask over
 * `plan.terms` (the first 32); whole identifiers after the words are not listed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchedWords } from "./search_engine.ts";
 * const plan = {
 *   terms: ["deploi", "netlifi", "edg"],
 *   words: 3,
 *   typed: ["deploying", "Netlify", "edge"],
 *   expansions: new Map(),
 *   unmatched: [],
 * };
 * assert.deepEqual(matchedWords(plan, 0b101), ["deploying", "edge"]);
 * assert.deepEqual(matchedWords(plan, 0), []);
 * ```
 */
export function matchedWords(plan: QueryPlan, terms: number): string[] {
  const out: string[] = [];
  const words = Math.min(plan.words, 32);
  for (let i = 0; i < words; i++) {
    if ((terms >>> i) & 1) out.push(plan.typed?.[i] ?? plan.terms[i]!);
  }
  return out;
}
