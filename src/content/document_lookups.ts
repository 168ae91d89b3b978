/**
 * The content store's look-ups of a document by id, URI, path or slug: over the store's ids
 * (`id_ranges.ts`: a binary search, which reads one id range of a sharded build), or maps made on
 * first use. A cold isolate's `get_article` or `read` of one page names it by id or URI, which
 * needs no document's URI (each path's segments encoded), path or slug: making those took most of
 * the CPU of such a call on a 30,502-page shelf (2026-11-28).
 *
 * @module
 */
import type { SlugLookup } from "./content_store.ts";
import type { StoreIds } from "./id_ranges.ts";
import type { ManifestDocument } from "./manifest.ts";
import type { SlugHit } from "./slug_ranges.ts";

/** The documents bearing a slug, with their ids (`slug_ranges.ts`: one slug range read). */
export type SlugFinder = (slug: string) => Promise<SlugHit[]>;

/**
 * The look-ups of {@link createLookups}: asynchronous, for a sharded build's ids are in id ranges
 * read on first need (`id_ranges.ts`).
 */
export interface DocumentLookups {
  byId(id: string): Promise<ManifestDocument | undefined>;
  byUri(uri: string): Promise<ManifestDocument | undefined>;
  lookup(ref: string): Promise<SlugLookup>;
  /**
   * The documents (in their order) whose file name or path, alone or after their source's name
   * and `/`, is `name`.
   */
  byFile(name: string): Promise<ManifestDocument[]>;
}

/** Whether `doc`'s file name or path, alone or after its source's name, is `name`. */
const namedBy = (doc: ManifestDocument, name: string) =>
  doc.filename === name || doc.path === name || `${doc.source}/${doc.filename}` === name ||
  `${doc.source}/${doc.path}` === name;

/** `name` without the `.md` or `.html` a file name adds to a path (`usualFilename`), or itself. */
const withoutExtension = (name: string) => name.replace(/\.(md|html)$/, "");

const SCHEME = "acdc://";

/**
 * {@link createLookups} over documents sorted by id whose ids the store reads (`ids`: in place,
 * or in id ranges, `id_ranges.ts`): a document named by its id, URI or path (in any source) is
 * found by a binary search over the ids, which makes no other document and reads one id range
 * at most; a slug alone reads one slug range when the build wrote them (`findSlug`: the documents
 * it finds and their ids), else every id, once, and makes the documents it finds only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLookups } from "./document_lookups.ts";
 * import { idsInPlace } from "./id_ranges.ts";
 * const ids = ["d/a/x", "d/b/x", "e/a/x"];
 * const made: number[] = [];
 * const docs = new Proxy([] as never[], {
 *   get: (t, k) => typeof k === "string" && /^\d+$/.test(k)
 *     ? (made.push(+k), { id: ids[+k], path: ids[+k]!.slice(2) })
 *     : Reflect.get(t, k),
 * });
 * const inPlace = idsInPlace(3, (n) => ids[n]!, (n) => n < 2 ? 0 : 1, () => undefined);
 * Object.defineProperty(docs, "length", { value: 3 });
 * const { byId, lookup } = createLookups(docs, ["d", "e"], (d) => d.id, inPlace);
 * assert.equal((await byId("d/b/x"))?.id, "d/b/x");
 * assert.deepEqual(await lookup("a/x"), { kind: "ambiguous", candidates: ["d/a/x", "e/a/x"] });
 * assert.deepEqual(made, [1, 0, 2]);
 * assert.equal((await lookup("x")).kind, "ambiguous");
 * assert.deepEqual(await lookup("y"), { kind: "missing" });
 * ```
 */
