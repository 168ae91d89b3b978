/**
 * Id ranges: a sharded build's edge manifest leaves its documents' ids out (on a 30,502-page
 * reference shelf they were 363 of its 377 KB, and they grow with the shelf), so that the one
 * file a cold isolate reads before its first answer does not grow with the number of pages. A
 * document's id is then read:
 *
 * - with its details (`document_details.ts`: a detail range holds its documents' ids), which a
 *   request reads of every document it shows;
 * - from its id range: {@link ID_RANGE_SIZE} consecutive documents' ids (front-coded), the
 *   manifest keeping each range's first id (`idRangeFirsts`), so that a look-up by id, URI or
 *   path is a binary search over the first ids, then over one range's ids.
 *
 * {@link StoreIds} is the one way the content store reads ids, whether they are in the manifest
 * (read in place) or in ranges.
 *
 * @module
 */
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader, LOADED } from "./chunk_loader.ts";

/**
 * Documents an id range holds: one range read by a look-up is about 6 KB on the reference shelf
 * (60 ranges; their first ids take 2.3 KB of the manifest), and grows with the ids' length only.
 */
export const ID_RANGE_SIZE = 512;

/**
 * `ids` (sorted) in ranges of `size`: each range's ids, and the first id of each.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitIds } from "./id_ranges.ts";
 * assert.deepEqual(splitIds(["a", "b", "c"], 2), { firsts: ["a", "c"], ranges: [["a", "b"], ["c"]] });
 * ```
 */
export function splitIds(
  ids: readonly string[],
  size = ID_RANGE_SIZE,
): { firsts: string[]; ranges: string[][] } {
  const firsts: string[] = [];
  const ranges: string[][] = [];
  for (let at = 0; at < ids.length; at += size) {
    firsts.push(ids[at]!);
    ranges.push(ids.slice(at, at + size));
  }
  return { firsts, ranges };
}

/**
 * Reads id ranges: `read(k)` gives range `k` as stored (its bytes weigh it in the isolate's chunk
 * cache), `ids` its `count` ids by place (throws for a value that is not such a range).
 */
export interface IdRangeReader {
  read(k: number): Promise<unknown>;
  ids(range: unknown, k: number, count: number): (i: number) => string;
}

/** The content store's ids of its documents, sorted by id (see the module doc). */
export interface StoreIds {
  readonly count: number;
  /** Document `n`'s id when it can be read now (in place, or its range loaded), else `undefined`. */
  at(n: number): string | undefined;
  /** Document `n`'s source's number (in the manifest's `sources`). */
  sourceAt(n: number): number;
  /**
   * Document `n`'s file name when the manifest writes it (`CompactDocument.f`: not its path with
   * `.md` or `.html`), read in place.
   */
  fileAt(n: number): string | undefined;
  /** Makes the ids of documents `numbers` readable with `at` (one id range each at most). */
  load(numbers: Iterable<number>): Promise<void>;
  /** The number of the document with id `id`, or -1: reads one id range at most. */
  find(id: string): Promise<number>;
  /** {@link StoreIds.find} among the ids readable now: `undefined` when it cannot tell. */
  findNow(id: string): number | undefined;
  /** Makes every id readable with `at`, and keeps them so. */
  loadAll(): Promise<void>;
  /**
   * Makes the ids of `found` (read elsewhere: a slug range, `slug_ranges.ts`) readable with `at`,
   * and keeps them so (at most every document's id, as {@link StoreIds.loadAll} keeps them).
   */
  learn(found: Iterable<{ n: number; id: string }>): void;
  /**
   * Makes readable the ids of the documents whose id may be `head` then a text whose lowercase
   * starts with `lower` (a path completion's), and gives their numbers in order: some that are
   * not (each must be compared), every one that is. `undefined` when it cannot tell (`lower` is
   * not ASCII): {@link StoreIds.loadAll} then.
   */
  loadPrefixed(head: string, lower: string): Promise<number[] | undefined>;
}

