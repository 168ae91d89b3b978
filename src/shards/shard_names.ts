/**
 * A sharded build's shard names, read from its name pages (`name_pages.ts`) as they are needed,
 * each page read once: what the loaders ask before they read shard `k` of a kind.
 *
 * @module
 */
import {
  type NamePage,
  namePage,
  type NamePages,
  namePlace,
  type ShardKind,
} from "./name_pages.ts";
import type { ShardReader } from "./shard_reader.ts";
import { ShardUnavailableError } from "./shard_source.ts";

/**
 * Pages a build's loaders read with its manifest when its root does not hold them
 * (`NamePages.first`): 4 (32,768 names), so that a cold isolate's first search, whose first shard
 * names it needs after two rounds of reads (the manifest, then the index), waits for no page. A
 * larger shelf's other pages are read when a name in them is.
 */
export const PAGES_READ_FIRST = 4;

/** A build's shard names. */
export interface ShardNames {
  /** Shard `k` of `kind`'s name; rejects with a `RangeError` when there is none. */
  name(kind: ShardKind, k: number): Promise<string>;
  /** Every shard name of `kind`, in order. */
  all(kind: ShardKind): Promise<string[]>;
  /** Starts reading the first {@link PAGES_READ_FIRST} pages (a failed read is read again). */
  readFirst(): void;
}

/**
 * The names `pages` list, read through `reader` (a page whose read failed is read again when a
 * name in it is asked next).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namePageTexts } from "./name_pages.ts";
 * import { createShardReader } from "./shard_reader.ts";
 * import { shardSource } from "./shard_source.ts";
 * import { shardNames } from "./shard_names.ts";
 * const a = "0123456789abcdef0123.json", b = "ffffffffffffffffffff.json";
 * const lists = { dictionary: [a], documentStats: [], postings: [], documentNames: [],
 *   details: [], bodies: [b, a], ids: [], slugs: [], order: [], dictionaryVolumes: [],
 *   detailVolumes: [] };
 * const [one, two] = namePageTexts(lists, 2);
 * const files = new Map([["00000000000000000001.json", one!], ["00000000000000000002.json", two!]]);
 * const read: string[] = [];
 * const names = shardNames(
 *   { perPage: 2, counts: { ...lists, dictionary: 1, documentStats: 0, postings: 0,
 *     documentNames: 0, details: 0, bodies: 2, ids: 0, slugs: 0, order: 0, dictionaryVolumes: 0,
 *     detailVolumes: 0 },
 *     pages: [...files.keys()] },
 *   createShardReader(shardSource("memory", (n) => {
 *     read.push(n);
 *     return Promise.resolve(new TextEncoder().encode(files.get(n)!));
 *   })),
 * );
 * assert.equal(await names.name("bodies", 1), a);
 * assert.deepEqual(read, ["00000000000000000002.json"]);
 * assert.deepEqual(await names.all("bodies"), [b, a]);
 * await assert.rejects(names.name("bodies", 2), /no bodies shard 2/);
 * files.set("00000000000000000001.json", "[1]");
 * const other = shardNames({ perPage: 2, counts: { ...lists, dictionary: 1, documentStats: 0,
 *   postings: 0, documentNames: 0, details: 0, bodies: 2, ids: 0, slugs: 0, order: 0,
 *   dictionaryVolumes: 0, detailVolumes: 0 }, pages: [...files.keys()] }, createShardReader(shardSource("memory",
 *   (n) => Promise.resolve(new TextEncoder().encode(files.get(n)!)))));
 * await assert.rejects(other.name("dictionary", 0), /could not be read from memory \(not a page of shard names\)/);
 * ```
 */
export function shardNames(pages: NamePages, reader: ShardReader): ShardNames {
  const read = new Map<number, Promise<NamePage>>();
  const page = (p: number): Promise<NamePage> => {
    let names = read.get(p);
    const held = pages.first?.[p];
    if (!names && held !== undefined) {
      // In the root: no read. A root whose page is none names no shard of it.
      names = Promise.resolve(held).then(namePage);
      read.set(p, names);
    }
    if (!names) {
      const name = pages.pages[p]!;
      const reading = names = reader.json(name).then((value) => {
        try {
          return namePage(value);
        } catch (error) {
          // Another shard in its place: the build's files are not what its root says.
          throw new ShardUnavailableError(name, reader.source.where, (error as Error).message);
        }
      });
      reading.catch(() => {
        if (read.get(p) === reading) read.delete(p);
      });
      read.set(p, reading);
    }
    return names;
  };
  const name = async (kind: ShardKind, k: number) => {
    const place = namePlace(pages, kind, k);
    if (!place) throw new RangeError(`no ${kind} shard ${k}`);
    return (await page(place.page)).at(place.at);
  };
  return {
    name,
    all: (kind) => Promise.all(Array.from({ length: pages.counts[kind] }, (_, k) => name(kind, k))),
    readFirst() {
      for (let p = 0; p < Math.min(PAGES_READ_FIRST, pages.pages.length); p++) {
        if (pages.first?.[p] === undefined) page(p).catch(() => {}); // read again when asked
      }
    },
  };
}
