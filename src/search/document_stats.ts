/**
 * An index's per-document data as its searches read it: field lengths, inbound counts and names
 * by document number — the index data's own, or, for an index keeping them in ranges
 * (`document_ranges.ts`), read range by range for the documents a search touches.
 *
 * The lengths and inbound counts are full-size typed arrays, filled as ranges are read and kept:
 * they take 4 bytes a number whatever is read into them (2.5 MB on a 89,538-document shelf), so
 * forgetting a range would free nothing. The names are kept too, as read (2.7 MB on a 30,502-page
 * shelf with its 59,000 parts, if every range is read): the exact-name rule reads those of the
 * pages of most searches, which an isolate reads in the background from its second search on
 * ({@link DocumentStats.loadRest}), so that a search waits for no round of them once its postings
 * are read.
 *
 * @module
 */
import { createChunkLoader, LOADED } from "../content/chunk_loader.ts";
import { documentNumbers, isDocumentNumbers } from "./document_numbers.ts";
import type { DocumentSums, StatsRange } from "./document_ranges.ts";
import { type Field, fieldRecord, FIELDS } from "./index_fields.ts";
import type { SearchIndexData } from "./search_index.ts";

/** What {@link DocumentStats.load} reads. */
/**
 * Name ranges {@link DocumentStats.loadRest} reads at a call (one a search): the 218 of a
 * 30,502-page shelf's pages read at once made its second search fetch 238 shards and spend about
 * 100 ms more CPU than the others (in one process, 2-core VM, 2026-11-28); 24 at a time spread
 * them over its next ten searches.
 */
export const NAME_RANGES_A_CALL = 24;

export interface StatsWanted {
  /** Lists of documents whose stats are read. */
  docs?: readonly ArrayLike<number>[];
  /** Sets of documents (by a test of every document) whose stats are read. */
  members?: readonly ((doc: number) => boolean)[];
  /**
   * A query's term count: the names of the documents whose file name has as many terms (of
   * `docs`) or whose title has (of `titled`) are read too: the exact-name rule's candidates
   * (`ranking_rules.ts`).
   */
  nameTerms?: number;
  /**
   * The hashes (`termHash`) of the expansions of the query's first term: only a file name whose
   * first term has one of them may be the query (`fileNameHead`). Default: any.
   */
  heads?: ReadonlySet<number>;
  /**
   * The documents whose title may be the query: those with an expansion of each of its terms in
   * their title (the `name` field). Default: none.
   */
  titled?: Iterable<number>;
  /** Whether the names of parts are read too (only a search of parts reads them). Default: true. */
  parts?: boolean;
}

/** See {@link createDocumentStats}. */
export interface DocumentStats {
  /** Whether the data is read in ranges (else everything is there already). */
  readonly ranged: boolean;
  /** Each field's length by document (0 for a document not read yet). */
  readonly lengths: Readonly<Record<Field, Uint32Array>>;
  /** Inbound link counts by document (0 for a document not read yet). */
  readonly inbound: Uint32Array;
  /** Each document's file name's term count, when the ranges give them (0: none, or not read). */
  readonly fileNames: Uint32Array | undefined;
  /** The most inbound links of any document. */
  readonly mostInbound: number;
  /**
   * The pages' and the parts' length sums and most inbound links, when the data is in ranges
   * (else they are counted from the lengths when a search first needs them).
   */
  readonly known: { pages: DocumentSums; parts: DocumentSums } | undefined;
  /**
   * A document's names (`SearchIndexData.names`); `undefined` when they are not read, which
   * {@link load} makes sure only of documents no name of which can be the query.
   */
  nameOf(doc: number): string | undefined;
  /** Reads what `wanted` needs and is not read yet; a failed read rejects and is tried again. */
  load(wanted: StatsWanted): Promise<void>;
  /** Reads everything (for `SearchIndex.export`). */
  loadAll(): Promise<void>;
  /**
   * Reads every stats range not read yet: what an isolate's first search reads with its
   * dictionary ranges and postings (`SearchIndex.readPlan`), in one round with them, not after.
   */
  loadStats(): Promise<void>;
  /**
   * Reads every stats range not read yet and the next {@link NAME_RANGES_A_CALL} name ranges of
   * the pages not read yet (not the parts' names, which only a search of parts reads): a small
   * part of the index (about 0.5 MB and 1.2 MB on a 30,000-page shelf), kept once read, so that
   * later searches wait for none.
   */
  loadRest(): Promise<void>;
  /** The data as lists, once {@link loadAll} has read it (for `SearchIndex.export`). */
  plain(): Pick<SearchIndexData, "names" | "lengths" | "inbound">;
}

