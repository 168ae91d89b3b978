/**
 * The sizes a build writes down so that `llms-full.txt` can be made without reading every body:
 * with a manifest's bodies in chunks (an edge or sharded build whose function serves the file),
 * reading them all would make one request read the whole knowledge base.
 *
 * @module
 */
import type { Manifest, ManifestDocument } from "../content/manifest.ts";
import { llmsFullBytes } from "./llms_txt.ts";

/**
 * `manifest` with `llmsFullSizes`: what each of its documents counts for in `llms-full.txt`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { withLlmsFullSizes } from "./llms_full_sizes.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "a.md", text: "# A\n\nhé" }] },
 * ] });
 * assert.deepEqual(withLlmsFullSizes(manifest).llmsFullSizes, [39]);
 * ```
 */
export function withLlmsFullSizes(manifest: Manifest): Manifest {
  return {
    ...manifest,
    llmsFullSizes: manifest.documents.map((d) => llmsFullBytes(d, manifest.bodies[d.id] ?? "")),
  };
}

const SIZES = new WeakMap<Manifest, ((doc: ManifestDocument) => number) | null>();

/**
 * What each document of `manifest` counts for in `llms-full.txt`, from the sizes its build wrote
 * down; `undefined` when it has none (or they do not match its documents): the bodies are read to
 * count them. Made once per manifest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { llmsFullSizeOf } from "./llms_full_sizes.ts";
 * const a = { id: "d/a" }, b = { id: "d/b" };
 * const sizeOf = llmsFullSizeOf({ documents: [a, b], llmsFullSizes: [10, 20] } as never);
 * assert.equal(sizeOf?.(b as never), 20);
 * assert.equal(llmsFullSizeOf({ documents: [a, b], llmsFullSizes: [10] } as never), undefined);
 * assert.equal(llmsFullSizeOf({ documents: [a] } as never), undefined);
 * ```
 */
export function llmsFullSizeOf(
  manifest: Manifest,
): ((doc: ManifestDocument) => number) | undefined {
  let found = SIZES.get(manifest);
  if (found === undefined) {
    const sizes = manifest.llmsFullSizes;
    const usable = Array.isArray(sizes) && sizes.length === manifest.documents.length &&
      sizes.every((n) => Number.isSafeInteger(n) && n >= 0);
    if (usable) {
      const byDoc = new Map(manifest.documents.map((d, n) => [d, sizes[n]!]));
      found = (doc) => byDoc.get(doc) ?? Infinity;
    } else found = null;
    SIZES.set(manifest, found);
  }
  return found ?? undefined;
}
