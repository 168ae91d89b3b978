import type { ChunkCache } from "../content/chunk_cache.ts";
import { LOADED } from "../content/chunk_loader.ts";
import { analyze, ANALYZER_ID } from "./analyzer.ts";
import { inverseDocumentFrequency, priorBoost } from "./bm25f.ts";
import { createDictionary, createRangedDictionary, type Dictionary } from "./dictionary.ts";
import { createRangeReader, type RangedDictionaryData, validRanges } from "./dictionary_ranges.ts";
import {
  type Field,
  fieldRecord,
  FIELDS,
  type FieldWeights,
  weightsKeyOf,
} from "./index_fields.ts";
import { documentNumbers, isDocumentNumbers, plainIndexData } from "./document_numbers.ts";
import { type DocumentRangesData, validDocumentRanges } from "./document_ranges.ts";
import { createDocumentStats } from "./document_stats.ts";
import { encodePostings } from "./postings.ts";
import { createPostingsReader } from "./postings_reader.ts";
import { queryBudget, withinBudget } from "./query_budget.ts";
import { type HeavyPostings, validHeavyPostings } from "./heavy_postings.ts";
import { readPostingsAhead } from "./postings_ahead.ts";
import { planQuery, type QueryPlan } from "./query_planner.ts";
import type { SearchHit } from "./ranking_rules.ts";
import { createScoringPass } from "./scoring_pass.ts";
import { createStatsScopes } from "./stats_scopes.ts";
import { createStatsLoader } from "./stats_loader.ts";
import { createTermScores, type TermScorer } from "./term_scores.ts";
import type { Ranking } from "./top_hits.ts";
import { type DocumentIds, isDocumentIds } from "./document_ids.ts";
import { sectionOfPart } from "./part_ids.ts";

export { type Field, FIELDS, type FieldWeights } from "./index_fields.ts";
export {
  ABBREVIATION_MIN,
  FUZZY_BUDGET,
  FUZZY_FACTOR,
  FUZZY_MAX_DF,
  FUZZY_MAX_LENGTH,
  PREFIX_FACTOR,
  PREFIX_MAX,
} from "./expansion_rules.ts";
export { INDEX_MEMO_BYTES } from "./dictionary.ts";
export { FILE_NAME_SHARE, liftExactNames, type SearchHit } from "./ranking_rules.ts";
export type { QueryPlan } from "./query_planner.ts";
export type { Ranking } from "./top_hits.ts";
export type { HitTail } from "./hit_tail.ts";
export { SCORES_BYTES } from "./term_scores.ts";

/** What gets indexed of one document. */
export interface IndexableDocument {
  id: string;
  name: string;
  keywords: readonly string[];
  description: string;
  content: string;
  /** The document's file name without extension (`chmod`, `spec-driven-development`). */
  fileName?: string;
  /** What other pages call it when they link to it (`link_graph.ts`), indexed as `links`. */
  links?: string;
  /** Its headings but the one that repeats its title, one per line, indexed as `headings`. */
  headings?: string;
  /** How many other pages link to it: the static prior's input. */
  inbound?: number;
  /**
   * Set on a part of a page (a section of a very long page, `part_rule.ts`): the page's
   * document number. Parts come after every page, and only part searches see them.
   */
  partOf?: number;
}

/**
 * Identifies the serialized layout ({@link SearchIndexData}); an index in another layout is
 * rebuilt, not misread.
 */
export const INDEX_LAYOUT = "shelf-postings-5";

/**
 * Numbers by document: a list as JSON gives it, or a typed array as a sharded build's packed
 * index decodes it (`packed_index.ts`: no list made of it on a cold isolate). A loaded index
 * reads both as one {@link Uint32Array} (`documentNumbers`).
 */
export type DocumentNumbers = readonly number[] | Uint8Array | Uint16Array | Uint32Array;

/**
 * The serialized index: written by the build, imported by the runtime as it is — strings and
 * flat number arrays, nothing rebuilt for the whole dictionary when an isolate loads it.
 */
