import type { MethodHandler } from "../method_context.ts";
import { stringParam } from "../read_params.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";
import { resolveResource } from "../../resources/resolve_resource.ts";
import { answerChars, pageText, partNote } from "../../tools/page_text.ts";

/** Characters of a part kept for its closing note and the envelope. */
const RESERVE = 600;

/**
 * A resource URI with an optional `?offset=N` (which part of a long document to read): the base
 * URI and the offset, or `undefined` for any other query.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitPartUri } from "./resources_read.ts";
 * assert.deepEqual(splitPartUri("acdc://docs/a?offset=2400"), { base: "acdc://docs/a", offset: 2400 });
 * assert.deepEqual(splitPartUri("acdc://docs/a"), { base: "acdc://docs/a", offset: 0 });
 * assert.equal(splitPartUri("acdc://docs/a?x=1"), undefined);
 * ```
 */
export function splitPartUri(uri: string): { base: string; offset: number } | undefined {
  const q = uri.indexOf("?");
  if (q === -1) return { base: uri, offset: 0 };
  const match = /^offset=(\d{1,9})$/.exec(uri.slice(q + 1));
  return match ? { base: uri.slice(0, q), offset: Number(match[1]) } : undefined;
}

/**
 * `resources/read`: the served body (frontmatter removed; HTML converted to markdown-like
 * text, hence `text/markdown`). A body over the answer budget (`maxResponseTokens`) is given in
 * parts: the part ends with a note naming the URI of the next one (`<uri>?offset=N`), which any
 * client can read as it reads the first. Unknown URIs: `-32002` in the legacy eras, `-32602` in
 * 2026-07-28, both with `data.uri`.
 */
export const resourcesRead: MethodHandler = async ({ params, session, store, tools, search }) => {
  const uri = stringParam(params, "uri");
  const part = splitPartUri(uri.trim());
  const doc = part &&
    await resolveResource(store, part.base, {
      docsAlias: tools.get("search_documents") !== undefined,
    });
  if (!doc || !part) {
    throw new RpcError(
      session.modern ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound,
      `Resource not found: ${uri.slice(0, 200)}`,
      { uri },
    );
  }
  await store.loadBodies([doc]);
  const body = store.body(doc);
  const page = pageText(body, part.offset, answerChars(search, RESERVE));
  const whole = page.offset === 0 && page.nextOffset === undefined;
  const text = whole ? body : `${page.text}\n\n${
    partNote(
      page,
      (next) => `resources/read ${JSON.stringify({ uri: `${part.base}?offset=${next}` })}`,
    )
  }`;
  return {
    contents: [{
      uri,
      mimeType: doc.format === "html" ? "text/markdown" : doc.mimeType,
      text,
    }],
  };
};
