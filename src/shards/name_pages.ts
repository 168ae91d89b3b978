/**
 * The names of a sharded build's many shards (its body, detail, id, slug, order, postings,
 * dictionary, stats and name ranges, and their volumes), kept out of the root in name pages: the
 * kinds' lists one after the other (in {@link SHARD_KINDS}' order), cut every
 * {@link NAMES_PER_PAGE} names, each page a shard of its own (content-addressed like any other)
 * holding only the names' hashes, packed: 10 bytes each, in base64url (about 13.4 characters a
 * name, where a JSON list of names spends 28). The root keeps the pages' names, each kind's count and the first
 * {@link PAGES_IN_ROOT} pages themselves, so its size is at most about 440 KB and then grows by
 * about 24 bytes every {@link NAMES_PER_PAGE} shards, not every shard.
 *
 * @module
 */
import { bytesOf, toBase64 } from "./number_text.ts";

/**
 * The kinds of shards named in pages, in the order the pages list them: those a cold isolate's
 * first search reads first come first (dictionary and stats ranges, postings and name ranges,
 * then the ranges of its hits), the volumes (read in the background, or by a listing) last.
 */
export const SHARD_KINDS = [
  "dictionary",
  "documentStats",
  "postings",
  "documentNames",
  "details",
  "bodies",
  "ids",
  "slugs",
  "order",
  "dictionaryVolumes",
  "detailVolumes",
] as const;

/** A kind of shard named in pages. */
export type ShardKind = typeof SHARD_KINDS[number];

/** Every kind's shard names, in order (what the pages hold). */
export type ShardLists = Record<ShardKind, string[]>;

/**
 * Names in a page: 8,192 (a page of 110 KB). The reference shelf's 12,474 shards are two pages,
 * the 100,000-page generated shelf's 18,755 three.
 */
export const NAMES_PER_PAGE = 8192;

/** Bytes of a name's hash in a page: a shard name's 20 hex digits. */
const HASH_BYTES = 10;

/**
 * Pages a build holds in its root as well ({@link NamePages.first}): 4 (32,768 names, 440 KB at
 * most), every page of the reference shelf (2) and of the 100,000-page generated shelf (3), so that
 * a cold isolate reads no page before its first search's shards; a larger shelf's other pages are
 * read when a name in them is first wanted. Read as shards, the reference shelf's 2 pages cost a
 * cold first search 2 fetches and 0.17 MB (0.12 MB gzipped: hashes do not compress), and the
 * 100,000-page shelf's 3 pages 0.26 MB (2026-11-28).
 */
export const PAGES_IN_ROOT = 4;

/** Where a root finds its shards' names. */
export interface NamePages {
  /** Names in each page but the last. */
  perPage: number;
  /** How many shards of each kind (the pages list them in {@link SHARD_KINDS}' order). */
  counts: Record<ShardKind, number>;
  /** The pages' shard names, in order. */
  pages: string[];
  /**
   * The first pages' own values (at most {@link PAGES_IN_ROOT}), which a reader takes instead of
   * reading those pages.
   */
  first?: string[];
}

/**
 * The texts of the pages of `lists` (each a JSON string), in order, `perPage` names a page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namePage, namePageTexts } from "./name_pages.ts";
 * const a = "0123456789abcdef0123.json", b = "ffffffffffffffffffff.json";
 * const lists = { dictionary: [a, b], documentStats: [b], postings: [], documentNames: [],
 *   details: [], bodies: [a], ids: [], slugs: [], order: [], dictionaryVolumes: [],
 *   detailVolumes: [] };
 * const texts = namePageTexts(lists, 3);
 * assert.equal(texts.length, 2);
 * assert.equal(namePage(JSON.parse(texts[1]!)).at(0), a);
 * ```
 */
export function namePageTexts(lists: ShardLists, perPage = NAMES_PER_PAGE): string[] {
  const all = SHARD_KINDS.flatMap((kind) => lists[kind]);
  const texts: string[] = [];
  for (let at = 0; at < all.length; at += perPage) {
    const names = all.slice(at, at + perPage);
    const bytes = new Uint8Array(names.length * HASH_BYTES);
    names.forEach((name, i) => {
      for (let b = 0; b < HASH_BYTES; b++) {
        bytes[i * HASH_BYTES + b] = parseInt(name.slice(2 * b, 2 * b + 2), 16);
      }
    });
    texts.push(JSON.stringify(toBase64(bytes)));
  }
  return texts;
}