export interface SearchIndexData {
  analyzer: string;
  /** {@link INDEX_LAYOUT}. */
  layout: string;
  /** Content hash of the manifest the index was built from. */
  contentHash: string;
  /** Each document's id, by number: a list as the build writes it, or made when read. */
  ids: DocumentIds;
  /**
   * Only in a sharded edge index whose ids the runtime made from its edge manifest
   * (`packed_index.ts`): its pages are the documents of the manifest with its content hash, in
   * order, so an engine maps them by position without reading an id.
   */
  manifestOrder?: true;
  /**
   * Only in a sharded edge index (`packed_index.ts`): each part's place in its page's sections,
   * which its id would say (`part_ids.ts`): the index reads no id of a part.
   */
  partSections?: ArrayLike<number>;
  /**
   * Each document's names as analyzed words joined by spaces — its title, then its file name
   * when that differs — separated by `\n` (for the exact-name rule), by document number.
   */
  names: string[];
  /** Number of terms of each field, by document number (for length normalization). */
  lengths: Record<Field, DocumentNumbers>;
  /**
   * How many other documents link to each one, by document number (the static prior,
   * `bm25f.ts`'s `priorBoost`).
   */
  inbound: DocumentNumbers;
  /** Every indexed term, sorted (lookups binary-search it); empty when it is in ranges. */
  terms: string[];
  /** Number of pages (parts not counted) containing `terms[i]` in any field. */
  counts: number[];
  /**
   * Number of parts containing `terms[i]` in any field (a query's work counts them: their
   * postings are decoded and read with the pages'); present exactly when `parts` is, unless the
   * dictionary is in ranges.
   */
  partCounts?: number[];
  /**
   * Only in a sharded edge index: the dictionary (`terms`, `counts`, `partCounts`) is in ranges
   * read on demand, and this says where each starts (`dictionary_ranges.ts`); positions
   * (`postingsChunks`) are still the whole dictionary's.
   */
  dictionaryRanges?: RangedDictionaryData;
  /**
   * The page of each part (`part_rule.ts`): the last `parts.length` documents are parts, and
   * `parts[k]` is the document number of the page document `ids.length - parts.length + k`
   * is a part of. Absent when the index has no parts.
   */
  parts?: DocumentNumbers;
  /**
   * `terms[i]`'s postings in every field, encoded by `encodePostings` (`postings.ts`); empty
   * when they are in chunks ({@link SearchIndexData.postingsChunks}).
   */
  postings: string[];
  /**
   * Only in a sharded edge index: `names`, `lengths` and `inbound` are empty, in ranges read for
   * the documents a search touches (`document_ranges.ts`), and this says how they are split.
   */
  documentRanges?: DocumentRangesData;
  /**
   * Only in the edge index: the postings are in chunk modules the edge adapter imports on demand,
   * chunk `k` holding the postings of the terms from `postingsChunks[k]` up to the next start
   * (see `postings_chunks.ts`).
   */
  postingsChunks?: number[];
  /**
   * Only in a sharded edge index, and there optional: the terms whose postings fill a chunk, and
   * their positions (`heavy_postings.ts`), read ahead with the dictionary ranges of a search
   * naming them.
   */
  heavyPostings?: HeavyPostings;
}

/** Options of {@link importSearchIndex}. */
export interface ImportOptions {
  /** Imports postings chunk `k` (an array of encoded postings); required for a chunked index. */
  postingsChunk?: (k: number) => Promise<unknown>;
  /** The byte bound shared with the isolate's other chunks read from shards. */
  chunkCache?: ChunkCache;
  /**
   * Reads dictionary range `k` (`{ terms, counts, partCounts? }`); required for an index whose
   * dictionary is in ranges.
   */
  dictionaryRange?: (k: number) => Promise<unknown>;
  /** Reads dictionary volume `k` (its ranges, in order), for {@link SearchIndex.readRest}. */
  dictionaryVolume?: (k: number) => Promise<unknown>;
  /**
   * Reads stats range `k` (`StatsRange` of `document_ranges.ts`); required for an index whose
   * documents' data is in ranges, with {@link namesRange}.
   */
  statsRange?: (k: number) => Promise<unknown>;
  /** Reads name range `k` (the names of its documents, in order). */
  namesRange?: (k: number) => Promise<unknown>;
}

