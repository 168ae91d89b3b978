/**
 * What one request may see of a store: the sources whose scope its token holds, and the sources
 * that need none. A view drops the others whole — their documents, bodies, prompts, categories,
 * counts — so nothing downstream (tools, resources, prompts, completions, suggestions, the site
 * files) can name them; its search index is its own (made from its documents on first search),
 * so no term, count or "did you mean" of a hidden source reaches it either.
 *
 * @module
 */
import { type ContentStore, createContentStore } from "./content_store.ts";
import type { Manifest } from "./manifest.ts";

/** Per store: its views by visible sources, or `null` when no source of it needs a scope. */
const views = new WeakMap<ContentStore, Map<string, ContentStore> | null>();

/**
 * Whether a content hash is a scoped view's (the store's hash, `~`, the visible sources).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isViewHash } from "./scoped_store.ts";
 * assert.equal(isViewHash("9ee1b190~docs"), true);
 * assert.equal(isViewHash("9ee1b190"), false);
 * ```
 */
export function isViewHash(contentHash: string): boolean {
  return contentHash.includes("~");
}

/**
 * Whether a request with `scopes` sees `source`: it needs no scope, or one the request holds;
 * `undefined` scopes (a trusted local transport: stdio) see every source.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceVisible } from "./scoped_store.ts";
 * assert.equal(sourceVisible({ scope: "docs:internal" }, []), false);
 * assert.equal(sourceVisible({ scope: "docs:internal" }, ["docs:internal"]), true);
 * assert.equal(sourceVisible({ scope: "docs:internal" }, undefined), true);
 * assert.equal(sourceVisible({}, []), true);
 * ```
 */
export function sourceVisible(
  source: { scope?: string | undefined },
  scopes: readonly string[] | undefined,
): boolean {
  return scopes === undefined || source.scope === undefined || scopes.includes(source.scope);
}

/**
 * The source a prompt belongs to: its name is `<source>:<name>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { promptSource } from "./scoped_store.ts";
 * assert.equal(promptSource("docs:review"), "docs");
 * ```
 */
export const promptSource = (name: string): string => name.slice(0, name.indexOf(":"));

/** Most distinct views kept per store (each a set of visible sources); past it they start over. */
const MAX_VIEWS = 16;

/**
 * The store as a request with `scopes` sees it. `undefined` scopes (a trusted local transport:
 * stdio) see everything; a store without scoped sources is returned as is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { createContentStore } from "./content_store.ts";
 * import { scopedStore } from "./scoped_store.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "public", description: "", files: [{ path: "a.md", text: "# A" }] },
 *   { name: "internal", description: "", scope: "docs:internal", files: [{ path: "b.md", text: "# B" }] },
 * ] });
 * const store = createContentStore(manifest);
 * assert.deepEqual(scopedStore(store, []).documents.map((d) => d.id), ["public/a"]);
 * assert.equal(scopedStore(store, ["docs:internal"]), store);
 * assert.equal(scopedStore(store, undefined), store);
 * assert.equal(scopedStore(store, []), scopedStore(store, ["other"])); // one view per visible set
 * ```
 */
export function scopedStore(
  store: ContentStore,
  scopes: readonly string[] | undefined,
): ContentStore {
  if (scopes === undefined) return store;
  let byKey = views.get(store);
  if (byKey === undefined) {
    // Decided once per store: most have no scoped source, and every request asks.
    byKey = store.manifest.sources.some((s) => s.scope !== undefined) ? new Map() : null;
    views.set(store, byKey);
  }
  if (byKey === null) return store;
  const sources = store.manifest.sources;
  const visible = sources.filter((s) => sourceVisible(s, scopes));
  if (visible.length === sources.length) return store;
  const key = visible.map((s) => s.name).join("\n");
  let view = byKey.get(key);
  if (!view) {
    if (byKey.size >= MAX_VIEWS) byKey.clear();
    view = makeView(store, new Set(visible.map((s) => s.name)), key);
    byKey.set(key, view);
  }
  return view;
}

function makeView(store: ContentStore, visible: Set<string>, key: string): ContentStore {
  const m = store.manifest;
  const documents = m.documents.filter((d) => visible.has(d.source));
  const manifest: Manifest = {
    ...m,
    // Its own content hash: the engine cache builds this view's index, never the full one.
    contentHash: `${m.contentHash}~${key.replaceAll("\n", "+")}`,
    sources: m.sources.filter((s) => visible.has(s.name)),
    documents,
    prompts: (m.prompts ?? []).filter((p) => visible.has(promptSource(p.name))),
    // Bodies are read through the full store (its chunks, when the manifest is chunked).
    bodies: {},
  };
  if (m.llmsFullSizes) {
    manifest.llmsFullSizes = m.llmsFullSizes.filter((_, n) => visible.has(m.documents[n]!.source));
  }
  const {
    bodyChunks: _chunks,
    bodyRangeBytes: _ranges,
    bodyRangeStarts: _starts,
    detailRangeStarts: _details,
    idRangeFirsts: _firsts,
    idRangeSize: _size,
    slugRangeFirsts: _slugs,
    listOrderSize: _order,
    outline: _outline,
    categorySpans: _spans,
    ...plain
  } = manifest;
  const view = createContentStore(plain as Manifest);
  // Not spread: its sorted documents and categories are made when first read (a sharded build's
  // documents sort by a date read from their detail ranges, which may not be loaded yet).
  return {
    manifest: view.manifest,
    contentHash: view.contentHash,
    get documents() {
      return view.documents;
    },
    get categories() {
      return view.categories;
    },
    // The store's list of the view's sources (its documents are the store's, in its order).
    listPage: (wanted, offset, limit) => store.listPage(wanted, offset, limit, visible),
    sourceNames: view.sourceNames,
    body: store.body,
    loadBodies: store.loadBodies,
    // Its documents are the store's: their details too (all of them at once, from the volumes,
    // when it asks for all).
    loadDocuments: store.loadDocuments,
    loadIds: store.loadIds,
    // Its documents are numbered apart (a list of the visible ones).
    categoryNumbers: () => undefined,
    sourceAt: view.sourceAt,
    loadPaths: () => Promise.resolve(undefined),
    readsAhead: store.readsAhead,
    ...(store.readsDetails !== undefined ? { readsDetails: store.readsDetails } : {}),
    // By id or URI: the store's document, if the view sees it (one id range read at most).
    byId: (id) => store.byId(id).then((doc) => doc && visible.has(doc.source) ? doc : undefined),
    byUri: (uri) =>
      store.byUri(uri).then((doc) => doc && visible.has(doc.source) ? doc : undefined),
    // By path or slug among the view's documents: their ids read first.
    lookup: (ref) => store.loadIds().then(() => view.lookup(ref)),
    byFile: (name) =>
      store.byFile(name).then((docs) => docs.filter((doc) => visible.has(doc.source))),
  };
}
