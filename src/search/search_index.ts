import { createMemo, type Memo, remembered } from "../remembered.ts";
import { editDistance } from "./edit_distance.ts";
import { kthLargest } from "./kth_largest.ts";
import { analyze, ANALYZER_ID, analyzeWords, identifiersOf, stemOnce } from "./analyzer.ts";
import { editVariants } from "./edit_variants.ts";
import { inverseDocumentFrequency, LENGTH_NORMALIZATION, lengthNorm, saturated } from "./bm25f.ts";
import { decodePostings, encodePostings } from "./postings.ts";
import { createChunkLoader, LOADED } from "../content/chunk_loader.ts";

/**
 * Indexed fields. Each term's postings (`postings.ts`) list, per field, the documents that have
 * it and how often; with each field's length per document they are what BM25F needs
 * (`bm25f.ts`).
 */
export const FIELDS = ["name", "keywords", "description", "content"] as const;
/** One indexed field. */
export type Field = typeof FIELDS[number];

/** The content field's place in {@link FIELDS} (postings segments come in that order). */
const CONTENT = FIELDS.indexOf("content");
/** Weight of a match in each field. */
export type FieldWeights = Readonly<Record<Field, number>>;

/** Fuzzy factor of a term one edit away from the query term (exact matches count 1). */
export const FUZZY_FACTOR = 0.5;
/** Query terms found in at least this many documents are not expanded to typo variants. */
export const FUZZY_MAX_DF = 3;
/**
 * Longest query term (in UTF-16 units) that typo expansion considers. Each edit-distance-1
 * variant of an n-letter word costs O(n) and there are about 72·n of them, so an unbounded
 * word (a 1,000-letter query) would cost seconds; real words and identifiers are shorter.
 */
export const FUZZY_MAX_LENGTH = 24;
/**
 * Letters of typo expansion one query may spend, over all its words in order (about 0.3 ms a
 * letter): a query of 32 unknown long words stays near 10 ms. Later words past
 * the budget match exactly and by prefix only.
 */
export const FUZZY_BUDGET = 32;
/** Factor of a dictionary term that merely starts with the query term. */
export const PREFIX_FACTOR = 0.5;
/**
 * Shortest dictionary term that counts as an abbreviation of a longer query word ("spec" for
 * "specifications"); shorter ones ("con", "re") would match far too much.
 */
export const ABBREVIATION_MIN = 4;
/** Query words whose typo variants an index remembers (each a short list of terms). */
const TYPO_CACHE_MAX = 10_000;
/**
 * Bytes of each of an index's four query memos (dictionary positions, prefix completions, typo
 * variants, suggestions): 4 MiB each, 16 MiB per index.
 */
export const INDEX_MEMO_BYTES = 4 * 1024 * 1024;
/** One of an index's query memos. */
const queryMemo = <V>(name: string): Memo<string, V> =>
  createMemo<string, V>({ name, maxEntries: TYPO_CACHE_MAX, maxBytes: INDEX_MEMO_BYTES });

/**
 * Share of the exact-name bonus a file name earns (a title that is the query doubles the score;
 * a file name that is the query multiplies it by 1.5): sites reuse file names across sections
 * (`configuration/taxonomies`, `content-management/taxonomies`), titles less so.
 */
export const FILE_NAME_SHARE = 0.5;

/** At most this many prefix completions per query term (the most frequent ones). */
export const PREFIX_MAX = 8;

/** What gets indexed of one document. */
export interface IndexableDocument {
  id: string;
  name: string;
  keywords: readonly string[];
  description: string;
  content: string;
  /** The document's file name without extension (`chmod`, `spec-driven-development`). */
  fileName?: string;
}

/**
 * Identifies the serialized layout ({@link SearchIndexData}); an index in another layout is
 * rebuilt, not misread.
 */