/** Options of {@link SearchIndex.loadStats}. */
export interface LoadStatsOptions {
  /**
   * The query's plan, whose terms `terms` are: the names its exact-name rule may give a bonus to
   * are read (the pages' and the parts').
   */
  plan?: QueryPlan;
  /**
   * The statistics scopes a search will be scored by (`SearchOptions.statsScope` and the
   * documents of it): their members' data is read, once per scope.
   */
  scopes?: readonly { key: string; has: (doc: number) => boolean }[];
}

/** Options of {@link SearchIndex.search}. */
export interface SearchOptions {
  weights: FieldWeights;
  /** Keep only documents this accepts (by document number). */
  filter?: (doc: number) => boolean;
  /**
   * Sort only the best `limit` hits (plus any tied with the last of them); the rest follow
   * unsorted. Default: sort everything.
   */
  limit?: number;
  /**
   * Names the documents `filter` accepts (`source=docs`) when they should be scored by their own
   * statistics — their count, each term's document frequency among them, their average field
   * lengths, their most linked page (the prior's scale) — as if they were the whole index; kept
   * under this name. Default: the whole index's (its pages').
   */
  statsScope?: string;
  /**
   * The documents of `statsScope` when they are not those `filter` accepts (a search of some
   * pages' parts scored by the statistics of every part); it must hold every document `filter`
   * accepts, since a scoped search scores only its scope's documents. Default: `filter`.
   */
  statsOf?: (doc: number) => boolean;
}

