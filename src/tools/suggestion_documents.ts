/**
 * What a "did you mean" compares an unknown name with (`closest.ts`): on a store of several
 * sources, a name that starts with one of them (`<source>/…`, the longest such) is compared with
 * that source's documents only — the source the caller named, read alone (a sharded build's id
 * ranges of that source, not every one); any other name with every document.
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
 * ```
 */
export async function suggestionDocuments(
  store: ContentStore,
  name: string,
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
  const near = await store.loadPaths("", source);
  if (!near) await store.loadIds();
  const numbers = near ?? docs.keys();
  const found: ManifestDocument[] = [];
  for (const n of numbers) if (store.sourceAt(n) === source) found.push(docs[n]!);
  return found;
}
