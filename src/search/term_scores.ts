/**
 * What each term contributes to each document's score (BM25F over the fields, `bm25f.ts`),
 * computed from its postings on the term's first search under a set of field weights and kept
 * (bounded), so a query adds up numbers; and which documents hold a term in their content.
 *
 * @module
 */
import { LENGTH_NORMALIZATION, lengthNorm, saturated } from "./bm25f.ts";
import {
  CONTENT,
  type Field,
  fieldRecord,
  FIELDS,
  fieldWeight,
  type FieldWeights,
} from "./index_fields.ts";
import { decodePostings, type FieldPostings } from "./postings.ts";

/**
 * Most heap bytes an index keeps of its terms' scores (their typed arrays, as {@link scoresBytes}
 * counts them); past it the memo starts over. Each new question mostly asks terms no question
 * asked before: 2 million entries (about 24 MB) kept 14 MB after 1,000 different questions on the
 * reference shelf (30,638 pages), for no measured gain over this bound (2026-11-28).
 */
export const SCORES_BYTES = 6 * 1024 * 1024;

/** Most heap bytes an index keeps of its terms' content documents (4 bytes a document). */
export const CONTENT_DOCS_BYTES = 2 * 1024 * 1024;

/** What one kept typed array costs beyond its elements (its object and buffer). */
const TYPED_ARRAY_BYTES = 128;

/**
 * Heap bytes of one term's kept scores.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoresBytes } from "./term_scores.ts";
 * const scores = { docs: new Int32Array(10), sums: new Float64Array(10), head: new Int32Array(2) };
 * assert.equal(scoresBytes("deploi", scores), 64 + 12 + 3 * 128 + 40 + 80 + 8);
 * ```
 */
export function scoresBytes(term: string, scores: TermScores): number {
  return 64 + 2 * term.length + 3 * TYPED_ARRAY_BYTES + scores.docs.byteLength +
    scores.sums.byteLength + scores.head.byteLength;
}

/** One term's share of every document that has it, under one set of field weights. */
export interface TermScores {
  /**
   * Documents with the term in a weighted field (under a scope, those of the scope only), in
   * the order the fields list them.
   */
  docs: Int32Array;
  /** Each one's weighted BM25 sum over the fields (before IDF). */
  sums: Float64Array;
  /** Documents with the term in their title or description, whatever the weights. */
  head: Int32Array;
}

/** What {@link createTermScores} reads. */
export interface TermScoresInput {
  /** Documents in the index. */
  total: number;
  /**
   * How many of them, from the first, are pages: the whole index's statistics (average field
   * lengths) are theirs; the parts after them (`part_rule.ts`) are scored only within a scope.
   * Default: every document.
   */
  pages?: number;
  /** Each field's length (in terms) per document. */
  lengths: Readonly<Record<Field, ArrayLike<number | null>>>;
  /** A term's position in the dictionary, or -1. */
  find: (term: string) => number;
  /** The encoded postings at a dictionary position. */
  postingsOf: (i: number) => string;
  /**
   * Each field's sum of the pages' lengths, when known (an index keeping its lengths in ranges
   * has not read them all): else summed from `lengths`. Integers, exact in any order: the
   * averages are the same.
   */
  pageSums?: Readonly<Record<Field, number>>;
  /**
   * The most documents one query may score (`query_budget.ts`): the decoded postings kept hold
   * a query's terms whatever their size ({@link decodedBound}). Default: none.
   */
  queryDocs?: number;
  /** Bounds in heap bytes of what the scorer keeps (defaults: the constants named after them). */
  maxBytes?: Partial<TermScoresHeld>;
}

/** Heap bytes a scorer keeps now, per memo, as it counts them (see {@link TermScorer.held}). */
export interface TermScoresHeld {
  /** Terms' scores ({@link SCORES_BYTES}). */
  scores: number;
  /** Terms' content documents ({@link CONTENT_DOCS_BYTES}). */
  contentDocs: number;
  /** Length norms of every scope ({@link NORMS_BYTES}). */
  norms: number;
  /** Decoded postings ({@link decodedBound}). */
  decoded: number;
}

/**
 * The documents a search is narrowed to (a source, a category), when their own statistics
 * should score it: field lengths are then normalized by these documents' averages.
 */
export interface StatsScope {
  /** Names the set (`source=docs`): what the scope's numbers are kept under. */
  key: string;
  has(n: number): boolean;
  /** How many documents it holds. */
  size: number;
  /** Each field's sum of its documents' lengths, when known: else summed from the lengths. */
  sums?: Readonly<Record<Field, number>>;
}