/** A loaded index. */
export interface SearchIndex {
  readonly analyzer: string;
  readonly contentHash: string;
  readonly ids: DocumentIds;
  /** How many of `ids`, from the first, are pages; the rest are parts (`part_rule.ts`). */
  readonly pages: number;
  /** {@link SearchIndexData.manifestOrder}. */
  readonly manifestOrder: boolean;
  /**
   * The page (document number) of each part: `partOf[n - pages]` for part `n`; parts follow
   * their pages' order (a page's parts are together, and never before an earlier page's).
   */
  readonly partOf: Uint32Array;
  /** Part `n`'s section's place in its page's `sections` (`part_ids.ts`), read without its id. */
  sectionOfPart(n: number): number;
  /**
   * Analyzes a query and expands each term to the dictionary terms within one edit. When the
   * dictionary is in ranges, throws unless the ranges it needs are read: see {@link readPlan}.
   */
  plan(query: string): QueryPlan;
  /**
   * {@link plan}, once the dictionary ranges its lookups need are read (nothing to read when the
   * index holds its dictionary whole): the plan is made against the ranges read so far, the
   * ranges it looked in and did not have are read, all at once, and so on until none is missing.
   * Meanwhile, an index keeping its documents' data in ranges reads every stats range it has not
   * read (for {@link loadStats}, which fails if that read did), and, once the plan is made, the
   * name ranges its exact-name rule reads, in the round of its postings.
   */
  readPlan(query: string): Promise<QueryPlan>;
  /** The most documents one query may score, its terms' {@link costOf} summed (`query_budget.ts`). */
  readonly budget: number;
  /**
   * The documents `term`'s postings hold, its pages and its parts (0 when the index lacks it):
   * what decoding and scoring it costs a query.
   */
  costOf(term: string): number;
  /**
   * All matching documents (pages only, unless `filter` accepts parts); the best (all, or
   * `limit`) first, ties in document order. A query
   * of three or more words needs half of them in a document; when fewer than `limit` do, the
   * best of those holding fewer (one of them at least exactly) follow them, marked `partial`
   * (up to `limit` in all).
   */
  search(plan: QueryPlan, options: SearchOptions): SearchHit[];
  /**
   * `search`, with what a `limit` leaves unsorted kept apart, as numbers: `hits` are the best
   * `limit` (ties with the last of them kept) and any `partial` ones, and the `tail` the rest,
   * whose hits (`tail.hitAt`), in order, follow `hits` in `search`'s answer. An answer shows
   * the best; the tail only counts toward its total, and making a hit object of each of a
   * large shelf's thousands of matches cost more than scoring them.
   */
  rank(plan: QueryPlan, options: SearchOptions): Ranking;
  /**
   * Index terms within two edits of `term` that start with its first letter, closest and most
   * frequent first (at most `max`): "did you mean" for a word nothing matched.
   */
  suggest(term: string, max: number): string[];
  /** {@link suggest} for each of `terms`, once the dictionary ranges they scan are read. */
  readSuggestions(terms: readonly string[], max: number): Promise<string[][]>;
  /**
   * Reads, in the background, the next volume of the dictionary ranges not read yet and the next
   * volume of the name ranges not read yet (`name_ranges.ts`), one of each a call (nothing when
   * the index holds them whole or was given no volumes to read): what an engine does from its
   * second search on, so that the later ones wait for none of them and no request pays for all of
   * them. A failure is forgotten (the next call tries again).
   */
  readRest(): void;
  /**
   * A document's title as analyzed words (the first of its names: `SearchIndexData.names`), or
   * `undefined` when the index keeps its names in ranges and has not read it: of those, only
   * the titles that are `plan`'s query are read (`name_ranges.ts`).
   */
  titleTerms(doc: number, plan: QueryPlan): readonly string[] | undefined;
  /**
   * Makes the postings of `terms` readable by `search`: imports the chunks they are in, once per
   * index, when the index keeps its postings in chunks; otherwise there is nothing to load.
   * `search` throws for a term whose postings are not loaded.
   */
  loadPostings(terms: Iterable<string>): Promise<void>;
  /**
   * Makes the per-document data (field lengths, inbound links, names) that `search`, `rank` and
   * `bestDocument` read there for the documents of the postings of `terms` (loaded already: see
   * {@link loadPostings}) and those `options` name, when the index keeps it in ranges (a sharded
   * build's: `document_ranges.ts`); otherwise there is nothing to load. A search reading a
   * document whose data is not read scores it wrong: `rank` is for after this.
   */
  loadStats(terms: Iterable<string>, options?: LoadStatsOptions): Promise<void>;
  /**
   * The documents whose content field holds `term`, by number, ascending (empty for a term the
   * index does not know; shared, not to be changed); its postings must be loaded, as for
   * `search`. A snippet need not look in a body for a term the body does not have
   * (`sortedIncludes` of `sorted_includes.ts` tells).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { buildSearchIndex } from "./search_index.ts";
   * const index = buildSearchIndex([
   *   { id: "a", name: "Deploys", keywords: [], description: "", content: "Run the build." },
   *   { id: "b", name: "Builds", keywords: [], description: "", content: "Deploy it." },
   * ], "hash");
   * assert.deepEqual([...index.contentDocs("build")], [0]);
   * assert.deepEqual([...index.contentDocs("deploi")], [1]);
   * assert.deepEqual([...index.contentDocs("unknown")], []);
   * ```
   */
  contentDocs(term: string): Int32Array;
  /**
   * The document where `term` weighs most under `weights` (the highest weighted sum of its field
   * scores; the first of tied ones) among those `accept` takes, or -1: what a spelling needs
   * (`spellings.ts`), without ranking the term's every document as a search would. The term's
   * postings must be loaded, as for `search`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { buildSearchIndex } from "./search_index.ts";
   * const index = buildSearchIndex([
   *   { id: "a", name: "Notes", keywords: [], description: "", content: "a build" },
   *   { id: "b", name: "Builds", keywords: [], description: "", content: "build it, builds" },
   * ], "hash");
   * const weights = { name: 1, keywords: 1, description: 1, content: 1 };
   * assert.equal(index.bestDocument("build", weights), 1);
   * assert.equal(index.bestDocument("build", weights, (n) => n !== 1), 0);
   * assert.equal(index.bestDocument("unknown", weights), -1);
   * ```
   */
  bestDocument(term: string, weights: FieldWeights, accept?: (doc: number) => boolean): number;
  /** Serializes the index for the build output (every postings string in it). */
  export(): Promise<SearchIndexData>;
}