function lookupsOfIds(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  qualified: (doc: ManifestDocument) => string,
  ids: StoreIds,
  findSlug?: SlugFinder,
): DocumentLookups {
  const count = ids.count;
  // An id is `<source>/<path>`: one that starts with no source's name is none (no range read).
  const find = (id: string) =>
    sourceNames.some((name) => id.startsWith(`${name}/`)) ? ids.find(id) : Promise.resolve(-1);
  const byId = async (id: string) => {
    const n = await find(id);
    return n === -1 ? undefined : documents[n];
  };
  // Each slug's documents' numbers, made when a slug alone is first looked up.
  let slugs: Map<string, number[]> | undefined;
  const bySlug = async (slug: string) => {
    if (!slugs) {
      await ids.loadAll();
      slugs ??= new Map();
      for (let n = 0; n < count; n++) {
        const id = ids.at(n)!;
        const source = sourceNames[ids.sourceAt(n)]!;
        const slug = id.slice(Math.max(source.length + 1, id.lastIndexOf("/") + 1));
        const list = slugs.get(slug);
        if (list) list.push(n);
        else slugs.set(slug, [n]);
      }
    }
    return slugs.get(slug) ?? [];
  };
  return {
    byId,
    byUri: uriLookup(documents, sourceNames, byId, ids),
    async lookup(ref) {
      const key = lookupKey(ref);
      const exact = await byId(key);
      if (exact) return { kind: "found", doc: exact };
      let found: number[];
      if (findSlug && !key.includes("/")) {
        // A path in a source without `/` is a slug: its slug range holds the documents of every
        // source with the id `<source>/<key>` (those found first), and the others bearing it.
        const hits = await findSlug(key);
        ids.learn(hits);
        const inSources = hits.filter(({ n, id }) =>
          id === `${sourceNames[ids.sourceAt(n)]}/${key}`
        );
        found = (inSources.length > 0 ? inSources : hits).map(({ n }) => n);
      } else {
        // A path in a source: the document of that source with the id `<source>/<path>`.
        const inSources = await Promise.all(
          sourceNames.map((source) => ids.find(`${source}/${key}`)),
        );
        found = inSources.filter((n, s) => n !== -1 && ids.sourceAt(n) === s);
        if (found.length === 0 && !key.includes("/")) found = await bySlug(key);
      }
      return answer(found.map((n) => documents[n]!), qualified);
    },
    async byFile(name) {
      // The ids such a document may have (a path, or a file name that is its path and `.md` or
      // `.html`), each read in one id range, and the documents whose manifest writes their file
      // name (read in place): then each one's names compared.
      const bare = withoutExtension(name);
      const probes = new Set([name, bare]);
      for (const source of sourceNames) probes.add(`${source}/${name}`).add(`${source}/${bare}`);
      const found = new Set(await Promise.all([...probes].map(find)));
      for (let n = 0; n < count; n++) {
        const file = ids.fileAt(n);
        if (file === undefined) continue;
        if (file === name || `${sourceNames[ids.sourceAt(n)]}/${file}` === name) found.add(n);
      }
      found.delete(-1);
      const numbers = [...found].sort((a, b) => a - b);
      await ids.load(numbers);
      return numbers.map((n) => documents[n]!).filter((doc) => namedBy(doc, name));
    },
  };
}

/**
 * The id a document URI names (`acdc://<source>/<path>`, each path segment encoded: `documentUri`),
 * `undefined` when it names none.
 */
