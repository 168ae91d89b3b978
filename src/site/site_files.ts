import { remembered } from "../remembered.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { categoryIndexes, renderLlmsFull, renderLlmsTxt, twinPath, webLinks } from "./llms_txt.ts";

/** The agent-facing files of one store for one base URL, each made once. */
export interface SiteFiles {
  llmsTxt(): string;
  llmsFull(): string;
  /** The document whose twin is at this site path (encoded or not), if any. */
  twin(path: string): ManifestDocument | undefined;
  /** A document's twin: its body with links to other documents pointing at their twins. */
  twinText(doc: ManifestDocument): string;
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
    llmsFull: () => full ??= renderLlmsFull(store.manifest, base),
    twin: (path) =>
      (twins ??= new Map(store.documents.map((d) => [canonical(twinPath(d)), d]))).get(
        canonical(path),
      ),
    twinText: (doc) => {
      let text = twinTexts.get(doc);
      if (text === undefined) twinTexts.set(doc, text = webLinks(store.body(doc), base));
      return text;
    },
    index: (path) =>
      (indexes ??= new Map(
        [...categoryIndexes(store.manifest, base)].map(([p, text]) => [canonical(p), text]),
      )).get(canonical(path)),
  };
}
