/**
 * The `openai` profile: the two tools ChatGPT's connectors and deep research call, in the shapes
 * OpenAI documents for MCP servers — `search(query)` → one text item holding
 * `{"results":[{"id","title","url"}]}`, and `fetch(id)` → one text item holding
 * `{"id","title","text","url","metadata"}`. Served on their own endpoint, `/mcp/openai` (the ACDC
 * `search` owns that name on `/mcp`). `url` is the page's public URL where its source has one,
 * else its markdown twin's absolute URL; `text` keeps within the answer budget, a long document
 * in parts (`fetch` with `offset` for the next).
 *
 * @module
 */
import type { ManifestDocument } from "../content/manifest.ts";
import { resolveResource } from "../resources/resolve_resource.ts";
import { twinPath } from "../content/twin_path.ts";
import { acdcWeights } from "../search/search_settings.ts";
import { TAIL_CUT } from "../search/search_engine.ts";
import { answerChars, continuation, pageText } from "./page_text.ts";
import { intArg, stringArg } from "./read_args.ts";
import { errorResult, type ToolContext, type ToolDefinition, type ToolResult } from "./tool.ts";

/** Results of one `search`. */
const SEARCH_RESULTS = 10;

/** A document's citable URL: its public page, else its markdown twin at the site's base. */
function citableUrl(doc: ManifestDocument, ctx: ToolContext): string {
  if (doc.url) return doc.url;
  const base = ctx.store.manifest.settings?.siteUrl ?? ctx.base ?? "";
  return `${base}${twinPath(doc)}`;
}

const text = (value: unknown): ToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
});

/** `search(query)`: the best documents as `{id, title, url}`. */
export const openaiSearch: ToolDefinition = {
  name: "search",
  family: "openai",
  title: "Search the knowledge base",
  description:
    "Search the knowledge base. Returns {results: [{id, title, url}]}; pass an id to fetch for the text.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "What to look for." } },
    required: ["query"],
  },
  async call(args, ctx) {
    const query = stringArg(args, "query", { required: true, maxLength: 1000 })!;
    const { hits } = await (await ctx.engine()).query(query, {
      minRelative: TAIL_CUT,
      weights: acdcWeights(ctx.search),
      limit: SEARCH_RESULTS,
      reads: "details",
    });
    await ctx.store.loadDocuments(hits.map((h) => h.doc));
    return text({
      results: hits.map(({ doc }) => ({
        id: doc.uri,
        title: doc.title,
        url: citableUrl(doc, ctx),
      })),
    });
  },
};

/** `fetch(id)`: one document's text (in parts past the answer budget), with its metadata. */
export const openaiFetch: ToolDefinition = {
  name: "fetch",
  family: "openai",
  title: "Fetch a document",
  description:
    "Fetch a document by the id search gave. Returns {id, title, text, url, metadata}; a long " +
    "document comes in parts (metadata.nextOffset: pass it as offset).",
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "The id of a search result." },
      offset: { type: "integer", minimum: 0, description: "Where to continue a long document." },
    },
    required: ["id"],
  },
  async call(args, ctx) {
    const id = stringArg(args, "id", { required: true, maxLength: 2048 })!;
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const doc = await resolveResource(ctx.store, id, { docsAlias: false });
    if (!doc) return errorResult(`Document not found: ${id}`);
    await ctx.store.loadBodies([doc]);
    const page = pageText(ctx.store.body(doc), offset, answerChars(ctx.search, 600));
    const whole = page.offset === 0 && page.nextOffset === undefined;
    return text({
      id: doc.uri,
      title: doc.title,
      text: whole ? page.text : `${page.text}\n\n${continuation(page, "fetch", { id })}`,
      url: citableUrl(doc, ctx),
      metadata: {
        source: doc.source,
        description: doc.description,
        ...(doc.lastUpdated ? { lastUpdated: doc.lastUpdated } : {}),
        ...(whole ? {} : { offset: page.offset, totalLength: page.total }),
        ...(page.nextOffset !== undefined ? { nextOffset: page.nextOffset } : {}),
      },
    });
  },
};

/** The `openai` family, in listing order. */
export const OPENAI_TOOLS: readonly ToolDefinition[] = [openaiSearch, openaiFetch];
