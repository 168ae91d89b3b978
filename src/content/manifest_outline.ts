/**
 * What the listings (`tools/list`, `prompts/list`, `resources/templates/list`) read of a
 * manifest, small enough for a sharded build's root file to carry: the sources' names, scopes and
 * category folders, and the prompts as `prompts/list` gives them. A local server started from the
 * root answers those methods from it before it reads any document, and from the loaded
 * manifest's own outline after: one function ({@link manifestOutline}) makes both, so the answers
 * are the same.
 *
 * @module
 */
import type { Manifest } from "./manifest.ts";
import { promptSource, sourceVisible } from "./scoped_store.ts";

/** One source as the listings see it. */
export interface OutlineSource {
  name: string;
  /** The OAuth scope a request's token needs to see the source (`ManifestSource.scope`). */
  scope?: string;
  /** The category folders its documents are in, sorted, without `""` (top-level files). */
  categories: string[];
}

/** One prompt as `prompts/list` gives it. */
export interface OutlinePrompt {
  name: string;
  title?: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
}

/** A manifest's outline: its sources in config order and its prompts sorted by name. */
export interface ManifestOutline {
  sources: OutlineSource[];
  prompts: OutlinePrompt[];
}

/**
 * What the tools' input schemas read of a store (a `ContentStore` is one): the names of the
 * sources a request sees, and the category folders in use among their documents, sorted.
 */
export interface StoreOutline {
  readonly sourceNames: readonly string[];
  readonly categories: readonly string[];
}

/** The outline a request sees: {@link StoreOutline} and the prompts of the sources it sees. */
export interface VisibleOutline extends StoreOutline {
  readonly prompts: readonly OutlinePrompt[];
}

/**
 * The outline of `manifest`: one pass over its documents for the categories.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { manifestOutline } from "./manifest_outline.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "b/x.md", text: "# X" },
 *     { path: "a/y.md", text: "# Y" }, { path: "z.md", text: "# Z" }] },
 * ] });
 * assert.deepEqual(manifestOutline(manifest), {
 *   sources: [{ name: "docs", categories: ["a", "b"] }],
 *   prompts: [],
 * });
 * ```
 */
export function manifestOutline(
  manifest: Pick<Manifest, "sources" | "documents" | "prompts">,
): ManifestOutline {
  const categories = new Map(manifest.sources.map((s) => [s.name, new Set<string>()]));
  for (const doc of manifest.documents) {
    if (doc.category) categories.get(doc.source)?.add(doc.category);
  }
  return {
    sources: manifest.sources.map((s) => ({
      name: s.name,
      ...(s.scope !== undefined ? { scope: s.scope } : {}),
      categories: [...categories.get(s.name)!].sort(),
    })),
    prompts: (manifest.prompts ?? []).map((p) => ({
      name: p.name,
      ...(p.title ? { title: p.title } : {}),
      description: p.description,
      arguments: p.arguments.map((a) => ({
        name: a.name,
        description: a.description,
        required: a.required,
      })),
    })),
  };
}

/** Per outline: what each set of visible sources sees of it (a few sets per server). */
const seen = new WeakMap<ManifestOutline, Map<string, VisibleOutline>>();

/** Most distinct visible sets kept per outline; past it they start over. */
const MAX_SEEN = 16;

/**
 * What a request with `scopes` sees of `outline` — as `scopedStore` would show it: the sources
 * it may see, their categories merged and sorted, their prompts. The same object for the same
 * visible sources, so what is derived from it (a listing) can be kept by it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { visibleOutline } from "./manifest_outline.ts";
 * const outline = {
 *   sources: [{ name: "pub", categories: ["b"] }, { name: "int", scope: "s", categories: ["a"] }],
 *   prompts: [{ name: "int:ask", description: "", arguments: [] }],
 * };
 * assert.deepEqual(visibleOutline(outline, undefined).categories, ["a", "b"]);
 * const hidden = visibleOutline(outline, []);
 * assert.deepEqual([hidden.sourceNames, hidden.categories, hidden.prompts], [["pub"], ["b"], []]);
 * assert.equal(visibleOutline(outline, ["other"]), hidden);
 * ```
 */
export function visibleOutline(
  outline: ManifestOutline,
  scopes: readonly string[] | undefined,
): VisibleOutline {
  const sources = outline.sources.filter((s) => sourceVisible(s, scopes));
  const key = sources.map((s) => s.name).join("\n");
  let byKey = seen.get(outline);
  if (!byKey) seen.set(outline, byKey = new Map());
  let found = byKey.get(key);
  if (!found) {
    if (byKey.size >= MAX_SEEN) byKey.clear();
    const names = new Set(sources.map((s) => s.name));
    found = Object.freeze({
      sourceNames: [...names],
      categories: [...new Set(sources.flatMap((s) => s.categories))].sort(),
      prompts: outline.prompts.filter((p) => names.has(promptSource(p.name))),
    });
    byKey.set(key, found);
  }
  return found;
}