const NO_NUMBERS: Uint32Array = new Uint32Array(0);

/**
 * Whether `parts` (each part's page, `SearchIndexData.parts`) are some, each names one of `pages`
 * and they follow their pages' order (`SearchIndex.partOf`).
 */
function validParts(parts: ArrayLike<unknown>, pages: number): boolean {
  if (parts.length === 0 || pages <= 0) return false;
  // A loop, no callback: a cold isolate checks a large shelf's every part in the interpreter.
  let previous = 0;
  for (let k = 0; k < parts.length; k++) {
    const page = parts[k];
    if (
      !(Number.isInteger(page) && (page as number) >= previous && (page as number) < pages)
    ) {
      return false;
    }
    previous = page as number;
  }
  return true;
}

/** A document's title and file name as analyzed words (`\n` between the two when they differ). */
function namesOf(doc: IndexableDocument): string {
  const title = analyze(doc.name).join(" ");
  const file = analyze(doc.fileName ?? "").join(" ");
  return file === "" || file === title ? title : `${title}\n${file}`;
}

/**
 * Builds the index: each field of each document is analyzed (normalization, stop words,
 * Porter stems); each term gets its postings (per field, the documents and frequencies) and
 * its document frequency for rarity weighting and typo expansion. A built index and an imported
 * one are the same structure ({@link SearchIndexData}), so they search alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSearchIndex } from "./search_index.ts";
 * const index = buildSearchIndex([
 *   { id: "a", name: "Running tests", keywords: ["ci"], description: "", content: "Use deno test." },
 *   { id: "b", name: "Deploying", keywords: [], description: "", content: "Run the build." },
 * ], "hash");
 * const weights = { name: 2, keywords: 3, description: 1, content: 1, focus: 2 };
 * const hits = index.search(index.plan("runing"), { weights });
 * assert.equal(index.ids.at(hits[0]!.doc), "a");
 * ```
 */
export function buildSearchIndex(
  docs: readonly IndexableDocument[],
  contentHash: string,
): SearchIndex {
  // term → per field `[document, frequency, …]`, documents in increasing order.
  const byTerm = new Map<string, number[][]>();
  const df = new Map<string, number>();
  const partDf = new Map<string, number>();
  const lengths = fieldRecord(() => [] as number[]);
  const pages = docs.findIndex((d) => d.partOf !== undefined);
  const parts = pages < 0 ? [] : docs.slice(pages).map((d) => d.partOf!);
  if (parts.length > 0 && !validParts(parts, pages)) {
    throw new Error("every part must follow the pages, in their order, and name one of them");
  }
  docs.forEach((doc, n) => {
    const seen = new Set<string>();
    const texts: Record<Field, string> = {
      name: doc.name,
      keywords: doc.keywords.join(" , "),
      description: doc.description,
      content: doc.content,
      links: doc.links ?? "",
      headings: doc.headings ?? "",
    };
    FIELDS.forEach((field, f) => {
      const terms = analyze(texts[field]);
      lengths[field][n] = terms.length;
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, count] of tf) {
        seen.add(t);
        let perField = byTerm.get(t);
        if (!perField) byTerm.set(t, perField = FIELDS.map(() => []));
        perField[f]!.push(n, count);
      }
    });
    // The dictionary's counts are the pages': a part repeats words its page has.
    if (doc.partOf === undefined) { for (const t of seen) df.set(t, (df.get(t) ?? 0) + 1); }
    else {
      for (const t of seen) {
        if (!df.has(t)) df.set(t, 0);
        partDf.set(t, (partDf.get(t) ?? 0) + 1);
      }
    }
  });
  const terms = [...byTerm.keys()].sort();
  return createIndex({
    analyzer: ANALYZER_ID,
    layout: INDEX_LAYOUT,
    contentHash,
    ids: docs.map((d) => d.id),
    names: docs.map((d) => namesOf(d)),
    lengths,
    inbound: docs.map((d) => d.inbound ?? 0),
    terms,
    counts: terms.map((t) => df.get(t)!),
    postings: terms.map((t) => encodePostings(byTerm.get(t)!)),
    ...(parts.length > 0 ? { parts, partCounts: terms.map((t) => partDf.get(t) ?? 0) } : {}),
  });
}

