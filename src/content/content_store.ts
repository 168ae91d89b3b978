import { bodyChunkOf } from "./body_chunks.ts";
import type { ChunkCache } from "./chunk_cache.ts";
import { createChunkLoader, LOADED } from "./chunk_loader.ts";
import { documentNumber, expandManifest, fieldReader } from "./compact_documents.ts";
import { rangedBodies, rangedDetails } from "./deferred_ranges.ts";
import { createLookups } from "./document_lookups.ts";
import type { DetailRangeReader } from "./document_details.ts";
import { type IdRangeReader, idsInPlace, rangedIds, type StoreIds } from "./id_ranges.ts";
import { assertManifest, type Manifest, type ManifestDocument } from "./manifest.ts";
import { slugRanges } from "./slug_ranges.ts";
import { categoryNumbers } from "./category_spans.ts";
import { listedBefore, listOrderRanges } from "./list_order.ts";

/** Result of looking a document up by slug or path. */
export type SlugLookup =
  | { kind: "found"; doc: ManifestDocument }
  | { kind: "ambiguous"; candidates: string[] }
  | { kind: "missing" };

/** Read-only view over a manifest, with the lookups the tools need precomputed. */
export interface ContentStore {
  readonly manifest: Manifest;
  readonly contentHash: string;
  /**
   * Exposed documents, newest `lastUpdated` first, then by id (`list_order.ts`). A sharded
   * build's sort once every document's details are loaded: {@link ContentStore.listPage} reads a
   * page of them without.
   */
  readonly documents: readonly ManifestDocument[];
  /**
   * Documents `offset … offset + limit − 1` of {@link ContentStore.documents} (of category
   * `wanted`, lowercase, when not `""`; of the sources named in `sources` only, when given: a
   * scoped view's), their details loaded, and how many that list holds. A sharded build's reads
   * the order ranges that hold the page (every one for a category or some sources) and the
   * page's details (`list_order.ts`); another store loads every document's details first.
   * Rejects when a range fails to load (a later call tries again).
   */
  listPage(
    wanted: string,
    offset: number,
    limit: number,
    sources?: ReadonlySet<string>,
  ): Promise<{ docs: ManifestDocument[]; total: number }>;
  /** Category folder names in use, sorted. */
  readonly categories: readonly string[];
  /** Source names, in config order. */
  readonly sourceNames: readonly string[];
  /**
   * The served body of a document. With bodies in chunks (an edge manifest), throws when the
   * document's chunk is not loaded yet: {@link ContentStore.loadBodies} first.
   */
  body(doc: ManifestDocument): string;
  /**
   * Makes the bodies of `docs` (every document when omitted) readable with `body`: imports the
   * chunks they are in, once per store, when the manifest keeps its bodies in chunks; otherwise
   * there is nothing to load; and their sections, when the manifest keeps them with the bodies
   * (a sharded build's body ranges: a document's `sections` throws until then). Rejects when a
   * chunk fails to load (a later call tries again).
   */
  loadBodies(docs?: Iterable<ManifestDocument>): Promise<void>;
  /**
   * Makes the details of `docs` (every document when omitted) readable — description, keywords,
   * `meta`, dates, `url`, status, related ids: what a result shows of a document — when the
   * manifest keeps them in ranges (a sharded build's: `document_details.ts`; reading one throws
   * until then, and so does `documents`, sorted by date, until every document's are); otherwise
   * there is nothing to load. `loadBodies` loads them too. Rejects when a range fails to load (a
   * later call tries again).
   */
  loadDocuments(docs?: Iterable<ManifestDocument>): Promise<void>;
  /**
   * Whether a search should read ahead what its answer may show (`QueryOptions.reads`): true when
   * the bodies are fetched (a sharded build's body ranges, each fetch a round the search would
   * otherwise wait for), false when they are in the manifest or imported from the bundle, where a
   * read ahead of a page the answer does not show only costs.
   */
  readonly readsAhead: boolean;
  /**
   * Whether {@link ContentStore.loadDocuments} may read anything: false when the manifest holds
   * every document's details (a bundled build's), so that a search gathers nothing for it to read.
   * Unknown (`undefined`): it may.
   */
  readonly readsDetails?: boolean;
  /**
   * Makes every document's id readable — and what is derived from it: path, URI, file name,
   * slug, category — when the manifest keeps them in id ranges (a sharded build's: `id_ranges.ts`;
   * a document's id is readable without it once its details are loaded); otherwise there is
   * nothing to load. Rejects when a range fails to load (a later call tries again).
   */
  loadIds(): Promise<void>;
  /**
   * The numbers (in `manifest.documents`) of the documents of category `wanted` (lowercase, as
   * filters compare it), in order, when the store knows them without reading every id (a sharded
   * build's `categorySpans`: `category_spans.ts`; `categories` is then known too); else
   * `undefined` (read them after {@link ContentStore.loadIds}).
   */
  categoryNumbers(wanted: string): readonly number[] | undefined;
  /**
   * The source of document `n` (in `manifest.documents`), read without making the document (an
   * edge manifest's source column): a source filter tests every document.
   */
  sourceAt(n: number): string;
  /**
   * Makes readable the paths of the documents (of source `source`, else of every one) whose path
   * may start with `prefix` in any case (`prefix` lowercase), and gives their numbers in order:
   * some whose path does not (each must be compared), every one whose path does — a sharded
   * build's reads the id ranges that may hold them (`rangesMayHold` of `id_ranges.ts`); else
   * `undefined`: every path is read after {@link ContentStore.loadIds}.
   */
  loadPaths(prefix: string, source?: string): Promise<readonly number[] | undefined>;
  /**
   * By manifest id (`<source>/<path>`). The look-ups are asynchronous: a sharded build's reads
   * one id range (`id_ranges.ts`), a slug alone one slug range (`slug_ranges.ts`).
   */
  byId(id: string): Promise<ManifestDocument | undefined>;
  /** By URI (`acdc://<source>/<path>`). */
  byUri(uri: string): Promise<ManifestDocument | undefined>;
  /**
   * By `slug`, `category/slug` (any path inside a source) or `source/path`. A slug shared by
   * several documents is ambiguous and lists their qualified names.
   */
  lookup(ref: string): Promise<SlugLookup>;
  /**
   * The documents whose file name or path, alone or after their source's name and `/`, is
   * `name`, in their order (a sharded build's reads an id range for each form `name` may take).
   */
  byFile(name: string): Promise<ManifestDocument[]>;
}

