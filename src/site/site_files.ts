import { remembered } from "../remembered.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { categoryIndexes, renderLlmsFull, renderLlmsTxt, twinPath, webLinks } from "./llms_txt.ts";

/** The agent-facing files of one store for one base URL, each made once. */
export interface SiteFiles {
  llmsTxt(): string;
  /** `llms-full.txt` (loads the bodies it quotes first). */
  llmsFull(): Promise<string>;
  /** The document whose twin is at this site path (encoded or not), if any. */
  twin(path: string): ManifestDocument | undefined;
  /** A document's twin: its body with links to other documents pointing at their twins. */
  twinText(doc: ManifestDocument): Promise<string>;
  /** A category index by its site path (encoded or not), if any. */
  index(path: string): string | undefined;
}

/** A site path in one spelling: percent-decoded, or `""` when it does not decode. */
const canonical = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
};

const cache = new WeakMap<ContentStore, Map<string, SiteFiles>>();

/**
 * The site files of a store at a base URL (the configured `site.url`, or the origin requests
 * arrive at), made on first use and kept per store; at most 8 bases per store.
 */
export function siteFiles(store: ContentStore, base: string): SiteFiles {
  let byBase = cache.get(store);
  if (!byBase) cache.set(store, byBase = new Map());
  return remembered(byBase, 8, base, () => makeSiteFiles(store, base));
}

function makeSiteFiles(store: ContentStore, base: string): SiteFiles {
  let llms: string | undefined;
  let full: string | undefined;
  let twins: Map<string, ManifestDocument> | undefined;
  let indexes: Map<string, string> | undefined;
  const twinTexts = new Map<ManifestDocument, string>();
  return {
    llmsTxt: () => llms ??= renderLlmsTxt(store.manifest, base),
    llmsFull: async () => {
      if (full === undefined) {
        await store.loadBodies();
        full ??= renderLlmsFull(store.manifest, base, undefined, store.body);
      }
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
        text = webLinks(store.body(doc), base);
        twinTexts.set(doc, text);
      }
      return text;
    },
    index: (path) =>
      (indexes ??= new Map(
        [...categoryIndexes(store.manifest, base)].map(([p, text]) => [canonical(p), text]),
      )).get(canonical(path)),
  };
}
