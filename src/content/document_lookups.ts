/**
 * The content store's look-ups of a document by id, URI, path or slug, each map made on its first
 * use: a cold isolate's `get_article` or `read` of one page names it by id or URI, which needs the
 * map of ids only — not every document's URI (each path's segments encoded), path and slug, which
 * took most of the CPU of such a call on a 30,502-page shelf (2026-11-28).
 *
 * @module
 */
import type { SlugLookup } from "./content_store.ts";
import type { ManifestDocument } from "./manifest.ts";

/** The look-ups of {@link createLookups}. */
export interface DocumentLookups {
  byId(id: string): ManifestDocument | undefined;
  byUri(uri: string): ManifestDocument | undefined;
  lookup(ref: string): SlugLookup;
}

const SCHEME = "acdc://";

/**
 * The ids of a list of documents sorted by id (an edge manifest's: `compactManifest`), read
 * without making the documents: document `n`'s id and its source's number.
 */
export interface IdsInPlace {
  idAt(n: number): string;
  sourceAt(n: number): number;
}

/** The number of the document with id `id` among `count` sorted by id, or -1. */
function search(ids: IdsInPlace, count: number, id: string): number {
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids.idAt(mid);
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * {@link createLookups} over documents sorted by id whose ids are read in place (`ids`): a
 * document named by its id, URI or path (in any source) is found by a binary search over the
 * ids, which makes no other document (a cold isolate's `get_article` or `read` of one page of
 * 30,502 made them all, and every id); a slug alone reads every id, once, and makes the
 * documents it finds only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLookups } from "./document_lookups.ts";
 * const ids = ["d/a/x", "d/b/x", "e/a/x"];
 * const made: number[] = [];
 * const docs = new Proxy([] as never[], {
 *   get: (t, k) => typeof k === "string" && /^\d+$/.test(k)
 *     ? (made.push(+k), { id: ids[+k], path: ids[+k]!.slice(2) })
 *     : Reflect.get(t, k),
 * });
 * const inPlace = { idAt: (n: number) => ids[n]!, sourceAt: (n: number) => n < 2 ? 0 : 1 };
 * Object.defineProperty(docs, "length", { value: 3 });
 * const { byId, lookup } = createLookups(docs, ["d", "e"], (d) => d.id, inPlace);
 * assert.equal(byId("d/b/x")?.id, "d/b/x");
 * assert.deepEqual(lookup("a/x"), { kind: "ambiguous", candidates: ["d/a/x", "e/a/x"] });
 * assert.deepEqual(made, [1, 0, 2]);
 * assert.equal(lookup("x").kind, "ambiguous");
 * assert.deepEqual(lookup("y"), { kind: "missing" });
 * ```
 */
function lookupsInPlace(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  qualified: (doc: ManifestDocument) => string,
  ids: IdsInPlace,
): DocumentLookups {
  const count = documents.length;
  const byId = (id: string) => {
    const n = search(ids, count, id);
    return n === -1 ? undefined : documents[n];
  };
  // Each slug's documents' numbers, made when a slug alone is first looked up.
  let slugs: Map<string, number[]> | undefined;
  const bySlug = (slug: string) => {
    if (!slugs) {
      slugs = new Map();
      for (let n = 0; n < count; n++) {
        const id = ids.idAt(n);
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
    byUri: uriLookup(documents, sourceNames, byId),
    lookup(ref) {
      const key = lookupKey(ref);
      const exact = byId(key);
      if (exact) return { kind: "found", doc: exact };
      // A path in a source: the document of that source with the id `<source>/<path>`.
      let found: number[] = [];
      sourceNames.forEach((source, s) => {
        const n = search(ids, count, `${source}/${key}`);
        if (n !== -1 && ids.sourceAt(n) === s) found.push(n);
      });
      if (found.length === 0 && !key.includes("/")) found = bySlug(key);
      return answer(found.map((n) => documents[n]!), qualified);
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
 * otherwise a map of every URI is made on the first look-up.
 */
function uriLookup(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  byId: (id: string) => ManifestDocument | undefined,
): (uri: string) => ManifestDocument | undefined {
  if (sourceNames.some((name) => /[/%]/.test(name))) {
    let uris: Map<string, ManifestDocument> | undefined;
    return (uri) => {
      if (!uris) {
        uris = new Map();
        for (const doc of documents) uris.set(doc.uri, doc);
      }
      return uris.get(uri);
    };
  }
  return (uri) => {
    const id = idOfUri(uri);
    const doc = id === undefined ? undefined : byId(id);
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
 * ambiguous slug's documents).
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
 * const { byId, byUri, lookup } = createLookups(docs, ["d"], (d) => d.id);
 * assert.equal(byId("d/b/x"), docs[1]);
 * assert.equal(byUri("acdc://d/c/what%3F"), docs[2]);
 * assert.equal(byUri("acdc://d/c/what?"), undefined); // not as the document writes it
 * assert.deepEqual(lookup("/a/x/"), { kind: "found", doc: docs[0] });
 * assert.deepEqual(lookup("x"), { kind: "ambiguous", candidates: ["d/a/x", "d/b/x"] });
 * assert.deepEqual(lookup("y"), { kind: "missing" });
 * ```
 */
export function createLookups(
  documents: readonly ManifestDocument[],
  sourceNames: readonly string[],
  qualified: (doc: ManifestDocument) => string,
  inPlace?: IdsInPlace,
): DocumentLookups {
  if (inPlace) return lookupsInPlace(documents, sourceNames, qualified, inPlace);
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
  const byId = (id: string) => byIds().get(id);
  return {
    byId,
    byUri: uriLookup(documents, sourceNames, byId),
    lookup(ref) {
      const key = lookupKey(ref);
      const exact = byId(key);
      if (exact) return { kind: "found", doc: exact };
      const { byPath, bySlug } = byPlaces();
      return answer(
        byPath.get(key) ?? (key.includes("/") ? undefined : bySlug.get(key)) ?? [],
        qualified,
      );
    },
  };
}