/** Options of {@link createContentStore}. */
export interface ContentStoreOptions {
  /**
   * Imports body chunk `k` of a manifest with `bodyChunks` (an object of document id → body), or
   * body range `k` of one with `bodyRangeBytes` (`body_ranges.ts`: bodies and sections); required
   * for such a manifest.
   */
  bodyChunk?: (k: number) => Promise<unknown>;
  /**
   * Reads the detail ranges of a manifest with `detailRange` (`document_details.ts`); required
   * for such a manifest.
   */
  detailRange?: DetailRangeReader;
  /** Reads the id ranges of a manifest with `idRangeFirsts` (`id_ranges.ts`); required for one. */
  idRange?: IdRangeReader;
  /**
   * Reads slug range `k` of a manifest with `slugRangeFirsts` (a `SlugRange`: `slug_ranges.ts`);
   * without it, a look-up by slug reads every id.
   */
  slugRange?: (k: number) => Promise<unknown>;
  /**
   * Reads order range `k` of a manifest with `listOrderSize` (its runs: `list_order.ts`); without
   * it, a page of the list loads every document's details.
   */
  orderRange?: (k: number) => Promise<unknown>;
  /** The byte bound shared with the isolate's other chunks read from shards. */
  chunkCache?: ChunkCache;
}

/**
 * The ids of an edge manifest's documents (compact, sorted by id: `compactManifest`): in its
 * id ranges and detail ranges (`withDetails`) when it keeps them there, else read in place;
 * `undefined` for a manifest of whole documents.
 */
function storeIds(
  input: Manifest,
  withDetails: (n: number) => string | undefined,
  options: ContentStoreOptions,
): StoreIds | undefined {
  const compact = input.compactDocuments;
  if (!compact) return undefined;
  const read = fieldReader(compact);
  const sourceAt = (n: number) => (read("s", n) as number | undefined) ?? 0;
  const fileAt = (n: number) => read("f", n) as string | undefined;
  const firsts = input.idRangeFirsts;
  if (firsts === undefined) {
    return idsInPlace(compact.length, (n) => read("i", n) as string, sourceAt, fileAt);
  }
  if (!options.idRange) {
    throw new TypeError("Invalid manifest: its ids are in id ranges and nothing loads them");
  }
  return rangedIds({
    count: compact.length,
    firsts,
    size: input.idRangeSize!,
    reader: options.idRange,
    sourceAt,
    fileAt,
    withDetails,
    cache: options.chunkCache,
  });
}

