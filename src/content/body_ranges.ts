/**
 * Body ranges: a sharded build writes the documents' bodies, with their sections, in shards of
 * consecutive documents whose bodies take about {@link BODY_RANGE_BYTES} together (a larger body
 * has a shard to itself), and a request reads a document's body and sections in one read of its
 * range. The ranges follow from each document's `size` (its body's UTF-8 bytes, which the edge
 * manifest holds) by one rule, {@link bodyRangeStarts}: the build and the runtime find the same
 * ranges, and the manifest says only the bound.
 *
 * A search quotes its hits, most of them long pages: a page past the bound is read alone, and a
 * short one with its neighbours, whose bodies take no more than the bound. Bodies chosen by a hash
 * of their ids (`body_chunks.ts`, the unsharded edge's chunks) put other documents of any size
 * beside each, and sections in chunks of their own made a hit's snippet read a second shard of
 * about 27 KB for its own few (a 30,638-page shelf, 2026-11-28: ten hits read 399 KB of bodies
 * and 267 KB of sections for 385 and 80 KB of their own).
 *
 * @module
 */
import { lastAtOrBefore } from "../last_at_or_before.ts";
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader, LOADED } from "./chunk_loader.ts";
import type { CompactDocument } from "./compact_documents.ts";
import type { ManifestSection } from "./manifest.ts";
import { type PackedSection, packSections, unpackSections } from "./packed_sections.ts";

/** Bytes of bodies a range holds at most, unless one body alone is larger (or the shelf is). */
export const BODY_RANGE_BYTES = 8 * 1024;

/**
 * Most body ranges: each is a file of the published site and 13 bytes of a name page that a cold
 * isolate reads whole (`name_pages.ts`), so on a shelf past `MAX_BODY_RANGES / 2` times
 * {@link BODY_RANGE_BYTES} of bodies (128 MB) the bound grows instead ({@link bodyRangeBytes}).
 */
export const MAX_BODY_RANGES = 16_384;

/** One range as read: its documents' bodies and sections, in order. */
export interface BodyRange {
  bodies: string[];
  /** A document's sections, or `null` for one whose compact document keeps them (`c`). */
  sections: (ManifestSection[] | null)[];
}

/** One range as its shard holds it: {@link BodyRange} with each section packed. */
export interface PackedBodyRange {
  bodies: string[];
  sections: (PackedSection[] | null)[];
}

/**
 * The bound of body ranges for bodies of `total` bytes: {@link BODY_RANGE_BYTES}, or more when
 * that would make more than `maxRanges` ranges (two ranges in a row hold more than the bound).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyRangeBytes } from "./body_ranges.ts";
 * assert.equal(bodyRangeBytes(40e6), 8192);
 * assert.equal(bodyRangeBytes(80e6), 9767); // a 30,638-page reference shelf
 * assert.equal(bodyRangeBytes(400e6), 48_832);
 * ```
 */
export function bodyRangeBytes(total: number, maxRanges = MAX_BODY_RANGES): number {
  return Math.max(BODY_RANGE_BYTES, Math.ceil((2 * total) / (maxRanges - 1)));
}

/**
 * The first document of each range of documents whose `sizes` are given in order: a document
 * starts a new range when it would take the current one past `bytes` (so a larger one has one to
 * itself).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyRangeStarts } from "./body_ranges.ts";
 * assert.deepEqual(bodyRangeStarts([3, 4, 9, 1, 1, 0, 7], 8), [0, 2, 3, 6]);
 * assert.deepEqual(bodyRangeStarts([], 8), []);
 * ```
 */
export function bodyRangeStarts(sizes: ArrayLike<number>, bytes: number): number[] {
  const starts: number[] = [];
  let used = 0;
  for (let n = 0; n < sizes.length; n++) {
    const size = sizes[n]!;
    if (n === 0 || used + size > bytes) {
      starts.push(n);
      used = 0;
    }
    used += size;
  }
  return starts;
}

/**
 * The range (0 …) holding document `n`, ranges starting at `starts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangeOf } from "./body_ranges.ts";
 * assert.deepEqual([0, 1, 2, 5, 6, 9].map((n) => rangeOf(n, [0, 2, 3, 6])), [0, 0, 1, 2, 3, 3]);
 * ```
 */
export function rangeOf(n: number, starts: readonly number[]): number {
  return Math.max(0, lastAtOrBefore(starts, n));
}

/**
 * The body ranges of `documents` (compact, their sections `c` still in them) with `bodies`, bound
 * by `bytes`: each document's body (`""` when it has none) and its sections, packed, or `null` for
 * one without any in its compact document (its one default section is made from its title).
 * `starts` (default: found from their sizes) are where the ranges start, when the caller has them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitBodyRanges } from "./body_ranges.ts";
 * const s = { id: "a", title: "A", level: 1, start: 0, end: 5 };
 * const documents = [{ i: "d/x", n: "X", d: "", z: 5, c: [s] }, { i: "d/y", n: "Y", d: "", z: 2 },
 *   { i: "d/z", n: "Z", d: "", z: 9, c: [s] }] as never;
 * const ranges = splitBodyRanges(documents, { "d/x": "xxxxx", "d/z": "zzzzzzzzz" }, 8);
 * assert.deepEqual(ranges, [
 *   { bodies: ["xxxxx", ""], sections: [[[0, "a", "A", 1, 0, 5]], null] },
 *   { bodies: ["zzzzzzzzz"], sections: [[[0, "a", "A", 1, 0, 5]]] },
 * ]);
 * ```
 */