function idOfUri(uri: string): string | undefined {
  if (!uri.startsWith(SCHEME)) return undefined;
  try {
    return uri.slice(SCHEME.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined; // not a segment `encodeURIComponent` writes
  }
}

/**
 * The look-up by URI of `documents` (sources `sourceNames`). A document's URI spells its id when
 * its source's name is written as it is (no `/`, which would end it, nor `%`, which would be read
 * as an escape): then the URI names the document with that id (`byId`), its URI checked
 * (`acdc://d/what?` is not how `d/what?` is written), and a URI its id does not find names none;
 * otherwise a map of every URI is made on the first look-up (every id read first, `ids`).
 */
function uriLookup(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  byId: (id: string) => Promise<ManifestDocument | undefined>,
  ids?: StoreIds,
): (uri: string) => Promise<ManifestDocument | undefined> {
  if (sourceNames.some((name) => /[/%]/.test(name))) {
    let uris: Map<string, ManifestDocument> | undefined;
    return async (uri) => {
      if (!uris) {
        await ids?.loadAll();
        uris ??= new Map(documents.map((doc) => [doc.uri, doc]));
      }
      return uris.get(uri);
    };
  }
  return async (uri) => {
    const id = idOfUri(uri);
    const doc = id === undefined ? undefined : await byId(id);
    return doc !== undefined && doc.uri === uri ? doc : undefined;
  };
}

/** A look-up's answer from the documents it found (`qualified` names an ambiguous one's). */
function answer(
  found: readonly ManifestDocument[],
  qualified: (doc: ManifestDocument) => string,
): SlugLookup {
  if (found.length === 0) return { kind: "missing" };
  if (found.length === 1) return { kind: "found", doc: found[0]! };
  return { kind: "ambiguous", candidates: found.map(qualified).sort() };
}

/** A look-up's reference without spaces or slashes around it. */
function lookupKey(ref: string): string {
  const key = ref.trim();
  return key.startsWith("/") || key.endsWith("/") ? key.replace(/^\/+|\/+$/g, "") : key;
}

/**
 * The look-ups of `documents`, whose sources are `sourceNames` (`qualified` names one of an
 * ambiguous slug's documents): over the store's ids (`storeIds`, the documents sorted by id, and
 * `findSlug` when the build wrote slug ranges), or maps made on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLookups } from "./document_lookups.ts";
 * const doc = (source: string, path: string) => ({
 *   id: `${source}/${path}`, source, path, slug: path.split("/").at(-1)!,
 *   uri: `acdc://${source}/${path.split("/").map(encodeURIComponent).join("/")}`,
 * });
 * const docs = [doc("d", "a/x"), doc("d", "b/x"), doc("d", "c/what?")] as never[];
 * const { byId, byUri, lookup, byFile } = createLookups(docs, ["d"], (d) => d.id);
 * assert.equal(await byId("d/b/x"), docs[1]);
 * assert.equal(await byUri("acdc://d/c/what%3F"), docs[2]);
 * assert.equal(await byUri("acdc://d/c/what?"), undefined); // not as the document writes it
 * assert.deepEqual(await lookup("/a/x/"), { kind: "found", doc: docs[0] });
 * assert.deepEqual(await lookup("x"), { kind: "ambiguous", candidates: ["d/a/x", "d/b/x"] });
 * assert.deepEqual(await lookup("y"), { kind: "missing" });
 * assert.deepEqual(await byFile("d/b/x"), [docs[1]]);
 * ```
 */
export function createLookups(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  qualified: (doc: ManifestDocument) => string,
  storeIds?: StoreIds,
  findSlug?: SlugFinder,
): DocumentLookups {
  if (storeIds) return lookupsOfIds(documents, sourceNames, qualified, storeIds, findSlug);
  let ids: Map<string, ManifestDocument> | undefined;
  let places:
    | { byPath: Map<string, ManifestDocument[]>; bySlug: Map<string, ManifestDocument[]> }
    | undefined;
  const byIds = () => {
    if (ids) return ids;
    ids = new Map();
    for (const doc of documents) ids.set(doc.id, doc);
    return ids;
  };
  const byPlaces = () => {
    if (places) return places;
    places = { byPath: new Map(), bySlug: new Map() };
    const push = (map: Map<string, ManifestDocument[]>, key: string, doc: ManifestDocument) => {
      const list = map.get(key);
      if (list) list.push(doc);
      else map.set(key, [doc]);
    };
    for (const doc of documents) {
      push(places.byPath, doc.path, doc);
      push(places.bySlug, doc.slug, doc);
    }
    return places;
  };
  const byId = (id: string) => Promise.resolve(byIds().get(id));
  return {
    byId,
    byUri: uriLookup(documents, sourceNames, byId),
    lookup(ref) {
      const key = lookupKey(ref);
      const exact = byIds().get(key);
      if (exact) return Promise.resolve({ kind: "found", doc: exact });
      const { byPath, bySlug } = byPlaces();
      return Promise.resolve(answer(
        byPath.get(key) ?? (key.includes("/") ? undefined : bySlug.get(key)) ?? [],
        qualified,
      ));
    },
    byFile: (name) => Promise.resolve(documents.filter((doc) => namedBy(doc, name))),
  };
}