/** See {@link createTermScores}. */
export interface TermScorer {
  /**
   * The term's scores under `weights` (`key` names the weights), or `undefined` for a term the
   * dictionary does not have; within `scope`, lengths count against the scope's averages.
   */
  scoresOf(
    term: string,
    weights: FieldWeights,
    key: string,
    scope?: StatsScope,
  ): TermScores | undefined;
  /** The documents whose content holds `term`, ascending (shared, not to be changed). */
  contentDocsOf(term: string): Int32Array;
  /**
   * `term`'s decoded postings, per field (kept for its scores), or `undefined` for a term the
   * dictionary does not have: the documents a search of it scores, before their lengths are read.
   */
  postingsOf(term: string): FieldPostings[] | undefined;
  /** What the scorer keeps now, in bytes: each within its bound (but for one entry past it). */
  held(): TermScoresHeld;
}

const NO_DOCS = new Int32Array(0);

/** Most scopes whose length norms an index keeps at once (each: a number per field and document). */
export const SCOPES_KEPT = 16;

/**
 * Most heap bytes of length norms an index keeps over all scopes (8 bytes a document per field
 * and scope: 4.3 MB a scope on the reference shelf's 89,538 documents); past it a field's norms
 * are computed at each posting (a division each) and not kept. (Dropping every table instead, as
 * before, made a search of pages then of their parts on that shelf drop and make its tables again
 * at every question: 869 tables of 716 KB in 300 questions, 2026-11-28.)
 */
export const NORMS_BYTES = 8 * 1024 * 1024;

/**
 * Bytes of decoded postings an index keeps at least ({@link decodedBound}): a term's postings are
 * decoded when a search first reads its documents' stats, and read again for its scores, its
 * titles (the exact-name rule's candidates) and another scope's scores (a search of pages, then
 * of their parts: `part_rule.ts`). The least recently read go first.
 */
export const DECODED_BYTES = 2 * 1024 * 1024;

/** Heap bytes of one term's decoded postings, as {@link decodedBound} counts them. */
const decodedBytes = (term: string, fields: readonly FieldPostings[]) =>
  fields.reduce((n, f) => n + 32 + 16 * f.docs.length, 64 + 2 * term.length);

/**
 * The bytes of decoded postings a scorer keeps: {@link DECODED_BYTES}, or, when more, what one
 * query's terms may hold — `queryDocs` documents (`query_budget.ts`: 2 a page), at 16 bytes a
 * posting and two postings a document (a term in a page's title is often in its body too) — so
 * that a query of common words on a large shelf decodes each of its terms once, not at each read
 * of it (on 100,000 generated pages that was 118 ms of CPU a question, 2026-11-28).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECODED_BYTES, decodedBound } from "./term_scores.ts";
 * assert.equal(decodedBound(undefined), DECODED_BYTES);
 * assert.equal(decodedBound(200_000), 6_400_000);
 * ```
 */
export function decodedBound(queryDocs: number | undefined): number {
  return Math.max(DECODED_BYTES, 2 * 16 * (queryDocs ?? 0));
}

/**
 * Term scores over one index's postings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTermScores } from "./term_scores.ts";
 * import { encodePostings } from "./postings.ts";
 * // One term in document 0's title and document 1's content (fields: name, keywords,
 * // description, content, links, headings).
 * const postings = [encodePostings([[0, 1], [], [], [1, 2], [], []])];
 * const scorer = createTermScores({
 *   total: 2,
 *   lengths: { name: [1, 1], keywords: [0, 0], description: [0, 0], content: [5, 5], links: [0, 0],
 *     headings: [0, 0] },
 *   find: (t) => (t === "deploi" ? 0 : -1),
 *   postingsOf: (i) => postings[i]!,
 * });
 * const s = scorer.scoresOf("deploi", { name: 3, keywords: 2, description: 1, content: 1 }, "k")!;
 * assert.deepEqual([...s.docs], [0, 1]);
 * assert.ok(s.sums[0]! > s.sums[1]!);
 * assert.deepEqual([...s.head], [0]);
 * assert.deepEqual([...scorer.contentDocsOf("deploi")], [1]);
 * assert.equal(scorer.scoresOf("nope", { name: 1, keywords: 1, description: 1, content: 1 }, "k"), undefined);
 * ```
 */
