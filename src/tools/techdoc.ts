import { TAIL_CUT } from "../search/search_engine.ts";
import { queryWordsNote } from "./query_words_note.ts";
import { answerChars, continuation, pageText } from "./page_text.ts";
import { intArg } from "./read_args.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { InvalidParamsError } from "../invalid_params.ts";
import { resolveResource } from "../resources/resolve_resource.ts";
import { acdcWeights } from "../search/search_settings.ts";
import type { ToolDefinition, ToolResult } from "./tool.ts";
import { pageUrl } from "./page_url.ts";
import { matchedFields } from "./matched_words.ts";
import { partOfPage, resultPart } from "./result_part.ts";

/** A TechDoc content item: text plus `metadata` and `score` beside it (and in `_meta`). */
type TechDocItem = {
  type: "text";
  text: string;
  metadata: Record<string, unknown>;
  score?: number;
  _meta: Record<string, unknown>;
};

function invalid(message: string): never {
  throw new InvalidParamsError(message);
}

/**
 * TechDoc Genie's `search_documentation {query, max_results?, doc_type?}`: validation per its
 * table (query 1–1000 characters, max_results 1–20, doc_type a source name or `all`), each
 * violation `-32602` naming the field; results are chunks with `metadata` (source, section,
 * uri) and `score`.
 */
export const searchDocumentation: ToolDefinition = {
  name: "search_documentation",
  family: "techdoc",
  cacheable: true,
  title: "Search documentation",
  description: "Search technical documentation. Returns relevant document chunks.",
  inputSchema: (store) => ({
    type: "object",
    properties: {
      query: {
        type: "string",
        description: "The search query or question",
        minLength: 1,
        maxLength: 1000,
      },
      max_results: {
        type: "integer",
        description: "Maximum number of results to return (default: 5)",
        default: 5,
        minimum: 1,
        maximum: 20,
      },
      doc_type: {
        type: "string",
        description: "Optional filter for document type",
        enum: [...store.sourceNames, "all"],
      },
    },
    required: ["query"],
  }),
  async call(args, { store, engine, search }): Promise<ToolResult> {
    const query = args.query;
    if (typeof query !== "string" || query.length < 1 || query.length > 1000) {
      invalid("query: required string of 1 to 1000 characters");
    }
    const max = args.max_results ?? 5;
    if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > 20) {
      invalid("max_results: must be an integer from 1 to 20");
    }
    const docType = args.doc_type ?? "all";
    if (
      typeof docType !== "string" || (docType !== "all" && !store.sourceNames.includes(docType))
    ) {
      invalid(`doc_type: must be one of ${[...store.sourceNames, "all"].join(", ")}`);
    }
    const { hits, groups, unmatched, plan } = await (await engine()).query(query, {
      minRelative: TAIL_CUT,
      weights: acdcWeights(search),
      limit: max,
      reads: "bodies",
      ...(docType !== "all" ? { source: docType } : {}),
    });
    const top = hits[0]?.score ?? 1;
    await store.loadBodies(hits.map((h) => h.doc));
    const content: TechDocItem[] = hits.map((hit) => {
      const { doc, score } = hit;
      const { window, section } = resultPart(store, hit, groups, 500, query);
      const part = partOfPage(section);
      const metadata = {
        source: `${doc.source}/${doc.filename}`,
        section: section?.title ?? doc.title,
        uri: doc.uri,
        title: doc.title,
        ...pageUrl(doc),
        ...(section ? { section_id: section.id } : {}),
        ...(part && doc.url ? { section_url: pageUrl(doc, part).url } : {}),
        ...matchedFields(hit),
      };
      const s = Math.round((score / top) * 10_000) / 10_000;
      return { type: "text", text: window.text, metadata, score: s, _meta: { metadata, score: s } };
    });
    if (content.length === 0) {
      // Every TechDoc result item is a chunk with metadata, so the "did you mean" note goes
      // only where there are no chunks.
      const note = queryWordsNote(unmatched, plan.ignored);
      return {
        content: [{
          type: "text",
          text: `No results found for '${query}'.` + (note ? ` ${note}` : ""),
        }],
      };
    }
    return { content } as unknown as ToolResult;
  },
};

async function findDocument(
  store: ContentStore,
  id: string,
): Promise<ManifestDocument | undefined> {
  const resource = await resolveResource(store, id, { docsAlias: true });
  if (resource) return resource;
  const clean = id.trim().replaceAll("\\", "/").replace(/^\/+/, "");
  const byFile = (await store.byFile(clean)).filter((d) =>
    d.filename === clean || `${d.source}/${d.filename}` === clean
  );
  if (byFile.length === 1) return byFile[0];
  const found = await store.lookup(clean);
  return found.kind === "found" ? found.doc : undefined;
}

/** TechDoc Genie's `get_document {document_id}`: the full text of one document by id or path. */
export const getDocument: ToolDefinition = {
  name: "get_document",
  family: "techdoc",
  title: "Get document",
  description: "Retrieve a specific document by ID or path. A long document comes in parts: " +
    "the last line says which offset reads the next.",
  inputSchema: {
    type: "object",
    properties: {
      document_id: { type: "string", description: "The unique identifier or path of the document" },
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Where to start in a long document (from the previous part's last line).",
      },
    },
    required: ["document_id"],
  },
  async call(args, { store, search }): Promise<ToolResult> {
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const id = args.document_id;
    if (typeof id !== "string" || id.trim() === "" || id.length > 2048) {
      invalid("document_id: required non-empty string");
    }
    const doc = await findDocument(store, id);
    if (!doc) {
      return { content: [{ type: "text", text: `Document not found: ${id}` }], isError: true };
    }
    await store.loadBodies([doc]);
    const metadata = {
      source: doc.source,
      uri: doc.uri,
      ...pageUrl(doc),
      title: doc.title,
      filename: doc.filename,
      description: doc.description,
      keywords: doc.keywords,
      ...(doc.lastUpdated ? { lastUpdated: doc.lastUpdated } : {}),
    };
    const page = pageText(
      store.body(doc),
      offset,
      answerChars(search, 800),
    );
    const text = page.offset === 0 && page.nextOffset === undefined
      ? page.text
      : `${page.text}\n\n${continuation(page, "get_document", { document_id: id })}`;
    return {
      content: [{ type: "text", text, metadata, _meta: { metadata } }],
    } as unknown as ToolResult;
  },
};

/** The `techdoc` family. */
export const TECHDOC_TOOLS: readonly ToolDefinition[] = [searchDocumentation, getDocument];
