import type { ContentStore } from "../content/content_store.ts";
import { documentUri, type ManifestDocument } from "../content/manifest.ts";

/**
 * Finds the exposed document a resource URI names: `acdc://<source>/<path>` (a trailing file
 * extension, a `#fragment` and Windows separators tolerated), and, when `docsAlias` is on (the mcp-serve
 * profile), `docs://<filename>` with the extension, as mcp-serve wrote it. Anything else —
 * other schemes, `..` segments, unknown paths — is not found: there is no file system behind it.
 *
 * @example
 * ```ts ignore
 * resolveResource(store, "acdc://docs/guides/setup");
 * resolveResource(store, "docs://guides/setup.md", { docsAlias: true });
 * ```
 */
export async function resolveResource(
  store: ContentStore,
  uri: string,
  options: { docsAlias?: boolean } = {},
): Promise<ManifestDocument | undefined> {
  // A fragment (`#section`, as rewritten links keep it) names a place in the document.
  const clean = uri.trim().replaceAll("\\", "/").replace(/#.*$/s, "");
  if (clean.startsWith("acdc://")) {
    const bare = clean.replace(/\.(md|markdown|html?|txt)$/i, "");
    return await store.byUri(clean) ?? await store.byUri(bare) ??
      await store.byUri(reencoded(bare));
  }
  if (options.docsAlias && clean.startsWith("docs://")) {
    const filename = clean.slice("docs://".length).replace(/^\/+/, "");
    const path = filename.replace(/\.\w+$/, "");
    return (await store.byFile(filename)).find((d) => d.filename === filename) ??
      (await store.byFile(path)).find((d) => d.path === path);
  }
  return undefined;
}

/** The mcp-serve style URI of a document: `docs://<filename>`. */
export function docsUri(doc: ManifestDocument): string {
  return `docs://${doc.filename}`;
}

/** A URI typed with raw or differently escaped characters, in the form documents use. */
function reencoded(uri: string): string {
  const [source = "", ...path] = uri.slice("acdc://".length).split("/");
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return documentUri(source, path.map(decode).join("/").normalize("NFC"));
}