export function createTermScores(input: TermScoresInput): TermScorer {
  const { total, lengths, find, postingsOf } = input;
  const pages = input.pages ?? total;
  const bound: TermScoresHeld = {
    scores: input.maxBytes?.scores ?? SCORES_BYTES,
    contentDocs: input.maxBytes?.contentDocs ?? CONTENT_DOCS_BYTES,
    norms: input.maxBytes?.norms ?? NORMS_BYTES,
    decoded: input.maxBytes?.decoded ?? decodedBound(input.queryDocs),
  };
  const norms = createNorms(input, pages, bound.norms);
  const { normsOf } = norms;
  // Each term's documents with it in their content field (sorted), kept from the decoding its
  // scores needed (or decoded for `contentDocsOf` alone), bounded like the scores.
  const contentDocs = new Map<string, Int32Array>();
  let contentBytes = 0;
  const keepContentDocs = (term: string, docs: Int32Array): Int32Array => {
    let found = contentDocs.get(term);
    if (!found) {
      // A copy: `docs` is a view of its term's decoded postings, which are not kept as long.
      found = docs.slice();
      const bytes = 64 + 2 * term.length + TYPED_ARRAY_BYTES + found.byteLength;
      if (contentBytes + bytes > bound.contentDocs) {
        contentDocs.clear();
        contentBytes = 0;
      }
      contentDocs.set(term, found);
      contentBytes += bytes;
    }
    return found;
  };
  const scored = new Map<string, Map<string, TermScores>>();
  let scoredBytes = 0;
  // The last terms' decoded postings (least recently read first), for the next read of them.
  const decoded = new Map<string, FieldPostings[]>();
  let decodedHeld = 0;
  const postingsOfTerm = (term: string, i: number): FieldPostings[] => {
    let found = decoded.get(term);
    if (found) {
      decoded.delete(term);
      decoded.set(term, found);
      return found;
    }
    found = decodePostings(postingsOf(i), FIELDS.length);
    const bytes = decodedBytes(term, found);
    if (bytes > bound.decoded) return found;
    for (const [old, fields] of decoded) {
      if (decodedHeld + bytes <= bound.decoded) break;
      decoded.delete(old);
      decodedHeld -= decodedBytes(old, fields);
    }
    decoded.set(term, found);
    decodedHeld += bytes;
    return found;
  };
  let sumScratch: Float64Array | undefined;
  let docsScratch: Int32Array | undefined;
  let headScratch: Int32Array | undefined;
  let marks: Uint8Array | undefined;
  return {
    held: () => ({
      scores: scoredBytes,
      contentDocs: contentBytes,
      norms: norms.bytes(),
      decoded: decodedHeld,
    }),
    scoresOf(term, weights, weightsKey, scope) {
      const key = scope ? `${weightsKey}|${scope.key}` : weightsKey;
      let found = scored.get(key)?.get(term);
      if (!found) {
        const i = find(term);
        if (i < 0) return undefined;
        const postings = postingsOfTerm(term, i);
        keepContentDocs(term, postings[CONTENT]!.docs);
        const sum = sumScratch ??= new Float64Array(total);
        // Each document at most once per list (`sum` and `mark` say whether it is in yet).
        const docs = docsScratch ??= new Int32Array(total);
        const head = headScratch ??= new Int32Array(total);
        let docCount = 0;
        let headCount = 0;
        for (let f = 0; f < FIELDS.length; f++) {
          const field = FIELDS[f]!;
          const weight = fieldWeight(weights, field);
          const { docs: fieldDocs, tfs } = postings[f]!;
          if (field === "name" || field === "description") {
            headCount = markNew(fieldDocs, marks ??= new Uint8Array(total), head, headCount);
          }
          if (weight <= 0 || fieldDocs.length === 0) continue;
          const { table, average } = normsOf(field, scope);
          const scoring = {
            weight,
            b: LENGTH_NORMALIZATION[field],
            average,
            lengths: lengths[field],
          };
          docCount = addField(fieldDocs, tfs, scoring, table, scope ?? pages, sum, docs, docCount);
        }
        const values = new Float64Array(docCount);
        for (let j = 0; j < docCount; j++) {
          values[j] = sum[docs[j]!]!;
          sum[docs[j]!] = 0;
        }
        for (let j = 0; j < headCount; j++) marks![head[j]!] = 0;
        found = { docs: docs.slice(0, docCount), sums: values, head: head.slice(0, headCount) };
        const bytes = scoresBytes(term, found);
        if (scoredBytes + bytes > bound.scores) {
          scored.clear();
          scoredBytes = 0;
        }
        let ofWeights = scored.get(key);
        if (!ofWeights) scored.set(key, ofWeights = new Map());
        ofWeights.set(term, found);
        scoredBytes += bytes;
      }
      return found;
    },
    postingsOf(term) {
      const i = find(term);
      return i < 0 ? undefined : postingsOfTerm(term, i);
    },
    contentDocsOf(term) {
      const docs = contentDocs.get(term);
      if (docs) return docs;
      const i = find(term);
      if (i < 0) return NO_DOCS;
      return keepContentDocs(term, postingsOfTerm(term, i)[CONTENT]!.docs);
    },
  };
}

/** One field's share of a term's scores: its weight, length normalization and lengths. */
interface FieldScoring {
  weight: number;
  b: number;
  average: number;
  lengths: ArrayLike<number | null>;
}