export function splitBodyRanges(
  documents: readonly CompactDocument[],
  bodies: Readonly<Record<string, string>>,
  bytes: number,
  starts: readonly number[] = bodyRangeStarts(documents.map((c) => c.z), bytes),
): PackedBodyRange[] {
  return starts.map((from, k) => {
    const docs = documents.slice(from, starts[k + 1] ?? documents.length);
    return {
      bodies: docs.map((c) => Object.hasOwn(bodies, c.i) ? bodies[c.i]! : ""),
      sections: docs.map((c) => c.c ? packSections(c.c) : null),
    };
  });
}

/** A body range as read, checked to hold `count` documents, its sections unpacked. */
function checkRange(value: unknown, k: number, count: number): BodyRange {
  const range = value as Partial<PackedBodyRange> | null;
  try {
    if (
      !Array.isArray(range?.bodies) || !Array.isArray(range.sections) ||
      range.bodies.length !== count || range.sections.length !== count ||
      !range.bodies.every((b) => typeof b === "string")
    ) {
      throw new TypeError("not a range");
    }
    return {
      bodies: range.bodies,
      sections: range.sections.map((s) => s === null ? null : unpackSections(s)),
    };
  } catch {
    throw new TypeError(`body range ${k} is not the one the manifest names`);
  }
}

/** Reading a manifest's body ranges: see {@link createBodyRanges}. */
export interface BodyRanges {
  /** Document `n`'s body; throws when its range is not loaded. */
  body(n: number, id: string): string;
  /** Document `n`'s sections when its range holds them (`undefined`: its compact document's). */
  sections(n: number, id: string): ManifestSection[] | undefined;
  /** Loads the ranges of documents `numbers`. */
  load(numbers: Iterable<number>): Promise<void>;
}

/**
 * The body ranges of compact `documents` (bound by `bytes`: `known` starts, else found from the
 * documents' sizes), each read with `read` on first need through `cache`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createBodyRanges, splitBodyRanges } from "./body_ranges.ts";
 * const s = { id: "a", title: "A", level: 1, start: 0, end: 5 };
 * const documents = [{ i: "d/x", n: "X", d: "", z: 5, c: [s] }, { i: "d/y", n: "Y", d: "", z: 2 },
 *   { i: "d/z", n: "Z", d: "", z: 9 }] as never;
 * const shards = splitBodyRanges(documents, { "d/x": "xxxxx", "d/y": "yy", "d/z": "zzzzzzzzz" }, 8);
 * const read: number[] = [];
 * const ranges = createBodyRanges(documents, 8, (k) => (read.push(k), Promise.resolve(shards[k])));
 * assert.throws(() => ranges.body(2, "d/z"), /body of d\/z read before loadBodies/);
 * await ranges.load([2]);
 * assert.deepEqual([ranges.body(2, "d/z"), ranges.sections(2, "d/z"), read], ["zzzzzzzzz", undefined, [1]]);
 * await ranges.load([0, 1]);
 * assert.deepEqual([ranges.body(1, "d/y"), ranges.sections(0, "d/x"), read], ["yy", [s], [1, 0]]);
 * ```
 */
export function createBodyRanges(
  documents: readonly CompactDocument[],
  bytes: number,
  read: (k: number) => Promise<unknown>,
  cache?: ChunkCache,
  known?: readonly number[],
): BodyRanges {
  // Found when first needed: a cold isolate's first request may quote nothing.
  let found: readonly number[] | undefined = known;
  // (A sharded build's manifest says where they start: its documents hold no size.)
  const starts = () => found ??= bodyRangeStarts(documents.map((c) => c.z), bytes);
  const countOf = (k: number) => (starts()[k + 1] ?? documents.length) - starts()[k]!;
  let chunks: ReturnType<typeof createChunkLoader<BodyRange>> | undefined;
  const loader = () =>
    chunks ??= createChunkLoader(
      starts().length,
      read,
      (value, k) => checkRange(value, k, countOf(k)),
      cache,
    );
  const rangeFor = (n: number, id: string, what: string): [BodyRange, number] => {
    const k = rangeOf(n, starts());
    const range = loader().get(k);
    if (!range) throw new Error(`${what} of ${id} read before loadBodies`);
    return [range, n - starts()[k]!];
  };
  return {
    body(n, id) {
      const [range, at] = rangeFor(n, id, "body");
      return range.bodies[at]!;
    },
    sections(n, id) {
      const [range, at] = rangeFor(n, id, "sections");
      return range.sections[at] ?? undefined;
    },
    load(numbers) {
      const wanted = Array.from(numbers, (n) => rangeOf(n, starts()));
      return wanted.length === 0 ? LOADED : loader().load(wanted);
    },
  };
}