/**
 * Loads a serialized index. Throws when it was made by another analyzer: the runtime then
 * builds a fresh one rather than searching with mismatched terms.
 */
export function importSearchIndex(
  data: SearchIndexData,
  options: ImportOptions = {},
): SearchIndex {
  if (data.analyzer !== ANALYZER_ID) {
    throw new Error(`search index analyzer '${data.analyzer}' does not match '${ANALYZER_ID}'`);
  }
  if (data.layout !== INDEX_LAYOUT) {
    throw new Error(`search index layout '${data.layout}' is not '${INDEX_LAYOUT}'`);
  }
  // Every per-term array as long as the dictionary, every per-document one as long as `ids`.
  const ranged = data.dictionaryRanges;
  if (ranged !== undefined) {
    if (!validRanges(ranged) || data.terms?.length !== 0 || data.partCounts !== undefined) {
      throw new Error("search index has invalid dictionaryRanges");
    }
    if (!options.dictionaryRange) {
      throw new Error("search index keeps its dictionary in ranges and nothing reads them");
    }
  }
  const terms = ranged ? ranged.size : data.terms?.length;
  const docs = data.ids?.length;
  const starts = data.postingsChunks;
  const inRanges = data.documentRanges;
  if (inRanges !== undefined) {
    if (!validDocumentRanges(inRanges)) throw new Error("search index has invalid documentRanges");
    if (!options.statsRange || !options.namesRange) {
      throw new Error("search index keeps its documents' data in ranges and nothing reads them");
    }
  }
  const perDocument = inRanges ? 0 : docs;
  if (
    !isDocumentIds(data.ids) || !Array.isArray(data.terms) || data.names?.length !== perDocument ||
    data.inbound?.length !== perDocument ||
    data.counts?.length !== (ranged ? 0 : terms) ||
    data.postings?.length !== (starts === undefined ? terms : 0) ||
    FIELDS.some((f) => data.lengths?.[f]?.length !== perDocument)
  ) {
    throw new Error("search index is incomplete");
  }
  const parts = data.parts;
  if (
    parts !== undefined && !(isDocumentNumbers(parts) && validParts(parts, docs - parts.length))
  ) {
    throw new Error("search index has invalid parts");
  }
  const partCounts = data.partCounts;
  if (
    !ranged &&
    (parts === undefined
      ? partCounts !== undefined
      : !(Array.isArray(partCounts) && partCounts.length === terms &&
        partCounts.every((c) => Number.isInteger(c) && c >= 0 && c <= parts.length)))
  ) {
    throw new Error("search index has invalid partCounts");
  }
  if (starts !== undefined) {
    const ordered = Array.isArray(starts) && starts[0] === 0 &&
      starts.every((s, k) => Number.isInteger(s) && (k === 0 || s > starts[k - 1]!) && s < terms);
    if (!ordered) throw new Error("search index has invalid postingsChunks");
    if (!options.postingsChunk) {
      throw new Error("search index keeps its postings in chunks and nothing loads them");
    }
  }
  // The heavy terms (`heavy_postings.ts`) guide what a sharded search reads ahead of its chunks.
  const heavy = data.heavyPostings;
  if (heavy !== undefined && (starts === undefined || !validHeavyPostings(heavy, terms))) {
    throw new Error("search index has invalid heavyPostings");
  }
  return createIndex(data, options);
}

/** A document's title's analyzed words, from its `names` (`undefined`: not read yet). */
function titleTermsOf(names: string | undefined): readonly string[] | undefined {
  if (names === undefined) return undefined;
  const title = names.slice(0, (names.indexOf("\n") + 1 || names.length + 1) - 1);
  return title === "" ? [] : title.split(" ");
}