/**
 * Adds one field's postings (`fieldDocs`, `tfs`) to `sum`, listing in `docs` (from `docCount`)
 * each document added for the first time; the new count. Only documents of `scope` are scored,
 * or, with a number, the documents before it (the pages). `table` keeps each document's length
 * norm once computed (0: not yet). A function of its own, called for each field of each term: a
 * cold isolate's first search optimizes it once (a loop inlined in `scoresOf` was compiled again
 * for each of its loops, and thrown away as each new path ran).
 */
function addField(
  fieldDocs: Int32Array,
  tfs: Int32Array,
  { weight, b, average, lengths }: FieldScoring,
  table: Float64Array | undefined,
  scope: StatsScope | number,
  sum: Float64Array,
  docs: Int32Array,
  docCount: number,
): number {
  const pages = typeof scope === "number" ? scope : 0;
  const within = typeof scope === "number" ? undefined : scope;
  for (let j = 0; j < fieldDocs.length; j++) {
    const n = fieldDocs[j]!;
    // A scoped search accepts only documents of its scope, another only pages (parts are
    // scored only within a scope: `pages`): the others are not scored.
    if (within ? !within.has(n) : n >= pages) continue;
    if (sum[n] === 0) docs[docCount++] = n;
    // (0: not computed yet; a norm of 0, b = 1 on an empty field, is computed again.)
    let norm = table ? table[n]! : 0;
    if (norm === 0) {
      norm = lengthNorm(lengths[n] ?? 0, average, b);
      if (table) table[n] = norm;
    }
    sum[n] = sum[n]! + weight * saturated(tfs[j]!, norm);
  }
  return docCount;
}

/** Lists in `list` (from `count`) each of `docs` not marked in `mark`, and marks it; the new count. */
function markNew(docs: Int32Array, mark: Uint8Array, list: Int32Array, count: number): number {
  for (let j = 0; j < docs.length; j++) {
    const n = docs[j]!;
    if (mark[n] === 0) {
      mark[n] = 1;
      list[count++] = n;
    }
  }
  return count;
}

/**
 * Each field's length norm per document (`bm25f.ts`), per scope (a scope's own averages), with
 * the bytes its tables hold: `createTermScores`' tables, bounded by `maxBytes` over all scopes.
 */
function createNorms(input: TermScoresInput, pages: number, maxBytes: number) {
  const { total, lengths } = input;
  // Each field's average length over the whole index's pages, or over a scope's documents.
  const averagesOf = (scope?: StatsScope): Record<Field, number> => {
    const averages = fieldRecord(() => 0);
    const members = scope ? scope.size : pages;
    const known = scope ? scope.sums : input.pageSums;
    const sums = fieldRecord(() => 0);
    if (known) { for (const field of FIELDS) sums[field] = known[field]; }
    else if (!scope) {
      for (const field of FIELDS) {
        const fieldLengths = lengths[field];
        let sum = 0;
        for (let n = 0; n < pages; n++) sum += fieldLengths[n] ?? 0;
        sums[field] = sum;
      }
    } else {
      // Each document tested once (a scope's test may cost more than the lengths it sums).
      for (let n = 0; n < total; n++) {
        if (!scope.has(n)) continue;
        for (const field of FIELDS) sums[field] += lengths[field][n] ?? 0;
      }
    }
    for (const field of FIELDS) averages[field] = sums[field] / Math.max(1, members);
    return averages;
  };
  // Each field's length norm per document (bm25f.ts), per scope (a scope's own averages): 0 until
  // a term's postings first need it, then kept. Made for every document on a field's first
  // search, they cost a large shelf's cold isolate more than its search; computed at each
  // posting, more than a table on a small one.
  const norms = new Map<
    string,
    { averages: Record<Field, number>; of: Map<Field, Float64Array> }
  >();
  let normsBytes = 0;
  const normsOf = (field: Field, scope?: StatsScope) => {
    const scopeKey = scope?.key ?? "";
    let ofScope = norms.get(scopeKey);
    if (!ofScope) {
      if (norms.size >= SCOPES_KEPT) {
        norms.clear();
        normsBytes = 0;
      }
      norms.set(scopeKey, ofScope = { averages: averagesOf(scope), of: new Map() });
    }
    let table = ofScope.of.get(field);
    // Past the bound, none (see NORMS_BYTES): the tables kept stay.
    if (!table && normsBytes + 8 * total <= maxBytes) {
      table = new Float64Array(total);
      ofScope.of.set(field, table);
      normsBytes += table.byteLength;
    }
    return { table, average: ofScope.averages[field] };
  };
  return { normsOf, bytes: () => normsBytes };
}