export const INDEX_LAYOUT = "shelf-postings-1";

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
  ids: string[];
  /**
   * Each document's names as analyzed words joined by spaces — its title, then its file name
   * when that differs — separated by `\n` (for the exact-name rule), by document number.
   */
  names: string[];
  /** Number of terms of each field, by document number (for length normalization). */
  lengths: Record<Field, number[]>;
  /** Every indexed term, sorted (lookups binary-search it). */
  terms: string[];
  /** Number of documents containing `terms[i]` in any field. */
  counts: number[];
  /**
   * `terms[i]`'s postings in every field, encoded by `encodePostings` (`postings.ts`); empty
   * when they are in chunks ({@link SearchIndexData.postingsChunks}).
   */
  postings: string[];
  /**
   * Only in the edge index: the postings are in chunk modules the edge adapter imports on demand,
   * chunk `k` holding the postings of the terms from `postingsChunks[k]` up to the next start
   * (see `postings_chunks.ts`).
   */
  postingsChunks?: number[];
}

/** Options of {@link importSearchIndex}. */
export interface ImportOptions {
  /** Imports postings chunk `k` (an array of encoded postings); required for a chunked index. */
  postingsChunk?: (k: number) => Promise<unknown>;
}

/** One search hit. */
export interface SearchHit {
  /** Document number (position in `ids`). */
  doc: number;
  id: string;
  score: number;
  /** Query terms (of the analyzed query) that matched, exactly or fuzzily. */
  matched: number;
  /**
   * Query words (not whole identifiers) found in its title or description, exactly or fuzzily,
   * whatever the fields' weights: under two, neither can hold two of them as a phrase.
   */
  headWords?: number;
  /** Its title or file name is the query exactly: it ranks above every other hit. */
  exactName?: true;
}

/** Result of analyzing a query against the dictionary. */
export interface QueryPlan {
  /**
   * Analyzed, de-duplicated query terms: the query's words in order, then identifiers typed
   * whole that the index knows.
   */
  terms: string[];
  /** How many of `terms` are the query's words (the rest are whole identifiers). */
  words: number;
  /** For each query term: the dictionary terms it matches and their factor (1 or 0.5). */
  expansions: Map<string, Map<string, number>>;
  /** Query words that match nothing in the index (no term, typo variant or completion). */
  unmatched: { word: string; term: string }[];
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
}

/** One term's share of every document that has it, under one set of field weights. */
interface TermScores {
  /** Documents with the term in a weighted field, in the order the fields list them. */
  docs: Int32Array;
  /** Each one's weighted BM25 sum over the fields (before IDF). */
  sums: Float64Array;
  /** Documents with the term in their title or description, whatever the weights. */
  head: Int32Array;
}

