/**
 * The order `list_articles` lists documents in: newest `lastUpdated` first, then by id. A store
 * sorts its documents so once; a sharded build's documents keep their dates in detail ranges, so
 * sorting them read every detail range (the reference shelf's 30,502 documents: 6.2 MB and about
 * 0.9 s of CPU in a cold isolate, 2026-11-28). Its build writes the order instead, in order ranges
 * of {@link LIST_ORDER_RANGE} numbers, each as runs of consecutive numbers (documents sharing a
 * date are listed in id order, which is the manifest's: a run): a page of the list reads the
 * range that holds it, then its documents' details.
 *
 * @module
 */
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader } from "./chunk_loader.ts";

/** Documents (numbers) in each order range but the last. */
export const LIST_ORDER_RANGE = 8192;

/**
 * Compares ISO date strings newest first; documents without a date sort last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newestFirst } from "./list_order.ts";
 * assert.ok(newestFirst("2025-02-01", "2024-01-01") < 0);
 * assert.ok(newestFirst(undefined, "2024-01-01") > 0);
 * ```
 */
export function newestFirst(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? 1 : -1;
}

/**
 * Compares documents as they are listed: newest `lastUpdated` first, then by id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listedBefore } from "./list_order.ts";
 * const docs = [{ id: "d/b" }, { id: "d/c", lastUpdated: "2026-01-01" }, { id: "d/a" }];
 * assert.deepEqual(docs.sort(listedBefore).map((d) => d.id), ["d/c", "d/a", "d/b"]);
 * ```
 */
export function listedBefore(
  a: { id: string; lastUpdated?: string | undefined },
  b: { id: string; lastUpdated?: string | undefined },
): number {
  return newestFirst(a.lastUpdated, b.lastUpdated) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The numbers of `docs` in the order they are listed ({@link listedBefore}), in order ranges of
 * `size` numbers, each written as runs `[first, count, first, count, …]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitListOrder } from "./list_order.ts";
 * const docs = [
 *   { id: "d/a", lastUpdated: "2025-01-01" }, { id: "d/b", lastUpdated: "2026-01-01" },
 *   { id: "d/c", lastUpdated: "2026-01-01" }, { id: "d/d" },
 * ];
 * assert.deepEqual(splitListOrder(docs), [[1, 2, 0, 1, 3, 1]]);
 * assert.deepEqual(splitListOrder(docs, 3), [[1, 2, 0, 1], [3, 1]]);
 * assert.deepEqual(splitListOrder([]), []);
 * ```
 */
export function splitListOrder(
  docs: readonly { id: string; lastUpdated?: string | undefined }[],
  size = LIST_ORDER_RANGE,
): number[][] {
  const order = Array.from(docs.keys()).sort((a, b) => listedBefore(docs[a]!, docs[b]!));
  const ranges: number[][] = [];
  for (let at = 0; at < order.length; at += size) {
    const runs: number[] = [];
    for (const n of order.slice(at, at + size)) {
      if (runs.length > 0 && runs.at(-2)! + runs.at(-1)! === n) runs[runs.length - 1]!++;
      else runs.push(n, 1);
    }
    ranges.push(runs);
  }
  return ranges;
}

/**
 * Order range `k`'s numbers from its runs: a `TypeError` unless they are `expected` distinct
 * numbers of documents `0 … count − 1` (work and memory bounded by those, whatever `value` is).
 */
function rangeNumbers(value: unknown, k: number, expected: number, count: number): Int32Array {
  const numbers = new Int32Array(expected);
  const seen = new Uint8Array(count);
  let at = 0;
  const valid = Array.isArray(value) && value.length % 2 === 0 && value.every((x, i) => {
    if (!Number.isSafeInteger(x) || x < (i % 2 === 0 ? 0 : 1)) return false;
    if (i % 2 === 0) return true;
    const first = value[i - 1] as number;
    if (first + x > count || at + x > expected) return false;
    for (let n = first; n < first + x; n++) {
      if (seen[n] === 1) return false;
      seen[n] = 1;
      numbers[at++] = n;
    }
    return true;
  }) && at === expected;
  if (!valid) throw new TypeError(`order range ${k} is not the one the manifest names`);
  return numbers;
}

/** A page of the list: its documents' numbers, and how many the whole list holds. */
export interface ListPage {
  numbers: number[];
  total: number;
}

/**
 * The list of `count` documents in order ranges of `size` numbers, range `k` read by `read` (its
 * runs: {@link splitListOrder}) through the chunk cache, which weighs its numbers as kept. A page
 * of the whole list reads the ranges that hold it; a page of the documents `keep` admits (a
 * category's, a scoped view's) reads every range, and refuses ranges that repeat a document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listOrderRanges, splitListOrder } from "./list_order.ts";
 * const docs = Array.from({ length: 10 }, (_, n) => ({ id: `d/${n}`, lastUpdated: `200${n}` }));
 * const ranges = splitListOrder(docs, 4);
 * const reads: number[] = [];
 * const read = (k: number) => (reads.push(k), Promise.resolve(ranges[k]));
 * const page = listOrderRanges({ count: 10, size: 4, read });
 * assert.deepEqual(await page(5, 2), { numbers: [4, 3], total: 10 });
 * assert.deepEqual(reads, [1]);
 * assert.deepEqual(await page(8, 5), { numbers: [1, 0], total: 10 });
 * assert.deepEqual(await page(12, 5), { numbers: [], total: 10 });
 * assert.deepEqual(await page(1, 2, (n) => n % 2 === 0), { numbers: [6, 4], total: 5 });
 * assert.deepEqual(reads, [1, 2, 0]);
 * ```
 */
export function listOrderRanges(input: {
  count: number;
  size: number;
  read: (k: number) => Promise<unknown>;
  cache?: ChunkCache | undefined;
}): (offset: number, limit: number, keep?: (n: number) => boolean) => Promise<ListPage> {
  const { count, size } = input;
  const rangeCount = Math.ceil(count / size);
  // Checked as read, so that the cache weighs the numbers it keeps, not the runs.
  const chunks = createChunkLoader(
    rangeCount,
    (k) =>
      input.read(k).then((runs) => rangeNumbers(runs, k, Math.min(size, count - k * size), count)),
    (numbers) => numbers as Int32Array,
    input.cache,
  );
  const range = (k: number) => {
    const numbers = chunks.get(k);
    if (!numbers) throw new Error(`order range ${k} read before it was loaded`);
    return numbers;
  };
  return async (offset, limit, keep) => {
    const numbers: number[] = [];
    if (!keep) {
      const end = Math.min(offset + limit, count);
      if (offset >= end) return { numbers, total: count };
      const wanted: number[] = [];
      for (let k = Math.floor(offset / size); k * size < end; k++) wanted.push(k);
      await chunks.load(wanted);
      for (let at = offset; at < end; at++) numbers.push(range(Math.floor(at / size))[at % size]!);
      return { numbers, total: count };
    }
    await chunks.load(Array.from({ length: rangeCount }, (_, k) => k));
    let total = 0;
    const seen = new Uint8Array(count);
    for (let k = 0; k < rangeCount; k++) {
      for (const n of range(k)) {
        if (seen[n] === 1) throw new TypeError(`order range ${k} lists document ${n} again`);
        seen[n] = 1;
        if (!keep(n)) continue;
        if (total >= offset && total < offset + limit) numbers.push(n);
        total++;
      }
    }
    return { numbers, total };
  };
}
