import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";

/**
 * Finds the exposed document a resource URI names: `acdc://<source>/<path>` (a trailing file
 * extension and Windows separators tolerated), and, when `docsAlias` is on (the mcp-serve
 * profile), `docs://<filename>` with the extension, as mcp-serve wrote it. Anything else —
 * other schemes, `..` segments, unknown paths — is not found: there is no file system behind it.
 *
 * @example
 * ```ts ignore
 * resolveResource(store, "acdc://docs/guides/setup");
 * resolveResource(store, "docs://guides/setup.md", { docsAlias: true });
 * ```
 */
export function resolveResource(
  store: ContentStore,
  uri: string,
  options: { docsAlias?: boolean } = {},
): ManifestDocument | undefined {
  const clean = uri.trim().replaceAll("\\", "/");
  if (clean.startsWith("acdc://")) {
    return store.byUri(clean) ?? store.byUri(clean.replace(/\.(md|markdown|html?|txt)$/i, ""));
  }
  if (options.docsAlias && clean.startsWith("docs://")) {
    const filename = clean.slice("docs://".length).replace(/^\/+/, "");
    return store.manifest.documents.find((d) => d.filename === filename) ??
      store.manifest.documents.find((d) => d.path === filename.replace(/\.\w+$/, ""));
  }
  return undefined;
}

/** The mcp-serve style URI of a document: `docs://<filename>`. */
export function docsUri(doc: ManifestDocument): string {
  return `docs://${doc.filename}`;
}