/** Reading bodies: from the manifest, or from chunks imported on first need. */
function createBodies(
  manifest: Manifest,
  bodyChunk: ((k: number) => Promise<unknown>) | undefined,
  cache?: ChunkCache,
): Pick<ContentStore, "body" | "loadBodies"> {
  const count = manifest.bodyChunks;
  if (count === undefined) {
    return { body: (doc) => manifest.bodies[doc.id] ?? "", loadBodies: () => LOADED };
  }
  if (!bodyChunk) {
    throw new TypeError(
      `Invalid manifest: its bodies are in ${count} chunk modules and nothing loads them`,
    );
  }
  const chunks = createChunkLoader(count, bodyChunk, (chunk, k) => {
    if (typeof chunk !== "object" || chunk === null) {
      throw new TypeError(`body chunk ${k} is not an object`);
    }
    const texts = new Map<string, string>();
    for (const [id, text] of Object.entries(chunk)) {
      if (typeof text === "string") texts.set(id, text);
    }
    return texts;
  }, cache);
  return {
    body(doc) {
      const texts = chunks.get(bodyChunkOf(doc.id, count));
      if (!texts) throw new Error(`body of ${doc.id} read before loadBodies`);
      return texts.get(doc.id) ?? "";
    },
    loadBodies: (docs = manifest.documents) =>
      chunks.load(Array.from(docs, (doc) => bodyChunkOf(doc.id, count))),
  };
}

/**
 * `ContentStore.listPage` over `documents` (the manifest's): by its order ranges when the
 * manifest has them and `orderRange` reads them (and, for a category, `numbersOf` knows its
 * documents; `sourceOf` gives a document's source without making it), else by `sorted` (the
 * store's sorted documents) once every detail is loaded.
 */
function createListPage(
  input: Manifest,
  documents: readonly ManifestDocument[],
  options: ContentStoreOptions,
  loadDetails: (docs?: Iterable<ManifestDocument>) => Promise<void>,
  sorted: () => readonly ManifestDocument[],
  numbersOf: (wanted: string) => readonly number[] | undefined,
  sourceOf: (n: number) => string,
): ContentStore["listPage"] {
  const size = input.listOrderSize;
  const ranged = size !== undefined && options.orderRange && listOrderRanges({
    count: documents.length,
    size,
    read: options.orderRange,
    cache: options.chunkCache,
  });
  // Which documents a set of sources (a scoped view's, the same set on each of its requests)
  // holds: found once per set.
  const inSources = new WeakMap<ReadonlySet<string>, Uint8Array>();
  const sourceMask = (sources: ReadonlySet<string>) => {
    let mask = inSources.get(sources);
    if (!mask) {
      mask = new Uint8Array(documents.length);
      for (let n = 0; n < mask.length; n++) if (sources.has(sourceOf(n))) mask[n] = 1;
      inSources.set(sources, mask);
    }
    return mask;
  };
  return async (wanted, offset, limit, sources) => {
    const numbers = wanted === "" ? undefined : numbersOf(wanted);
    if (ranged && (wanted === "" || numbers)) {
      let keep: ((n: number) => boolean) | undefined;
      const visible = sources && sourceMask(sources);
      if (numbers) {
        const mask = new Uint8Array(documents.length);
        for (const n of numbers) mask[n] = visible ? visible[n]! : 1;
        keep = (n) => mask[n] === 1;
      } else if (visible) keep = (n) => visible[n] === 1;
      const page = await ranged(offset, limit, keep);
      const docs = page.numbers.map((n) => documents[n]!);
      await loadDetails(docs);
      return { docs, total: page.total };
    }
    await loadDetails();
    const listed = wanted === "" && !sources
      ? sorted()
      : sorted().filter((d) =>
        (!sources || sources.has(d.source)) &&
        (wanted === "" || d.category.toLowerCase() === wanted)
      );
    return { docs: listed.slice(offset, offset + limit), total: listed.length };
  };
}

/**
 * Builds the store once per manifest. Sorting and the lookup maps (`document_lookups.ts`) are
 * made on first use (once, then requests only read): a cold isolate's first search, which needs
 * neither, does not pay for them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createContentStore } from "./content_store.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "a/x.md", text: "# X" }, { path: "b/x.md", text: "# X" }] },
 * ] });
 * const store = createContentStore(manifest);
 * assert.ok((await store.lookup("a/x")).kind === "found");
 * // Its details are in the manifest: nothing for a search to gather for them.
 * assert.equal(store.readsDetails, false);
 * assert.ok((await store.lookup("x")).kind === "ambiguous");
 * ```
 */