/** Hex digits of a byte, by its value. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** A name page, read: each name made when asked (a first search asks for about a hundred). */
export interface NamePage {
  /** How many names it holds. */
  readonly length: number;
  /** Name `i` (`i` below {@link NamePage.length}). */
  at(i: number): string;
}

/**
 * The page a page's JSON value is; throws a `SyntaxError` when it is none. Its bytes are decoded
 * natively and kept: making its 8,192 names at once cost a cold isolate about 35 ms (V8's profile
 * of a first search on the reference shelf, 2026-11-28), most of them never asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namePage } from "./name_pages.ts";
 * const page = namePage("ASNFZ4mrze8BIw");
 * assert.equal(page.length, 1);
 * assert.equal(page.at(0), "0123456789abcdef0123.json");
 * assert.throws(() => namePage("ASNF"), /not a page of shard names/);
 * assert.throws(() => namePage([1]), /not a page of shard names/);
 * ```
 */
export function namePage(value: unknown): NamePage {
  let bytes: Uint8Array | undefined;
  try {
    if (typeof value === "string") bytes = bytesOf(value);
  } catch {
    // not base64url: no page
  }
  if (!bytes || bytes.length % HASH_BYTES !== 0) {
    throw new SyntaxError("not a page of shard names");
  }
  return {
    length: bytes.length / HASH_BYTES,
    at(i) {
      let hex = "";
      for (let b = i * HASH_BYTES; b < (i + 1) * HASH_BYTES; b++) hex += HEX[bytes[b]!];
      return `${hex}.json`;
    },
  };
}

/**
 * Where shard `k` of `kind` is: its page and its place in it; `undefined` past the kind's count.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namePlace } from "./name_pages.ts";
 * const counts = { dictionary: 3, documentStats: 2, postings: 0, documentNames: 0, details: 0,
 *   bodies: 4, ids: 0, slugs: 0, order: 0, dictionaryVolumes: 0, detailVolumes: 0 };
 * const pages = { perPage: 4, counts, pages: [] };
 * assert.deepEqual(namePlace(pages, "documentStats", 1), { page: 1, at: 0 });
 * assert.deepEqual(namePlace(pages, "bodies", 3), { page: 2, at: 0 });
 * assert.equal(namePlace(pages, "bodies", 4), undefined);
 * assert.equal(namePlace(pages, "dictionary", -1), undefined);
 * ```
 */
export function namePlace(
  pages: NamePages,
  kind: ShardKind,
  k: number,
): { page: number; at: number } | undefined {
  if (!Number.isInteger(k) || k < 0 || k >= pages.counts[kind]) return undefined;
  let position = k;
  for (const before of SHARD_KINDS) {
    if (before === kind) break;
    position += pages.counts[before];
  }
  return { page: Math.floor(position / pages.perPage), at: position % pages.perPage };
}

/**
 * Whether `value` is a {@link NamePages} whose pages are as many as its counts need (each name
 * checked by `isName`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isNamePages } from "./name_pages.ts";
 * const counts = { dictionary: 3, documentStats: 2, postings: 0, documentNames: 0, details: 0,
 *   bodies: 4, ids: 0, slugs: 0, order: 0, dictionaryVolumes: 0, detailVolumes: 0 };
 * const isName = (n: unknown) => typeof n === "string";
 * assert.ok(isNamePages({ perPage: 4, counts, pages: ["a", "b", "c"] }, isName));
 * assert.ok(!isNamePages({ perPage: 4, counts, pages: ["a", "b"] }, isName));
 * assert.ok(!isNamePages({ perPage: 4, counts: { ...counts, ids: -1 }, pages: ["a", "b", "c"] }, isName));
 * ```
 */
export function isNamePages(value: unknown, isName: (name: unknown) => boolean): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { perPage, counts, pages } = value as Record<string, unknown>;
  if (!Number.isInteger(perPage) || (perPage as number) < 1) return false;
  if (typeof counts !== "object" || counts === null || !Array.isArray(pages)) return false;
  let total = 0;
  for (const kind of SHARD_KINDS) {
    const count = (counts as Record<string, unknown>)[kind];
    if (!Number.isInteger(count) || (count as number) < 0) return false;
    total += count as number;
  }
  const { first } = value as Record<string, unknown>;
  return pages.length === Math.ceil(total / (perPage as number)) && pages.every(isName) &&
    (first === undefined ||
      (Array.isArray(first) && first.length <= Math.min(pages.length, PAGES_IN_ROOT) &&
        first.every((page) => typeof page === "string")));
}
