import type { MethodHandler } from "../method_context.ts";
import { stringParam } from "../read_params.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";
import { resolveResource } from "../../resources/resolve_resource.ts";

/**
 * `resources/read`: the served body (frontmatter removed; HTML converted to markdown-like
 * text, hence `text/markdown`). Unknown URIs: `-32002` in the legacy eras, `-32602` in
 * 2026-07-28, both with `data.uri`.
 */
export const resourcesRead: MethodHandler = ({ params, session, store, tools }) => {
  const uri = stringParam(params, "uri");
  const doc = resolveResource(store, uri, {
    docsAlias: tools.get("search_documents") !== undefined,
  });
  if (!doc) {
    throw new RpcError(
      session.modern ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound,
      `Resource not found: ${uri.slice(0, 200)}`,
      { uri },
    );
  }
  return {
    contents: [{
      uri,
      mimeType: doc.format === "html" ? "text/markdown" : doc.mimeType,
      text: store.body(doc),
    }],
  };
};