/** Reads one stats or name range. */
export type RangeRead = (k: number) => Promise<unknown>;

/** The places of `marks` that are marked. */
function marked(marks: Uint8Array): number[] {
  const places: number[] = [];
  for (let k = 0; k < marks.length; k++) if (marks[k] === 1) places.push(k);
  return places;
}

/** The data of an index holding it whole. */
function wholeStats(data: SearchIndexData): DocumentStats {
  const lengths = fieldRecord<Uint32Array>(() => new Uint32Array(0));
  for (const field of FIELDS) lengths[field] = documentNumbers(data.lengths[field]);
  const inbound = documentNumbers(data.inbound);
  const { names } = data;
  let mostInbound = 0;
  for (let n = 0; n < inbound.length; n++) mostInbound = Math.max(mostInbound, inbound[n]!);
  return {
    ranged: false,
    lengths,
    inbound,
    fileNames: undefined,
    mostInbound,
    known: undefined,
    nameOf: (n) => names[n]!,
    load: () => LOADED,
    loadStats: () => LOADED,
    loadAll: () => LOADED,
    loadRest: () => LOADED,
    plain: () => ({ names: data.names, lengths: data.lengths, inbound: data.inbound }),
  };
}

/**
 * The per-document data of index `data`: its own, or read with `statsRange` and `namesRange` when
 * `data.documentRanges` says it is in ranges.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createDocumentStats } from "./document_stats.ts";
 * import { splitDocuments } from "./document_ranges.ts";
 * import { buildSearchIndex } from "./search_index.ts";
 * const data = await buildSearchIndex([
 *   { id: "a", name: "Alpha", keywords: [], description: "", content: "one two", inbound: 3 },
 *   { id: "b", name: "Beta", keywords: [], description: "", content: "three", fileName: "b c" },
 *   { id: "c", name: "Gamma Delta", keywords: [], description: "", content: "four" },
 * ], "h").export();
 * const { edge, stats, names } = splitDocuments(data, 2, 1);
 * const reads: string[] = [];
 * const index = createDocumentStats(edge, {
 *   statsRange: (k) => (reads.push(`stats ${k}`), Promise.resolve(stats[k])),
 *   namesRange: (k) => (reads.push(`names ${k}`), Promise.resolve(names[k])),
 * });
 * await index.load({ docs: [[1, 2]], nameTerms: 2, titled: [2] });
 * assert.deepEqual(reads, ["stats 0", "stats 1", "names 1", "names 2"]);
 * assert.deepEqual([index.lengths.content[1], index.inbound[0], index.fileNames?.[1]], [1, 3, 2]);
 * assert.equal(index.nameOf(2), "gamma delta");
 * assert.equal(index.nameOf(0), undefined);
 * assert.equal(index.known?.pages.sums.content, 4);
 * ```
 */