/** A loaded index. */
export interface SearchIndex {
  readonly analyzer: string;
  readonly contentHash: string;
  readonly ids: readonly string[];
  /** Analyzes a query and expands each term to the dictionary terms within one edit. */
  plan(query: string): QueryPlan;
  /** All matching documents; the best (all, or `limit`) first, ties in document order. */
  search(plan: QueryPlan, options: SearchOptions): SearchHit[];
  /**
   * Index terms within two edits of `term` that start with its first letter, closest and most
   * frequent first (at most `max`): "did you mean" for a word nothing matched.
   */
  suggest(term: string, max: number): string[];
  /**
   * Makes the postings of `terms` readable by `search`: imports the chunks they are in, once per
   * index, when the index keeps its postings in chunks; otherwise there is nothing to load.
   * `search` throws for a term whose postings are not loaded.
   */
  loadPostings(terms: Iterable<string>): Promise<void>;
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
  /** Serializes the index for the build output (every postings string in it). */
  export(): Promise<SearchIndexData>;
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
 * assert.ok(hits[0]?.id === "a");
 * ```
 */
export function buildSearchIndex(
  docs: readonly IndexableDocument[],
  contentHash: string,
): SearchIndex {
  // term → per field `[document, frequency, …]`, documents in increasing order.
  const byTerm = new Map<string, number[][]>();
  const df = new Map<string, number>();
  const lengths = emptyRecord(() => [] as number[]);
  docs.forEach((doc, n) => {
    const seen = new Set<string>();
    const texts: Record<Field, string> = {
      name: doc.name,
      keywords: doc.keywords.join(" , "),
      description: doc.description,
      content: doc.content,
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
    for (const t of seen) df.set(t, (df.get(t) ?? 0) + 1);
  });
  const terms = [...byTerm.keys()].sort();
  return createIndex({
    analyzer: ANALYZER_ID,
    layout: INDEX_LAYOUT,
    contentHash,
    ids: docs.map((d) => d.id),
    names: docs.map((d) => namesOf(d)),
    lengths,
    terms,
    counts: terms.map((t) => df.get(t)!),
    postings: terms.map((t) => encodePostings(byTerm.get(t)!)),
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
  const terms = data.terms?.length;
  const docs = data.ids?.length;
  const starts = data.postingsChunks;
  if (
    !Array.isArray(data.ids) || !Array.isArray(data.terms) || data.names?.length !== docs ||
    data.counts?.length !== terms ||
    data.postings?.length !== (starts === undefined ? terms : 0) ||
    FIELDS.some((f) => data.lengths?.[f]?.length !== docs)
  ) {
    throw new Error("search index is incomplete");
  }
  if (starts !== undefined) {
    const ordered = Array.isArray(starts) && starts[0] === 0 &&
      starts.every((s, k) => Number.isInteger(s) && (k === 0 || s > starts[k - 1]!) && s < terms);
    if (!ordered) throw new Error("search index has invalid postingsChunks");
    if (!options.postingsChunk) {
      throw new Error("search index keeps its postings in chunks and nothing loads them");
    }
  }
  return createIndex(data, options.postingsChunk);
}

/**
 * Scored postings entries (a document and its weighted BM25 sum, 12 bytes each) an index keeps,
 * over all terms and weight sets: about 24 MB. Past it the memo starts over, so a client querying
 * every term of a large knowledge base cannot make an isolate hold the whole index decoded.
 */
export const POSTINGS_CACHE_ENTRIES = 2_000_000;

function createIndex(
  data: SearchIndexData,
  postingsChunk?: (k: number) => Promise<unknown>,
): SearchIndex {
  const { ids, names, lengths, terms: sortedTerms, counts } = data;
  const total = ids.length;
  // The first index of the sorted dictionary at or after `prefix`.
  const lowerBound = (prefix: string): number => {
    let lo = 0;
    let hi = sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedTerms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // Where `term` is in the sorted dictionary, or -1.
  const locate = (term: string): number => {
    const i = lowerBound(term);
    return sortedTerms[i] === term ? i : -1;
  };
  // Whether the dictionary has `term` (typo candidates, abbreviations: asked once per word).
  const has = (term: string) => locate(term) >= 0;
  // `locate` for the terms a query searches: a binary search of string comparisons (16 on
  // tldr's dictionary) asked several times per term and query (its rarity, its postings, its
  // content documents), so the answer is kept per term (bounded; a term longer than any
  // typo-expanded word is located each time rather than kept).
  const positions = queryMemo<number>("index: dictionary positions");
  const find = (term: string): number =>
    term.length > FUZZY_MAX_LENGTH ? locate(term) : remembered(positions, term, locate);
  const chunks = createPostingsReader(data, find, postingsChunk);
  const postingsOf = chunks.postingsOf;
  // Number of documents with `term` in any field (0: not in the dictionary).
  const dfOf = (term: string): number => {
    const i = find(term);
    return i < 0 ? 0 : counts[i]!;
  };
  // What one term contributes under one set of field weights, before IDF: each document's
  // weighted BM25 sum over the fields (bm25f.ts), and the documents whose title or description
  // has it. It depends only on the index and the weights: computed from the postings on the
  // term's first search with those weights and kept (bounded), so a query adds up numbers.
  const scored = new Map<string, Map<string, TermScores>>();
  let scoredEntries = 0;
  let sumScratch: Float64Array | undefined;
  let marks: Uint8Array | undefined;
  const scoresOf = (term: string, weights: FieldWeights, key: string): TermScores | undefined => {
    let found = scored.get(key)?.get(term);
    if (!found) {
      const i = find(term);
      if (i < 0) return undefined;
      const postings = decodePostings(postingsOf(i), FIELDS.length);
      keepContentDocs(term, postings[CONTENT]!.docs);
      const sum = sumScratch ??= new Float64Array(total);
      const docs: number[] = [];
      const head: number[] = [];
      for (let f = 0; f < FIELDS.length; f++) {
        const field = FIELDS[f]!;
        const weight = weights[field];
        const { docs: fieldDocs, tfs } = postings[f]!;
        if (field === "name" || field === "description") {
          const mark = marks ??= new Uint8Array(total);
          for (const n of fieldDocs) {
            if (mark[n] === 0) {
              mark[n] = 1;
              head.push(n);
            }
          }
        }
        if (weight <= 0) continue;
        const norm = normsOf(field);
        for (let j = 0; j < fieldDocs.length; j++) {
          const n = fieldDocs[j]!;
          if (sum[n] === 0) docs.push(n);
          sum[n] = sum[n]! + weight * saturated(tfs[j]!, norm[n]!);
        }
      }
      const values = new Float64Array(docs.length);
      for (let j = 0; j < docs.length; j++) {
        values[j] = sum[docs[j]!]!;
        sum[docs[j]!] = 0;
      }
      for (const n of head) marks![n] = 0;
      found = { docs: Int32Array.from(docs), sums: values, head: Int32Array.from(head) };
      const entries = docs.length + head.length;
      if (scoredEntries + entries > POSTINGS_CACHE_ENTRIES) {
        scored.clear();
        scoredEntries = 0;
      }
      let ofWeights = scored.get(key);
      if (!ofWeights) scored.set(key, ofWeights = new Map());
      ofWeights.set(term, found);
      scoredEntries += entries;
    }
    return found;
  };
  // Each term's documents with it in their content field (sorted), kept from the decoding its
  // scores needed (or decoded for `contentDocs` alone), bounded like the scores.
  const contentDocs = new Map<string, Int32Array>();
  let contentEntries = 0;
  const keepContentDocs = (term: string, docs: readonly number[]): Int32Array => {
    let found = contentDocs.get(term);
    if (!found) {
      if (contentEntries + docs.length > POSTINGS_CACHE_ENTRIES) {
        contentDocs.clear();
        contentEntries = 0;
      }
      contentDocs.set(term, found = Int32Array.from(docs));
      contentEntries += docs.length;
    }
    return found;
  };
  const NO_DOCS = new Int32Array(0);
  const contentDocsOf = (term: string): Int32Array => {
    const docs = contentDocs.get(term);
    if (docs) return docs;
    const i = find(term);
    if (i < 0) return NO_DOCS;
    return keepContentDocs(term, decodePostings(postingsOf(i), FIELDS.length)[CONTENT]!.docs);
  };
  // A prefix's completions depend only on the dictionary: found once per prefix and kept
  // (bounded like the typo variants); "git" on tldr walks a few thousand terms to find them.
  const completionCache = queryMemo<readonly string[]>("index: prefix completions");
  const completions = (prefix: string): readonly string[] =>
    remembered(completionCache, prefix, findCompletions);
  const findCompletions = (prefix: string): string[] => {
    const found: number[] = [];
    for (
      let i = lowerBound(prefix);
      i < sortedTerms.length && sortedTerms[i]!.startsWith(prefix);
      i++
    ) {
      if (sortedTerms[i] !== prefix) found.push(i);
    }
    // Most frequent first; ties in dictionary order (the sort is stable).
    return found.sort((a, b) => counts[b]! - counts[a]!).slice(0, PREFIX_MAX)
      .map((i) => sortedTerms[i]!);
  };
  const idf = (term: string) => inverseDocumentFrequency(dfOf(term) || total, total);
  // The dictionary terms one edit from a query word depend only on this index's dictionary:
  // found once per word (about 72 candidates per letter, the word's own ones stemmed) and kept,
  // up to TYPO_CACHE_MAX words.
  const typoCache = queryMemo<readonly string[]>("index: typo variants");
  const typoVariants = (term: string, word: string): readonly string[] =>
    remembered(typoCache, `${term}\u0000${word}`, () => {
      const set = new Set(editVariants(term, has));
      // Edits of the word before stemming catch typos in a suffix the stemmer would keep.
      for (const v of editVariants(word, (w) => has(stemOnce(w)))) set.add(stemOnce(v));
      return [...set];
    });
  const averages = emptyRecord(() => 0);
  for (const field of FIELDS) {
    averages[field] = lengths[field].reduce((a, b) => a + (b ?? 0), 0) / Math.max(1, total);
  }
  // Each field's length norm per document (bm25f.ts), computed on the field's first search.
  const norms: Partial<Record<Field, Float64Array>> = {};
  const normsOf = (field: Field): Float64Array => {
    let found = norms[field];
    if (!found) {
      found = new Float64Array(total);
      const fieldLengths = lengths[field];
      const b = LENGTH_NORMALIZATION[field];
      for (let n = 0; n < total; n++) {
        found[n] = lengthNorm(fieldLengths[n] ?? 0, averages[field], b);
      }
      norms[field] = found;
    }
    return found;
  };
  // Each document's names as term lists, split on the document's first exact-name check.
  const nameTerms: string[][][] = [];
  const nameTermsOf = (n: number): string[][] =>
    nameTerms[n] ??= names[n]!.split("\n").map((name) => (name === "" ? [] : name.split(" ")));
  // The exact-name rule's first test: a name can be the query only when it has as many terms,
  // so most hits are ruled out without splitting their names (a four-word query on 50,000
  // documents matches about 20,000). Per document, kept side by side from its first check: the
  // title's term count (its name field's length) and the file name's, counted in `names`, each
  // plus one so that 0 is "not counted yet" (255 for a long or missing name, which no query's
  // length matches).
  const titleLengths = lengths.name;
  let nameLengths: Uint8Array | undefined;
  const mayBeNamed = (n: number, wanted: number): boolean => {
    const counts = nameLengths ??= new Uint8Array(2 * total);
    if (counts[2 * n] === 0) {
      counts[2 * n] = Math.min(254, titleLengths[n] ?? 0) + 1;
      const text = names[n]!;
      const cut = text.indexOf("\n");
      let terms = cut < 0 ? 255 : 2;
      for (let i = cut + 1; cut >= 0 && i < text.length && terms < 255; i++) {
        if (text.charCodeAt(i) === 0x20) terms++;
      }
      counts[2 * n + 1] = terms;
    }
    return counts[2 * n] === wanted + 1 || counts[2 * n + 1] === wanted + 1;
  };
  // Index terms within two edits of `term` sharing its first letter (see `suggest`).
  const suggestions = queryMemo<readonly string[]>("index: suggestions");
  const closeTerms = (term: string, max: number): string[] => {
    // Terms sharing the first letter are one contiguous run of the sorted dictionary.
    const lo = lowerBound(term[0]!);
    const found: { t: string; d: number; df: number }[] = [];
    for (let i = lo; i < sortedTerms.length && sortedTerms[i]![0] === term[0]; i++) {
      const t = sortedTerms[i]!;
      const d = editDistance(term, t, 2);
      if (d <= 2 && t !== term) found.push({ t, d, df: counts[i]! });
    }
    return found.sort((a, b) => a.d - b.d || b.df - a.df).slice(0, max).map((x) => x.t);
  };
  let scratch:
    | {
      best: Float64Array;
      exact: Uint8Array;
      score: Float64Array;
      matched: Uint16Array;
      coverage: Float32Array;
      headTerm: Uint8Array;
      headWords: Uint8Array;
    }
    | undefined;
  return {
    analyzer: ANALYZER_ID,
    contentHash: data.contentHash,
    ids,
    plan(query) {
      const words = new Map<string, string>();
      for (const { word, term } of analyzeWords(query)) if (!words.has(term)) words.set(term, word);
      const terms = [...words.keys()].slice(0, 32);
      const expansions = new Map<string, Map<string, number>>();
      let budget = FUZZY_BUDGET;
      for (const term of terms) {
        const matches = new Map<string, number>();
        const known = dfOf(term);
        if (known > 0) matches.set(term, 1);
        // Typos: one edit, for words long enough that an edit keeps them recognizable, and
        // only when the word as typed is unknown or rare (a common word was meant as typed).
        // Long words get none: no dictionary term is near them, and the work grows with n².
        const fuzzy = term.length <= FUZZY_MAX_LENGTH &&
          (term.length >= 4 || (term.length === 3 && known === 0));
        if (known < FUZZY_MAX_DF && fuzzy && term.length <= budget) {
          budget -= term.length;
          const add = (t: string) => {
            if (t !== term && !matches.has(t)) matches.set(t, FUZZY_FACTOR);
          };
          for (const v of typoVariants(term, words.get(term)!)) add(v);
        }
        // Prefixes: "mac" finds "macos", "config" finds "configur".
        if (term.length >= 3) {
          for (const t of completions(term)) {
            // One extra letter is usually the same word under another Porter stem
            // (autonomous → "autonom", autonomy → "autonomi"): weigh it nearly as exact.
            if (!matches.has(t)) matches.set(t, t.length - term.length === 1 ? 0.8 : PREFIX_FACTOR);
          }
        }
        // Abbreviations, the other way round: "specif" (specifications) finds "spec",
        // "configur" finds "config", "repositori" finds "repo" — dictionary terms that are the
        // query word's first half or more (at least ABBREVIATION_MIN letters), at prefix weight.
        // Bounded like typos: a 1,000-letter "word" is no abbreviation's long form.
        if (term.length >= 6 && term.length <= FUZZY_MAX_LENGTH) {
          const from = Math.max(ABBREVIATION_MIN, Math.ceil(term.length / 2));
          for (let len = from; len < term.length - 1; len++) {
            const head = term.slice(0, len);
            if (has(head) && !matches.has(head)) matches.set(head, PREFIX_FACTOR);
          }
        }
        expansions.set(term, matches);
      }
      const unmatched = terms.filter((t) => expansions.get(t)!.size === 0)
        .map((term) => ({ word: words.get(term)!, term }));
      const wordCount = terms.length;
      // Identifiers typed whole (`pg_class`, `deno.json`, `open(2)`) count as one more exact
      // term when a document has them whole: those documents match every term and outrank the
      // ones that only have the parts. An identifier no document has adds nothing.
      for (const id of identifiersOf(query)) {
        if (terms.length < 40 && has(id) && !expansions.has(id)) {
          terms.push(id);
          expansions.set(id, new Map([[id, 1]]));
        }
      }
      return { terms, words: wordCount, expansions, unmatched };
    },
    contentDocs: contentDocsOf,
    suggest(term, max) {
      if (term.length < 3 || term.length > FUZZY_MAX_LENGTH) return [];
      // Suggestions depend only on the dictionary: found once per word and kept (bounded).
      return [
        ...remembered(
          suggestions,
          `${term}\u0000${max}`,
          () => closeTerms(term, max),
        ),
      ];
    },
    search(plan, { weights, filter, limit }) {
      // Scratch arrays indexed by document number, reused by every query of this index (search
      // is synchronous) and cleared through the lists of touched entries: no per-query maps.
      const buf = scratch ??= {
        best: new Float64Array(total),
        exact: new Uint8Array(total),
        score: new Float64Array(total),
        matched: new Uint16Array(total),
        coverage: new Float32Array(total),
        headTerm: new Uint8Array(total),
        headWords: new Uint8Array(total),
      };
      const headDocs: number[] = [];
      const docsTouched: number[] = [];
      const weightsKey = FIELDS.map((f) => weights[f]).join(",");
      plan.terms.forEach((term, termNumber) => {
        const termTouched: number[] = [];
        const headTouched: number[] = [];
        const isWord = termNumber < plan.words;
        const exactIdf = find(term) >= 0 ? idf(term) : Infinity;
        for (const [t, factor] of plan.expansions.get(term) ?? []) {
          const scores = scoresOf(t, weights, weightsKey);
          if (!scores) continue;
          if (isWord) {
            for (const n of scores.head) {
              if (buf.headTerm[n] === 0 && !(filter && !filter(n))) {
                buf.headTerm[n] = 1;
                headTouched.push(n);
              }
            }
          }
          // A rare near-miss must not outweigh the word the user actually typed.
          const termIdf = Math.min(idf(t), exactIdf) * factor;
          const { docs, sums } = scores;
          for (let i = 0; i < docs.length; i++) {
            const n = docs[i]!;
            if (filter && !filter(n)) continue;
            const v = sums[i]! * termIdf;
            if (buf.best[n] === 0) termTouched.push(n);
            if (buf.best[n]! < v) buf.best[n] = v;
            if (factor === 1) buf.exact[n] = 1;
          }
        }
        for (const n of termTouched) {
          if (buf.matched[n] === 0) docsTouched.push(n);
          buf.score[n] = buf.score[n]! + buf.best[n]!;
          buf.matched[n] = buf.matched[n]! + 1;
          buf.coverage[n] = buf.coverage[n]! + (buf.exact[n] === 1 ? 1 : 0.5);
          buf.best[n] = 0;
          buf.exact[n] = 0;
        }
        for (const n of headTouched) {
          if (buf.headWords[n] === 0) headDocs.push(n);
          buf.headWords[n] = buf.headWords[n]! + 1;
          buf.headTerm[n] = 0;
        }
      });
      const wanted = plan.terms.length;
      // The exact-name rule: a document whose whole title is the query (term by term, typos and
      // prefixes allowed) is what the user is looking for: ×2 when exact, less when approximate;
      // a file name (`chmod`, `page-bundles`) that is the query counts half as much. A name that
      // is the query exactly (no typo or prefix) also comes first (`liftExactNames` below).
      const nameRule = (hit: SearchHit): SearchHit => {
        if (!mayBeNamed(hit.doc, wanted)) return hit;
        let bonus = 1;
        const docNames = nameTermsOf(hit.doc);
        for (let which = 0; which < docNames.length; which++) {
          const name = docNames[which]!;
          if (name.length !== wanted) continue;
          let factor = 1;
          for (let i = 0; i < wanted && factor > 0; i++) {
            factor *= plan.expansions.get(plan.terms[i]!)?.get(name[i]!) ?? 0;
          }
          if (factor === 1) hit.exactName = true;
          if (factor > 0) bonus = Math.max(bonus, 1 + (which === 0 ? 1 : FILE_NAME_SHARE) * factor);
        }
        hit.score *= bonus;
        return hit;
      };
      const hits: SearchHit[] = [];
      for (const n of docsTouched) {
        const matched = buf.matched[n]!;
        const coverage = buf.coverage[n]!;
        const raw = buf.score[n]!;
        buf.score[n] = 0;
        buf.matched[n] = 0;
        buf.coverage[n] = 0;
        // Queries of three or more words need at least half of them (typo and prefix matches
        // count half): one stray word in common is not a result.
        if (wanted >= 3 && coverage * 2 < wanted) continue;
        // OR semantics, scaled by how many query terms matched; then the exact-name rule.
        const headWords = buf.headWords[n]!;
        hits.push(
          nameRule({ doc: n, id: ids[n]!, score: raw * (matched / wanted), matched, headWords }),
        );
      }
      for (const n of headDocs) buf.headWords[n] = 0;
      liftExactNames(hits);
      return topHits(hits, limit);
    },
    loadPostings: chunks.load,
    async export() {
      if (!data.postingsChunks) return data;
      await chunks.loadAll();
      const { postingsChunks: _, ...rest } = data;
      return { ...rest, postings: sortedTerms.map((_, i) => postingsOf(i)) };
    },
  };
}

/** Reading postings: from the index data, or from chunks imported on first need. */
function createPostingsReader(
  data: SearchIndexData,
  find: (term: string) => number,
  postingsChunk: ((k: number) => Promise<unknown>) | undefined,
) {
  const starts = data.postingsChunks;
  if (starts === undefined || !postingsChunk) {
    return {
      postingsOf: (i: number) => data.postings[i]!,
      load: (_terms: Iterable<string>) => LOADED,
      loadAll: () => LOADED,
    };
  }
  const chunkOf = (i: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const size = (k: number) => (starts[k + 1] ?? data.terms.length) - starts[k]!;
  const chunks = createChunkLoader(starts.length, postingsChunk, (chunk, k) => {
    if (!Array.isArray(chunk) || chunk.length !== size(k)) {
      throw new TypeError(`postings chunk ${k} is not ${size(k)} postings`);
    }
    return chunk as string[];
  });
  return {
    postingsOf(i: number): string {
      const k = chunkOf(i);
      const chunk = chunks.get(k);
      if (!chunk) throw new Error(`postings of ${data.terms[i]} read before loadPostings`);
      return chunk[i - starts[k]!]!;
    },
    load(terms: Iterable<string>): Promise<void> {
      const wanted: number[] = [];
      for (const term of terms) {
        const i = find(term);
        if (i >= 0) wanted.push(chunkOf(i));
      }
      return chunks.load(wanted);
    },
    loadAll: () => chunks.load(starts.keys()),
  };
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
 * import { liftExactNames } from "./search_index.ts";
 * const hits = [
 *   { doc: 0, id: "a", score: 5, matched: 1 },
 *   { doc: 1, id: "b", score: 2, matched: 1, exactName: true as const },
 *   { doc: 2, id: "c", score: 1, matched: 1, exactName: true as const },
 * ];
 * liftExactNames(hits);
 * assert.ok(hits[2]!.score > hits[0]!.score && hits[1]!.score > hits[2]!.score);
 * assert.ok(hits[1]!.score < 6.01);
 * ```
 */
export function liftExactNames(hits: SearchHit[]): void {
  let bestOther = 0;
  let lowestExact = Infinity;
  for (const h of hits) {
    if (h.exactName) lowestExact = Math.min(lowestExact, h.score);
    else bestOther = Math.max(bestOther, h.score);
  }
  const lift = bestOther - lowestExact + bestOther * 1e-6;
  if (lowestExact === Infinity || !(lift > 0)) return;
  for (const h of hits) if (h.exactName) h.score += lift;
}

function emptyRecord<T>(make: () => T): Record<Field, T> {
  return Object.fromEntries(FIELDS.map((f) => [f, make()])) as Record<Field, T>;
}

const byScore = (a: SearchHit, b: SearchHit) => b.score - a.score || a.doc - b.doc;

/**
 * Orders hits best first. With a `limit` far below the hit count, only the top of the list is
 * sorted: the `limit`-th best score is found without sorting (`kthLargest`), then the hits at or
 * above it (ties kept, so tie-breaking later stays correct) are sorted and the rest appended.
 */
function topHits(hits: SearchHit[], limit: number | undefined): SearchHit[] {
  if (limit === undefined || hits.length <= limit * 4) return hits.sort(byScore);
  const scores = new Float64Array(hits.length);
  for (let i = 0; i < hits.length; i++) scores[i] = hits[i]!.score;
  const cut = kthLargest(scores, limit);
  const top: SearchHit[] = [];
  const rest: SearchHit[] = [];
  for (const h of hits) (h.score >= cut ? top : rest).push(h);
  return top.sort(byScore).concat(rest);
}