export function createContentStore(
  input: Manifest,
  options: ContentStoreOptions = {},
): ContentStore {
  assertManifest(input);
  // An error names a document by its id when it can be read, else by its number.
  const name = (n: number) => ids?.at(n) ?? `document ${n}`;
  const details = rangedDetails(input, options.detailRange, options.chunkCache, name);
  const ids = storeIds(input, details.idAt, options);
  // A document's number: its view's, else (a copy of it) that of its id.
  const numberOf = (doc: ManifestDocument): number => {
    const n = documentNumber(doc) ?? ids?.findNow(doc.id) ?? -1;
    if (n === -1) throw new Error(`document ${doc.id} is not in the manifest (or not loaded)`);
    return n;
  };
  const ranged = input.bodyRangeBytes !== undefined
    ? rangedBodies(input, options.bodyChunk, numberOf, name, options.chunkCache)
    : undefined;
  const manifest = expandManifest(input, {
    sections: ranged?.sections,
    details: details.elsewhere,
    id: input.idRangeFirsts && ((n) => {
      const id = ids!.at(n);
      if (id === undefined) {
        throw new Error(`id of document ${n} read before it was loaded (loadDocuments)`);
      }
      return id;
    }),
  });
  const bodies = ranged ?? createBodies(manifest, options.bodyChunk, options.chunkCache);
  let documents: ManifestDocument[] | undefined;
  let categories: string[] | undefined;
  const multiSource = manifest.sources.length > 1;
  const qualified = (d: ManifestDocument) => (multiSource ? d.id : d.path);
  const sourceNames = manifest.sources.map((s) => s.name);
  // An edge manifest's documents are sorted by id (`compactManifest`): found by their ids.
  // Where each category's documents are, when the build wrote it beside its outline.
  const spans = input.outline && input.categorySpans &&
    { outline: input.outline, categorySpans: input.categorySpans };
  const slugFirsts = input.slugRangeFirsts;
  const findSlug = slugFirsts && options.slugRange && slugRanges({
    firsts: slugFirsts,
    count: manifest.documents.length,
    read: options.slugRange,
    cache: options.chunkCache,
  });
  const { byId, byUri, lookup, byFile } = createLookups(
    manifest.documents,
    sourceNames,
    qualified,
    ids,
    findSlug,
  );
  const sorted = () => documents ??= [...manifest.documents].sort(listedBefore);
  const sourceAt = (n: number) =>
    ids ? sourceNames[ids.sourceAt(n)]! : manifest.documents[n]!.source;
  const numbersOf = (wanted: string) =>
    spans && categoryNumbers(spans.outline, spans.categorySpans, wanted);
  return {
    manifest,
    contentHash: manifest.contentHash,
    get documents() {
      return sorted();
    },
    listPage: createListPage(
      input,
      manifest.documents,
      options,
      details.load,
      sorted,
      numbersOf,
      sourceAt,
    ),
    get categories() {
      // A sharded build's outline names them (its documents' paths are in id ranges).
      return categories ??= spans
        ? [...new Set(spans.outline.sources.flatMap((s) => s.categories))].sort()
        : [...new Set(manifest.documents.map((d) => d.category).filter(Boolean))].sort();
    },
    sourceNames,
    body: bodies.body,
    loadBodies: details.elsewhere
      ? (docs = manifest.documents) => {
        // A tool quoting a body shows its document: its details are loaded with it.
        const list = [...docs];
        return Promise.all([bodies.loadBodies(list), details.load(list)]).then(() => {});
      }
      : (docs = manifest.documents) => bodies.loadBodies(docs),
    loadDocuments: details.load,
    loadIds: () => ids?.loadAll() ?? LOADED,
    async loadPaths(prefix, source) {
      const heads = sourceNames.filter((name) => source === undefined || name === source);
      const near = await Promise.all(heads.map((name) => ids?.loadPrefixed(`${name}/`, prefix)));
      if (!ids || near.some((numbers) => numbers === undefined)) return undefined;
      return [...new Set(near.flat() as number[])].sort((a, b) => a - b);
    },
    categoryNumbers: numbersOf,
    sourceAt,
    readsAhead: ranged !== undefined,
    readsDetails: details.elsewhere !== undefined,
    byId,
    byUri,
    lookup,
    byFile,
  };
}
