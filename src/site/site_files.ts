import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { type BaseTemplate, baseTemplate, baseTemplates } from "./base_template.ts";
import { llmsFullSizeOf } from "./llms_full_sizes.ts";
import {
  categoryIndexes,
  LLMS_FULL_MAX_BYTES,
  llmsFullDocuments,
  renderLlmsFull,
  renderLlmsTxt,
  twinPath,
  webLinks,
} from "./llms_txt.ts";

/**
 * The agent-facing files of one store, each made once per store whatever the base URL, as a
 * {@link BaseTemplate} to fill with the request's base: a request at another base costs one
 * join of the file's parts, never a new render, so rotating `Host` headers cannot multiply the
 * work or the memory.
 */
export interface SiteFiles {
  llmsTxt(): BaseTemplate;
  /** `llms-full.txt` (loads the bodies it quotes first). */
  llmsFull(): Promise<BaseTemplate>;
  /** The document whose twin is at this site path (encoded or not), if any. */
  twin(path: string): ManifestDocument | undefined;
  /** A document's twin: its body with links to other documents pointing at their twins. */
  twinText(doc: ManifestDocument): Promise<BaseTemplate>;
  /** A category index by its site path (encoded or not), if any. */
  index(path: string): BaseTemplate | undefined;
}

/** A site path in one spelling: percent-decoded, or `""` when it does not decode. */
const canonical = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
};

const cache = new WeakMap<ContentStore, SiteFiles>();

/**
 * The site files of a store, made on first use and kept with the store (a new manifest makes
 * new ones; the old ones go with the old store).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { createContentStore } from "../content/content_store.ts";
 * import { siteFiles } from "./site_files.ts";
 * const { manifest } = await buildManifest({
 *   server: { name: "kb", version: "1" },
 *   sources: [{ name: "docs", description: "", files: [{ path: "a.md", text: "# A\n\nSee [b](b.md)." }, { path: "b.md", text: "# B" }] }],
 * });
 * const files = siteFiles(createContentStore(manifest));
 * assert.match(files.llmsTxt().fill("http://localhost:1"), /\(http:\/\/localhost:1\/_shelf\/md\/docs\/a\.md\)/);
 * assert.match(files.llmsTxt().fill("http://localhost:2"), /\(http:\/\/localhost:2\/_shelf\/md\/docs\/b\.md\)/);
 * const a = files.twin("/_shelf/md/docs/a.md")!;
 * assert.equal((await files.twinText(a)).fill("https://kb.example"), "# A\n\nSee [b](https://kb.example/_shelf/md/docs/b.md).");
 * ```
 */
export function siteFiles(store: ContentStore): SiteFiles {
  let files = cache.get(store);
  if (!files) cache.set(store, files = makeSiteFiles(store));
  return files;
}

function makeSiteFiles(store: ContentStore): SiteFiles {
  let llms: BaseTemplate | undefined;
  let full: Promise<BaseTemplate> | undefined;
  let twins: Map<string, ManifestDocument> | undefined;
  let indexes: Map<string, BaseTemplate> | undefined;
  const twinTexts = new Map<ManifestDocument, BaseTemplate>();
  return {
    llmsTxt: () => llms ??= baseTemplate((b) => renderLlmsTxt(store.manifest, b)),
    llmsFull: () => {
      if (full) return full;
      // With sizes written down by the build, only the bodies of the documents that fit are read.
      const sizeOf = llmsFullSizeOf(store.manifest);
      const docs = sizeOf
        ? llmsFullDocuments(store.manifest, LLMS_FULL_MAX_BYTES, sizeOf).docs
        : undefined;
      full = store.loadBodies(docs).then(
        () =>
          baseTemplate((b) =>
            renderLlmsFull(store.manifest, b, LLMS_FULL_MAX_BYTES, store.body, sizeOf)
          ),
        (error) => {
          full = undefined; // a failed body load is tried again by the next request
          throw error;
        },
      );
      return full;
    },
    twin: (path) =>
      (twins ??= new Map(store.documents.map((d) => [canonical(twinPath(d)), d]))).get(
        canonical(path),
      ),
    twinText: async (doc) => {
      let text = twinTexts.get(doc);
      if (text === undefined) {
        await store.loadBodies([doc]);
        text = baseTemplate((b) => webLinks(store.body(doc), b));
        twinTexts.set(doc, text);
      }
      return text;
    },
    index: (path) =>
      (indexes ??= new Map(
        [...baseTemplates((b) => categoryIndexes(store.manifest, b))].map((
          [p, text],
        ) => [canonical(p), text]),
      )).get(canonical(path)),
  };
}