/** The number of the id `id` among `count` sorted ones from `low` (`at` reads one), or -1. */
function search(at: (n: number) => string, low: number, count: number, id: string): number {
  let high = count - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const here = at(mid);
    if (here === id) return mid;
    if (here < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * Ids read in place (a manifest that keeps them): `idAt(n)` is document `n`'s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { idsInPlace } from "./id_ranges.ts";
 * const ids = idsInPlace(3, (n) => ["d/a", "d/b", "e/c"][n]!, (n) => n < 2 ? 0 : 1, () => undefined);
 * assert.equal(await ids.find("d/b"), 1);
 * assert.equal(ids.findNow("d/c"), -1);
 * assert.equal(ids.sourceAt(2), 1);
 * ```
 */
export function idsInPlace(
  count: number,
  idAt: (n: number) => string,
  sourceAt: (n: number) => number,
  fileAt: (n: number) => string | undefined,
): StoreIds {
  const findNow = (id: string) => search(idAt, 0, count, id);
  return {
    count,
    at: (n) => n >= 0 && n < count ? idAt(n) : undefined,
    sourceAt,
    fileAt,
    load: () => LOADED,
    find: (id) => Promise.resolve(findNow(id)),
    findNow,
    loadAll: () => LOADED,
    learn() {},
    loadPrefixed: () => Promise.resolve(undefined),
  };
}

/** Where {@link rangedIds} reads: the manifest's first ids, the ranges, the loaded details. */
export interface RangedIdsInput {
  count: number;
  firsts: readonly string[];
  size: number;
  reader: IdRangeReader;
  sourceAt(n: number): number;
  fileAt(n: number): string | undefined;
  /** Document `n`'s id from its loaded details, else `undefined`. */
  withDetails(n: number): string | undefined;
  cache?: ChunkCache | undefined;
}

/**
 * Ids in id ranges (see the module doc): a document's id is read from its details when they are
 * loaded, else from its range when that is loaded; a look-up reads one range (through the chunk
 * cache); `loadAll` reads every range once and keeps them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangedIds } from "./id_ranges.ts";
 * const stored = [["d/a", "d/b"], ["d/c"]];
 * const read: number[] = [];
 * const ids = rangedIds({
 *   count: 3, firsts: ["d/a", "d/c"], size: 2, sourceAt: () => 0, fileAt: () => undefined,
 *   withDetails: () => undefined,
 *   reader: {
 *     read: (k) => (read.push(k), Promise.resolve(stored[k])),
 *     ids: (range) => (i) => (range as string[])[i]!,
 *   },
 * });
 * assert.equal(ids.at(1), undefined);
 * assert.equal(await ids.find("d/b"), 1);
 * assert.equal(await ids.find("d/bb"), -1);
 * assert.equal(await ids.find("a"), -1); // before the first range: none read
 * assert.deepEqual([ids.at(1), ids.findNow("d/c"), read], ["d/b", undefined, [0]]);
 * await ids.loadAll();
 * assert.deepEqual([ids.at(2), ids.findNow("d/c"), read], ["d/c", 2, [0, 1]]);
 * ```
 *
 * An id read elsewhere is read with `at` from then on:
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangedIds } from "./id_ranges.ts";
 * const ids = rangedIds({
 *   count: 3, firsts: ["d/a", "d/c"], size: 2, sourceAt: () => 0, fileAt: () => undefined,
 *   withDetails: () => undefined, reader: { read: () => Promise.reject(), ids: () => () => "" },
 * });
 * ids.learn([{ n: 2, id: "d/c" }]);
 * assert.deepEqual([ids.at(1), ids.at(2)], [undefined, "d/c"]);
 * ```
 */
export function rangedIds(input: RangedIdsInput): StoreIds {
  const { count, firsts, size, reader, withDetails } = input;
  const rangeCount = firsts.length;
  if (rangeCount !== Math.ceil(count / size)) {
    throw new TypeError(
      `Invalid manifest: ${rangeCount} id ranges of ${size} for ${count} documents`,
    );
  }
  const countOf = (k: number) => Math.min(size, count - k * size);
  const check = (range: unknown, k: number) => reader.ids(range, k, countOf(k));
  const chunks = createChunkLoader(rangeCount, reader.read, check, input.cache);
  // Every range, once a request has read them all (kept).
  let all: ((i: number) => string)[] | undefined;
  let loadingAll: Promise<void> | undefined;
  // Ids read elsewhere (`learn`), by document.
  const learnt = new Map<number, string>();
  const rangeAt = (k: number) => all?.[k] ?? chunks.get(k);
  const at = (n: number) => {
    if (!(n >= 0 && n < count)) return undefined;
    const k = Math.floor(n / size);
    return withDetails(n) ?? rangeAt(k)?.(n - k * size) ?? learnt.get(n);
  };
  // The range that would hold `id`: the last whose first id is not after it, or -1.
  const rangeOfId = (id: string) => {
    let low = 0;
    let high = rangeCount - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (firsts[mid]! <= id) low = mid + 1;
      else high = mid - 1;
    }
    return high;
  };
  const findIn = (k: number, id: string, range: (i: number) => string) => {
    const i = search(range, 0, countOf(k), id);
    return i === -1 ? -1 : k * size + i;
  };
  return {
    count,
    at,
    sourceAt: input.sourceAt,
    fileAt: input.fileAt,
    load(numbers) {
      if (all) return LOADED;
      const wanted = new Set<number>();
      for (const n of numbers) if (n >= 0 && n < count) wanted.add(Math.floor(n / size));
      return chunks.load(wanted);
    },
    async find(id) {
      const k = rangeOfId(id);
      if (k === -1) return -1;
      await chunks.load(all ? [] : [k]);
      const range = rangeAt(k);
      if (!range) throw new Error(`id range ${k} read before it was loaded`);
      return findIn(k, id, range);
    },
    findNow(id) {
      const k = rangeOfId(id);
      if (k === -1) return -1;
      const range = rangeAt(k);
      return range ? findIn(k, id, range) : undefined;
    },
    loadAll() {
      if (all) return LOADED;
      // (A range loaded already is not read again.)
      const loading = loadingAll ??= Promise.all(
        Array.from({ length: rangeCount }, (_, k) => {
          const loaded = chunks.get(k);
          return loaded ? loaded : reader.read(k).then((r) => check(r, k));
        }),
      ).then((read) => {
        all = read;
      });
      loading.catch(() => {
        if (loadingAll === loading) loadingAll = undefined; // tried again by the next request
      });
      return loading;
    },
    learn(found) {
      if (all) return;
      for (const { n, id } of found) if (n >= 0 && n < count) learnt.set(n, id);
    },
    async loadPrefixed(head, lower) {
      if (all || !isAscii(lower)) return undefined;
      const wanted = rangesMayHold(firsts, head, lower);
      await chunks.load(wanted);
      return wanted.flatMap((k) => Array.from({ length: countOf(k) }, (_, i) => k * size + i));
    },
  };
}

/** Whether `text` holds ASCII characters only. */
const isAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};

/**
 * The characters whose lowercase starts with `c` (ASCII, lowercase): itself, its capital, and
 * the only two others, İ (whose lowercase is `i` and a combining dot) and the Kelvin sign.
 */
function casesOf(c: string): string[] {
  const cases = c === c.toUpperCase() ? [c] : [c, c.toUpperCase()];
  if (c === "i") cases.push("\u0130");
  if (c === "k") cases.push("\u212a");
  return cases;
}

/**
 * The ranges (of first ids `firsts`, sorted) that may hold an id that is `head`, then a text whose
 * lowercase starts with `lower` (ASCII, lowercase): those whose span of ids meets a spelling of
 * it — only the spellings that are a beginning of a range's first id or of the next one's are
 * followed, so it takes a few steps a character, not one a spelling.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangesMayHold } from "./id_ranges.ts";
 * const firsts = ["d/Alpha", "d/Zeta", "d/beta", "d/delta", "e/a"];
 * // "d/Be…" sorts in the first range, "d/be" (before "d/beta") in the second, "d/bet…" in the third.
 * assert.deepEqual(rangesMayHold(firsts, "d/", "be"), [0, 1, 2]);
 * assert.deepEqual(rangesMayHold(firsts, "d/", "z"), [0, 1, 3]);
 * assert.deepEqual(rangesMayHold(firsts, "d/", "delu"), [0, 2, 3]); // "d/D…", "d/dE…", "d/de…"
 * assert.deepEqual(rangesMayHold(firsts, "e/", "a"), [3, 4]); // "e/A…" sorts before "e/a"
 * assert.deepEqual(rangesMayHold(firsts, "c/", "a"), []);
 * ```
 */
export function rangesMayHold(firsts: readonly string[], head: string, lower: string): number[] {
  const cases = [...lower].map(casesOf);
  const wanted: number[] = [];
  firsts.forEach((from, k) => {
    const to = firsts[k + 1];
    // Whether an id beginning `w` may be in the range, and whether every such id is.
    const meets = (w: string) => from.startsWith(w) || (w > from && (to === undefined || w < to));
    const covers = (w: string) => w >= from && (to === undefined || (w < to && !to.startsWith(w)));
    const holds = (w: string, j: number): boolean =>
      meets(w) && (j === cases.length || covers(w) || cases[j]!.some((x) => holds(w + x, j + 1)));
    if (holds(head, 0)) wanted.push(k);
  });
  return wanted;
}
