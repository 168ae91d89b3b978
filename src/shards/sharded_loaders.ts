/**
 * The loaders of one sharded build's root ({@link shardedLoaders}): what unpacks its manifest and
 * index. Apart from `shard_root.ts` so that only an isolate that reads shards loads it and the
 * unpacking modules it imports (`root_loaders.ts` imports it on the first manifest read): an
 * unsharded site's function, which imports `shard_root.ts` to recognise a root, loads none of
 * them.
 *
 * @module
 */
import { assertManifest, type Manifest } from "../content/manifest.ts";
import type { DocumentIds } from "../search/document_ids.ts";
import type { SearchIndexData } from "../search/search_index.ts";
import { readVolumes } from "./detail_columns.ts";

/** A detail range's rows, for the loaders that import this module on first need. */
export { detailRows } from "./detail_columns.ts";
/** An id range's ids, likewise. */
export { idRangeIds } from "./id_range_columns.ts";
import { unpackManifest } from "./document_columns.ts";
import { unpackIndex } from "./packed_index.ts";
import { unpackNamesRange, unpackStatsRange } from "./packed_ranges.ts";
import type { ShardKind } from "./name_pages.ts";
import { shardNames } from "./shard_names.ts";
import type { ShardReader } from "./shard_reader.ts";
import type { ShardRoot } from "./shard_root.ts";
import { unpackSlugRange } from "./slug_range_columns.ts";

/**
 * The page ids of a sharded edge index: its manifest's documents', which are in id ranges
 * (`id_ranges.ts`) the index does not read: an engine joins its pages to the store's documents
 * by position, and the store reads the ids of those it shows.
 */
function storeIdsOnly(manifest: Manifest): DocumentIds {
  return {
    length: manifest.compactDocuments?.length ?? 0,
    at(n) {
      throw new RangeError(`a sharded index reads no id (document ${n}): its store's documents do`);
    },
  };
}

/** What the edge app needs to read a sharded build. */
export interface ShardedLoaders {
  /** The edge manifest: read once (its shards never change), again only after a failed read. */
  manifest(): Promise<Manifest>;
  /** The prebuilt index of the store with `contentHash` (the whole one or a scoped view's). */
  index(contentHash: string): Promise<SearchIndexData | undefined>;
  bodyChunk(k: number): Promise<unknown>;
  detailRange(k: number): Promise<unknown>;
  /** Id range `k` (`id_ranges.ts`). */
  idRange(k: number): Promise<unknown>;
  /** Slug range `k`, unpacked (`SlugRange` of `slug_ranges.ts`). */
  slugRange(k: number): Promise<unknown>;
  /** Order range `k`: runs of document numbers (`list_order.ts`). */
  orderRange(k: number): Promise<unknown>;
  /** Every detail range, in order, from the volumes. */
  detailRanges(): Promise<readonly unknown[]>;
  postingsChunk(k: number): Promise<unknown>;
  dictionaryRange(k: number): Promise<unknown>;
  dictionaryVolume(k: number): Promise<unknown>;
  /** Stats range `k`, unpacked (`packed_ranges.ts`). */
  statsRange(k: number): Promise<unknown>;
  /** Name range `k`, unpacked (`NameRange` of `name_ranges.ts`). */
  namesRange(k: number): Promise<unknown>;
}

/**
 * The loaders of `root`'s shards through `reader`.
 *
 * @example
 * ```ts ignore
 * const loaders = shardedLoaders(root, createShardReader(siteShardSource(site)));
 * const stores = createStoreCache({ load: loaders.manifest, bodyChunk: loaders.bodyChunk });
 * ```
 */
export function shardedLoaders(root: ShardRoot, reader: ShardReader): ShardedLoaders {
  let manifest: Promise<Manifest> | undefined;
  // The whole store's index, read ahead with the manifest until a search takes it.
  let indexAhead: Promise<unknown> | undefined;
  const names = shardNames(root.names, reader);
  const chunk = (kind: ShardKind, as?: (value: unknown) => unknown) => async (k: number) =>
    await reader.json(await names.name(kind, k), as);
  const loadManifest = () => {
    if (!manifest) {
      // The name pages a first search needs are read in the round of the manifest: the first
      // shard it names it reads a round later.
      names.readFirst();
      // So is the index: a search asks for it once it has the store (the manifest), and would
      // wait a round more for it (20 ms a fetch at the edge). A first request that never
      // searches reads it for nothing (70 KB on the 30,502-page reference shelf).
      const ahead = indexAhead = reader.jsonOfParts(root.index);
      ahead.catch(() => {
        if (indexAhead === ahead) indexAhead = undefined; // read again by the search
      });
    }
    const loading = manifest ??= reader.jsonOfParts(root.manifest).then((value) => {
      const unpacked = unpackManifest(value);
      assertManifest(unpacked);
      return unpacked;
    });
    loading.catch(() => {
      if (manifest === loading) manifest = undefined;
    });
    return loading;
  };
  return {
    manifest: loadManifest,
    async index(contentHash) {
      if (contentHash === root.contentHash) {
        // Its pages are the manifest's documents (`packed_index.ts`): both read at once. The one
        // read ahead is taken once (the engine keeps what it makes of it).
        const ahead = indexAhead;
        indexAhead = undefined;
        const [packed, whole] = await Promise.all([
          ahead?.catch(() => reader.jsonOfParts(root.index)) ?? reader.jsonOfParts(root.index),
          loadManifest(),
        ]);
        return await unpackIndex(packed, storeIdsOnly(whole)) as SearchIndexData;
      }
      const parts = Object.hasOwn(root.views, contentHash) ? root.views[contentHash] : undefined;
      return parts ? await reader.jsonOfParts(parts) as SearchIndexData : undefined;
    },
    bodyChunk: chunk("bodies"),
    detailRange: chunk("details"),
    idRange: chunk("ids"),
    slugRange: chunk("slugs", unpackSlugRange),
    orderRange: chunk("order"),
    detailRanges: async () => await readVolumes(await names.all("detailVolumes"), reader),
    postingsChunk: chunk("postings"),
    dictionaryRange: chunk("dictionary"),
    dictionaryVolume: chunk("dictionaryVolumes"),
    // Inflated as read (`packed_ranges.ts`), then copied into the index's arrays: not cached.
    statsRange: (k) => chunk("documentStats")(k).then(unpackStatsRange),
    namesRange: chunk("documentNames", unpackNamesRange),
  };
}