/** `SearchIndex.bestDocument` over `scorer`'s scores of the first `pages` documents. */
function bestDocumentOf(
  scorer: TermScorer,
  pages: number,
  inbound: ArrayLike<number>,
  mostInbound: number,
): SearchIndex["bestDocument"] {
  return (term, weights, accept) => {
    const scores = scorer.scoresOf(term, weights, weightsKeyOf(weights));
    let best = -1;
    if (!scores) return best;
    const { docs, sums } = scores;
    let bestScore = 0;
    for (let i = 0; i < docs.length; i++) {
      const n = docs[i]!;
      if (n >= pages || (accept && !accept(n))) continue;
      const score = sums[i]! * priorBoost(inbound[n]!, mostInbound);
      if (best < 0 || score > bestScore) [best, bestScore] = [n, score];
    }
    return best;
  };
}

/**
 * Runs a dictionary's lookups until they need no range that is not read, reading those they did;
 * `meanwhile` is given what each attempt made while its missing ranges are read. A whole
 * dictionary (a bundled build's, no `ranges`) needs no range: its lookups are answered at once,
 * without an attempt's bookkeeping or an async function's turns.
 */
function settlerOf(
  dictionary: Dictionary,
  ranges: { load(wanted: Iterable<number>): Promise<void> } | undefined,
): <T>(lookups: () => T, meanwhile?: (value: T) => void) => Promise<T> {
  const inRanges = async <T>(lookups: () => T, meanwhile?: (value: T) => void) => {
    for (;;) {
      const { value, missing } = dictionary.attempt(lookups);
      if (missing.length === 0 || !ranges) return value;
      meanwhile?.(value);
      await ranges.load(missing);
    }
  };
  return (lookups, meanwhile) => {
    if (ranges) return inRanges(lookups, meanwhile);
    try {
      return Promise.resolve(lookups());
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

function createIndex(data: SearchIndexData, options: ImportOptions = {}): SearchIndex {
  const { ids, counts } = data;
  // One kind of array for the loops that read them, whatever the data holds (`document_stats.ts`).
  const stats = createDocumentStats(data, {
    ...(options.statsRange ? { statsRange: options.statsRange } : {}),
    ...(options.namesRange ? { namesRange: options.namesRange } : {}),
  });
  const { lengths, inbound, mostInbound, known } = stats;
  const total = ids.length;
  const partOf = data.parts ? documentNumbers(data.parts) : NO_NUMBERS;
  // Pages, then parts: the whole index's statistics are the pages'.
  const pages = total - partOf.length;
  const budget = queryBudget(pages);
  const scopeOf = createStatsScopes({ inbound, pages, ...(known ? { known } : {}) });
  const ranges = data.dictionaryRanges && options.dictionaryRange
    ? createRangeReader(
      data.dictionaryRanges,
      partOf.length > 0,
      options.dictionaryRange,
      options.dictionaryVolume,
    )
    : undefined;
  const dictionary: Dictionary = ranges
    ? createRangedDictionary(ranges)
    : createDictionary(data.terms, counts, data.partCounts);
  const { find } = dictionary;
  // A term's work in a query: its postings hold its pages and its parts.
  const costOf = partOf.length === 0
    ? dictionary.dfOf
    : (term: string) => dictionary.dfOf(term) + dictionary.partsOf(term);
  const settled = settlerOf(dictionary, ranges);
  const termCount = ranges?.size ?? data.terms.length;
  const chunks = createPostingsReader(
    data,
    termCount,
    find,
    options.postingsChunk,
    options.chunkCache,
  );
  const scorer = createTermScores({
    total,
    pages,
    lengths,
    find,
    postingsOf: chunks.postingsOf,
    queryDocs: budget,
    ...(known ? { pageSums: known.pages.sums } : {}),
  });
  const idf = (term: string) => inverseDocumentFrequency(dictionary.dfOf(term) || pages, pages);
  const rank = createScoringPass({
    ids,
    pages,
    names: stats.namesFor ? { namesFor: stats.namesFor } : {
      names: data.names,
      titleLengths: lengths.name,
    },
    inbound,
    mostInbound,
    scopeOf,
    scorer,
    idf,
    has: (term) => find(term) >= 0,
  });
  const plan = (query: string) => withinBudget(planQuery(query, dictionary), costOf, budget);
  // While a plan's ranges are read, the postings of its words are read too, not after them: each
  // word's chunk is the one holding its range, when at most two chunks hold it (one, as a rule;
  // a word the dictionary turns out not to have costs them for nothing), and the name ranges its
  // exact-name rule most likely reads (`name_ranges.ts`). A failed read is a later load's to tell.
  const loadStats = createStatsLoader(stats, scorer, scopeOf);
  // The stats ranges and name ranges `readPlan` started reading (see there).
  let statsAhead: Promise<unknown> | undefined;
  const prefetch = (partial: QueryPlan) => {
    stats.loadNamesNear(partial.terms).catch(() => {});
    readPostingsAhead(ranges!, chunks.loadPositions, partial, data.heavyPostings);
  };
  return {
    analyzer: ANALYZER_ID,
    contentHash: data.contentHash,
    ids,
    pages,
    manifestOrder: data.manifestOrder === true,
    partOf,
    sectionOfPart: (n) => data.partSections?.[n - pages] ?? sectionOfPart(ids.at(n)!),
    plan,
    readPlan(query) {
      // Every stats range, with the first search's dictionary ranges and postings: its words'
      // postings, a common word's at least, hold documents in most of them (a few shards of
      // `STATS_RANGE_DOCS` documents), and the isolate reads them all from its second search on.
      // Then its exact-name rule's name ranges, with its postings. A failed read is the next
      // `loadStats`' to tell. (Per-document data kept whole, a bundled build's, has none to read.)
      if (!stats.ranged) return settled(() => plan(query), prefetch);
      const ahead = stats.loadStats();
      const made = settled(() => plan(query), prefetch);
      statsAhead = Promise.all([ahead, made.then((p) => stats.load({ plan: p }))]);
      statsAhead.catch(() => {});
      return made;
    },
    budget,
    costOf,
    contentDocs: scorer.contentDocsOf,
    suggest: dictionary.suggest,
    readSuggestions: (terms, max) => settled(() => terms.map((t) => dictionary.suggest(t, max))),
    // (A bundled build's dictionary and per-document data are whole: nothing to read.)
    readRest: ranges || stats.ranged
      ? () => void Promise.all([ranges?.readRest(), stats.loadRest()]).catch(() => {})
      : () => {},
    rank,
    search(plan, options) {
      const { hits, tail } = rank(plan, options);
      for (let i = 0; i < tail.size; i++) hits.push(tail.hitAt(i));
      return hits;
    },
    bestDocument: bestDocumentOf(scorer, pages, inbound, mostInbound),
    titleTerms: (doc, plan) =>
      titleTermsOf(stats.namesFor ? stats.namesFor(plan).get(doc) : data.names[doc]),
    loadPostings: chunks.load,
    // Per-document data kept whole (a bundled build's) has nothing to read.
    loadStats: stats.ranged
      ? async (terms, options) => {
        const ahead = statsAhead;
        statsAhead = undefined;
        await ahead;
        await loadStats(terms, options);
      }
      : () => LOADED,
    async export() {
      if (!data.postingsChunks && !ranges && !stats.ranged) return plainIndexData(data);
      await Promise.all([chunks.loadAll(), stats.loadAll()]);
      const {
        postingsChunks: _,
        dictionaryRanges: __,
        documentRanges: ___,
        heavyPostings: ____,
        ...rest
      } = plainIndexData(data);
      if (stats.ranged) Object.assign(rest, stats.plain());
      const postings = Array.from({ length: termCount }, (_, i) => chunks.postingsOf(i));
      if (!ranges) return { ...rest, postings };
      await ranges.load(ranges.starts.keys());
      const whole = ranges.starts.map((_, r) => ranges.range(r)!);
      return {
        ...rest,
        terms: whole.flatMap((r) => r.terms),
        counts: whole.flatMap((r) => r.counts),
        ...(partOf.length > 0 ? { partCounts: whole.flatMap((r) => r.partCounts!) } : {}),
        postings,
      };
    },
  };
}
