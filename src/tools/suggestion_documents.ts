/**
 * What a "did you mean" compares an unknown name with (`closest.ts`): on a store of several
 * sources, a name that starts with one of them (`<source>/…`, the longest such) is compared with
 * that source's documents only — the source the caller named, read alone (a sharded build's id
 * ranges of that source, not every one) — and, for a file name, which may also be a path without
 * its source, with the other sources' documents in a folder of that name; any other name with
 * every document.
 *
 * @module
 */
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";

/**
 * The documents to suggest from for `name` (an id or a `source/filename`), their ids readable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { createContentStore } from "../content/content_store.ts";
 * import { suggestionDocuments } from "./suggestion_documents.ts";
 * const files = (...paths: string[]) => paths.map((path) => ({ path, text: `# ${path}` }));
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "a", description: "", files: files("x.md", "z.md") },
 *   { name: "ab", description: "", files: files("y.md") },
 * ] });
 * const store = createContentStore(manifest);
 * const ids = async (name: string) => (await suggestionDocuments(store, name)).map((d) => d.id);
 * assert.deepEqual(await ids("a/q"), ["a/x", "a/z"]);
 * assert.deepEqual(await ids("ab/q"), ["ab/y"]);
 * assert.deepEqual(await ids("abc/q"), ["a/x", "a/z", "ab/y"]);
 * const orPath = async (name: string) =>
 *   (await suggestionDocuments(store, name, { orPath: true })).map((d) => d.id);
 * assert.deepEqual(await orPath("ab/q"), ["ab/y"]); // no folder ab/ in source a
 * ```
 */
export async function suggestionDocuments(
  store: ContentStore,
  name: string,
  { orPath = false }: { orPath?: boolean } = {},
): Promise<readonly ManifestDocument[]> {
  const docs = store.manifest.documents;
  const source = store.sourceNames.length < 2 ? undefined : store.sourceNames
    .filter((s) => name.startsWith(`${s}/`))
    .reduce<string | undefined>(
      (a, s) => (a === undefined || s.length > a.length ? s : a),
      undefined,
    );
  if (source === undefined) {
    await store.loadIds(); // every name is compared
    return docs;
  }
  const found = await pathsFrom(store, source, "");
  if (orPath) {
    // A file name may also be a path without its source: `api/x.md` in a source whose folder
    // is `api/` (a source's name among them).
    const folder = `${source}/`.toLowerCase();
    for (const other of store.sourceNames) {
      if (other !== source) found.push(...await pathsFrom(store, other, folder));
    }
  }
  return found;
}

/** The documents of `source` whose path starts with `prefix` (lowercase) in any case. */
async function pathsFrom(
  store: ContentStore,
  source: string,
  prefix: string,
): Promise<ManifestDocument[]> {
  const docs = store.manifest.documents;
  const near = await store.loadPaths(prefix, source);
  if (!near) await store.loadIds();
  const found: ManifestDocument[] = [];
  for (const n of near ?? docs.keys()) {
    if (store.sourceAt(n) !== source) continue;
    const doc = docs[n]!;
    if (prefix === "" || doc.path.toLowerCase().startsWith(prefix)) found.push(doc);
  }
  return found;
}
