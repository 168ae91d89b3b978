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
): DocumentLookups {
  // A document's URI spells its id when its source's name is written as it is (no `/`, which
  // would end it, nor `%`, which would be read as an escape): then the URI names the document
  // with that id, if any, and a URI its id does not find names none.
  const urisSpellIds = sourceNames.every((name) => !/[/%]/.test(name));
  let ids: Map<string, ManifestDocument> | undefined;
  let uris: Map<string, ManifestDocument> | undefined;
  let places:
    | { byPath: Map<string, ManifestDocument[]>; bySlug: Map<string, ManifestDocument[]> }
    | undefined;
  const byIds = () => {
    if (ids) return ids;
    ids = new Map();
    for (const doc of documents) ids.set(doc.id, doc);
    return ids;
  };
  const byUris = () => {
    if (uris) return uris;
    uris = new Map();
    for (const doc of documents) uris.set(doc.uri, doc);
    return uris;
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
    byUri(uri) {
      if (!urisSpellIds) return byUris().get(uri);
      // Found by its id, and its URI checked (`acdc://d/what?` is not how `d/what?` is written).
      const id = idOfUri(uri);
      const doc = id === undefined ? undefined : byId(id);
      return doc !== undefined && doc.uri === uri ? doc : undefined;
    },
    lookup(ref) {
      let key = ref.trim();
      if (key.startsWith("/") || key.endsWith("/")) key = key.replace(/^\/+|\/+$/g, "");
      const exact = byId(key);
      if (exact) return { kind: "found", doc: exact };
      const { byPath, bySlug } = byPlaces();
      const list = byPath.get(key) ?? (key.includes("/") ? undefined : bySlug.get(key));
      if (!list || list.length === 0) return { kind: "missing" };
      if (list.length === 1) return { kind: "found", doc: list[0]! };
      return { kind: "ambiguous", candidates: list.map(qualified).sort() };
    },
  };
}
