import type { MethodHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";

/** `resources/list`: every exposed document, 100 per page, in path order. */
export const resourcesList: MethodHandler = async ({ params, store }) => {
  const { page, nextCursor } = paginate(store.manifest.documents, params.cursor, "resources");
  await store.loadDocuments(page);
  const resources = page.map((d) => ({
    uri: d.uri,
    name: d.filename,
    title: d.title,
    description: d.description,
    mimeType: d.mimeType,
    size: d.size,
    // The page on the live site, where the source has one (MCP resources have no field of it).
    ...(d.url ? { _meta: { "io.github.shelf/url": d.url } } : {}),
  }));
  return nextCursor ? { resources, nextCursor } : { resources };
};
