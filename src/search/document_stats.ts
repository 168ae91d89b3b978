/**
 * An index's per-document data as its searches read it: field lengths, inbound counts and names
 * by document number — the index data's own, or, for an index keeping them in ranges
 * (`document_ranges.ts`), read range by range: the stats for the documents a search touches, the
 * names for the names its exact-name rule may give a bonus to (`name_ranges.ts`).
 *
 * The lengths and inbound counts are full-size typed arrays, filled as ranges are read and kept:
 * they take 4 bytes a number whatever is read into them (2.5 MB on a 89,538-document shelf), so
 * forgetting a range would free nothing. The name ranges read are kept too.
 *
 * @module
 */
import { createChunkLoader, LOADED } from "../content/chunk_loader.ts";
import { documentNumbers, isDocumentNumbers } from "./document_numbers.ts";
import type { DocumentSums, StatsRange } from "./document_ranges.ts";
import { type Field, fieldRecord, FIELDS } from "./index_fields.ts";
import { createNameRanges, type NamedPlan } from "./name_ranges.ts";
import type { SearchIndexData } from "./search_index.ts";

/** What {@link DocumentStats.load} reads. */
export interface StatsWanted {
  /** Lists of documents whose stats are read. */
  docs?: readonly ArrayLike<number>[];
  /** Sets of documents (by a test of every document) whose stats are read. */
  members?: readonly ((doc: number) => boolean)[];
  /** A query's plan: the name ranges its exact-name rule reads are read too. */
  plan?: NamedPlan;
}

/** See {@link createDocumentStats}. */
export interface DocumentStats {
  /** Whether the data is read in ranges (else everything is there already). */
  readonly ranged: boolean;
  /** Each field's length by document (0 for a document not read yet). */
  readonly lengths: Readonly<Record<Field, Uint32Array>>;
  /** Inbound link counts by document (0 for a document not read yet). */
  readonly inbound: Uint32Array;
  /** The most inbound links of any document. */
  readonly mostInbound: number;
  /**
   * The pages' and the parts' length sums and most inbound links, when the data is in ranges
   * (else they are counted from the lengths when a search first needs them).
   */
  readonly known: { pages: DocumentSums; parts: DocumentSums } | undefined;
  /**
   * The names that may be `plan`'s query, by document (`NameRanges.namesFor`), when the names
   * are in ranges: `plan`'s must be read ({@link load} with it). `undefined`: every document's
   * are `SearchIndexData.names`.
   */
  readonly namesFor: ((plan: NamedPlan) => ReadonlyMap<number, string>) | undefined;
  /** Reads what `wanted` needs and is not read yet; a failed read rejects and is tried again. */
  load(wanted: StatsWanted): Promise<void>;
  /**
   * Reads the name ranges a query of `terms` most likely reads (`nameRangesNear` of
   * `name_ranges.ts`), while its dictionary ranges are read.
   */
  loadNamesNear(terms: readonly string[]): Promise<void>;
  /**
   * Reads, in volumes, the name ranges not read yet (`NameRanges.readRest`): what an isolate does
   * from its second search on, so that a later search whose postings are read waits for none.
   */
  loadRest(): Promise<void>;
  /** Reads everything (for `SearchIndex.export`). */
  loadAll(): Promise<void>;
  /**
   * Reads every stats range not read yet: what an isolate's first search reads with its
   * dictionary ranges and postings (`SearchIndex.readPlan`), in one round with them, not after.
   */
  loadStats(): Promise<void>;
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
    mostInbound,
    known: undefined,
    namesFor: undefined,
    load: () => LOADED,
    loadNamesNear: () => LOADED,
    loadRest: () => LOADED,
    loadStats: () => LOADED,
    loadAll: () => LOADED,
    plain: () => ({ names, lengths: data.lengths, inbound: data.inbound }),
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
 * const one = (t: string) => [t, new Map([[t, 1]])] as const;
 * const plan = { terms: ["gamma", "delta"], expansions: new Map([one("gamma"), one("delta")]) };
 * await index.load({ docs: [[1, 2]], plan });
 * // The stats of documents 1 and 2; the one name range of the name "gamma delta".
 * assert.deepEqual(reads, ["stats 0", "stats 1", "names 3"]);
 * assert.deepEqual([index.lengths.content[1], index.inbound[0]], [1, 3]);
 * assert.deepEqual([...index.namesFor!(plan)], [[2, "gamma delta"]]);
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
  const { statsDocs } = ranges;
  const lengths = fieldRecord<Uint32Array>(() => new Uint32Array(total));
  const inbound = new Uint32Array(total);
  const sizeOf = (k: number, per: number) => Math.min(per, total - k * per);
  const statsCount = Math.ceil(total / statsDocs);
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
    } catch {
      throw new TypeError(`stats range ${k} is not the one the index names`);
    }
    return true;
  });
  const names = createNameRanges(ranges.names, namesRange);
  // Every document's names, once `loadAll` has read them; whether every stats range is read.
  let every: string[] | undefined;
  let everyRead = false;
  const everyStats = Array.from({ length: statsCount }, (_, k) => k);
  return {
    ranged: true,
    lengths,
    inbound,
    mostInbound: Math.max(ranges.pages.mostInbound, ranges.parts.mostInbound),
    known: ranges,
    namesFor: names.namesFor,
    async load({ docs = [], members = [], plan }) {
      // A mark a range, not a set of them: a common word's postings hold tens of thousands (none
      // once every range is read, as after an isolate's first search: `loadStats`).
      const wanted = new Uint8Array(statsCount);
      if (everyRead) [docs, members] = [[], []];
      for (const list of docs) {
        for (let i = 0; i < list.length; i++) wanted[(list[i]! / statsDocs) | 0] = 1;
      }
      for (const has of members) {
        for (let n = 0; n < total; n++) if (has(n)) wanted[(n / statsDocs) | 0] = 1;
      }
      await Promise.all([stats.load(marked(wanted)), plan ? names.load(plan) : undefined]);
    },
    loadNamesNear: names.loadNear,
    loadRest: names.readRest,
    plain: () => ({
      names: every!,
      lengths: Object.fromEntries(FIELDS.map((f) => [f, Array.from(lengths[f])])) as Record<
        Field,
        number[]
      >,
      inbound: Array.from(inbound),
    }),
    async loadAll() {
      [, every] = await Promise.all([stats.load(everyStats), names.all(total)]);
    },
    loadStats: () => stats.load(everyStats).then(() => void (everyRead = true)),
  };
}