export function createDocumentStats(
  data: SearchIndexData,
  options: { statsRange?: RangeRead; namesRange?: RangeRead } = {},
): DocumentStats {
  const ranges = data.documentRanges;
  const { statsRange, namesRange } = options;
  if (!ranges) return wholeStats(data);
  if (!statsRange || !namesRange) {
    throw new Error("search index keeps its documents' data in ranges and nothing reads them");
  }
  const total = data.ids.length;
  const { statsDocs, namesDocs } = ranges;
  const lengths = fieldRecord<Uint32Array>(() => new Uint32Array(total));
  const inbound = new Uint32Array(total);
  const fileNames = new Uint32Array(total);
  const fileHeads = new Uint8Array(total);
  const sizeOf = (k: number, per: number) => Math.min(per, total - k * per);
  const [statsCount, namesCount] = [Math.ceil(total / statsDocs), Math.ceil(total / namesDocs)];
  const numbers = (value: unknown, n: number) => {
    if (!isDocumentNumbers(value) || value.length !== n) throw new TypeError("wrong length");
    return value;
  };
  // A range read is copied into the arrays, and nothing else of it kept.
  const stats = createChunkLoader(statsCount, statsRange, (value, k) => {
    const range = value as Partial<StatsRange> | null;
    const n = sizeOf(k, statsDocs);
    const at = k * statsDocs;
    try {
      for (const field of FIELDS) lengths[field].set(numbers(range?.lengths?.[field], n), at);
      inbound.set(numbers(range?.inbound, n), at);
      fileNames.set(numbers(range?.fileNames, n), at);
      fileHeads.set(numbers(range?.fileHeads, n), at);
    } catch {
      throw new TypeError(`stats range ${k} is not the one the index names`);
    }
    return true;
  });
  const names = createChunkLoader(namesCount, namesRange, (value, k) => {
    if (
      !Array.isArray(value) || value.length !== sizeOf(k, namesDocs) ||
      !value.every((name) => typeof name === "string")
    ) {
      throw new TypeError(`name range ${k} is not the one the index names`);
    }
    return value as string[];
  });
  // The name ranges holding pages (the last of them holds the first parts too).
  const pages = total - (data.parts?.length ?? 0);
  const pageNameRanges = Math.ceil(pages / namesDocs);
  const everyStats = Array.from({ length: statsCount }, (_, k) => k);
  return {
    ranged: true,
    lengths,
    inbound,
    fileNames,
    mostInbound: Math.max(ranges.pages.mostInbound, ranges.parts.mostInbound),
    known: ranges,
    nameOf: (n) => names.get(Math.floor(n / namesDocs))?.[n % namesDocs],
    async load({ docs = [], members = [], nameTerms, titled = [], heads, parts = true }) {
      // A mark a range, not a set of them: a common word's postings hold tens of thousands.
      const wanted = new Uint8Array(statsCount);
      for (const list of docs) {
        for (let i = 0; i < list.length; i++) wanted[(list[i]! / statsDocs) | 0] = 1;
      }
      for (const has of members) {
        for (let n = 0; n < total; n++) if (has(n)) wanted[(n / statsDocs) | 0] = 1;
      }
      await stats.load(marked(wanted));
      if (nameTerms === undefined) return;
      const named = new Uint8Array(namesCount);
      const titles = lengths.name;
      // The exact-name rule's first test, as it makes it (`createNameRule`: counts past 253 are
      // one, and a file name of 0 terms is none).
      const code = nameTerms + 1;
      const end = parts ? total : pages;
      for (const list of docs) {
        for (let i = 0; i < list.length; i++) {
          const n = list[i]!;
          const file = fileNames[n]!;
          if (
            n < end && file > 0 && Math.min(255, file + 1) === code &&
            (!heads || heads.has(fileHeads[n]!))
          ) {
            named[(n / namesDocs) | 0] = 1;
          }
        }
      }
      for (const n of titled) {
        if (n < end && Math.min(254, titles[n]!) + 1 === code) named[(n / namesDocs) | 0] = 1;
      }
      await names.load(marked(named));
    },
    plain: () => ({
      names: Array.from(
        { length: total },
        (_, n) => names.get(Math.floor(n / namesDocs))![n % namesDocs]!,
      ),
      lengths: Object.fromEntries(FIELDS.map((f) => [f, Array.from(lengths[f])])) as Record<
        Field,
        number[]
      >,
      inbound: Array.from(inbound),
    }),
    async loadAll() {
      await stats.load(everyStats);
      await names.load(Array.from({ length: namesCount }, (_, k) => k));
    },
    loadStats: () => stats.load(everyStats),
    loadRest() {
      // The first of the pages' name ranges not read yet, at most NAME_RANGES_A_CALL of them.
      const next: number[] = [];
      for (let k = 0; k < pageNameRanges && next.length < NAME_RANGES_A_CALL; k++) {
        if (names.get(k) === undefined) next.push(k);
      }
      return Promise.all([stats.load(everyStats), names.load(next)]).then(() => {});
    },
  };
}
