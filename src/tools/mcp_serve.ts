import { TAIL_CUT } from "../search/search_engine.ts";
import { queryWordsNote } from "./query_words_note.ts";
import { analyze } from "../search/analyzer.ts";
import { acdcWeights } from "../search/search_settings.ts";
import type { FieldWeights } from "../search/search_index.ts";
import { partOfPage, resultPart } from "./result_part.ts";
import { pageUrl } from "./page_url.ts";
import { docsUri } from "../resources/resolve_resource.ts";
import { intArg, stringArg, ToolArgError } from "./read_args.ts";
import { LIST_LIMITS, listSchema } from "./list_limits.ts";
import type { ToolDefinition, ToolResult } from "./tool.ts";

const SEARCH_IN = ["title", "content", "both"] as const;

/**
 * mcp-serve's `search_documents {query, searchIn?, limit?, fileTypes?}` with its text format:
 * `Search results: N matches`, then numbered lines with the `docs://` URI, title, relevance
 * (0–1, relative to the best hit), excerpt and match location.
 */
export const searchDocuments: ToolDefinition = {
  name: "search_documents",
  family: "mcp-serve",
  cacheable: true,
  lists: { fileTypes: LIST_LIMITS.fileTypes },
  title: "Search documents",
  description: "Search documents by title or content",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Search query" },
      searchIn: {
        type: "string",
        enum: [...SEARCH_IN],
        description: "Search target: title, content, or both",
        default: "both",
      },
      limit: { type: "number", description: "Maximum number of results", default: 10 },
      fileTypes: listSchema(LIST_LIMITS.fileTypes, { description: "File extensions to search" }),
    },
    required: ["query"],
  },
  async call(args, { store, engine, search }): Promise<ToolResult> {
    const query = stringArg(args, "query", { required: true, maxLength: 1000 })!;
    const searchIn = stringArg(args, "searchIn", { maxLength: 10 }) ?? "both";
    if (!(SEARCH_IN as readonly string[]).includes(searchIn)) {
      throw new ToolArgError("searchIn: must be title, content or both");
    }
    const limit = intArg(args, "limit", { min: 1, fallback: 10, clampTo: 100 });
    let types: Set<string> | undefined;
    if (args.fileTypes !== undefined && args.fileTypes !== null) {
      if (!Array.isArray(args.fileTypes) || !args.fileTypes.every((t) => typeof t === "string")) {
        throw new ToolArgError("fileTypes: must be a list of extensions such as md, html, txt");
      }
      types = new Set(args.fileTypes.map((t) => t.replace(/^\./, "").toLowerCase()));
    }
    const base = acdcWeights(search);
    const weights: FieldWeights = searchIn === "title"
      ? { name: 1, keywords: 0, description: 0, content: 0, links: 0 }
      : searchIn === "content"
      ? { ...base, name: 0, keywords: 0 }
      : base;
    const { hits, groups, unmatched, plan } = await (await engine()).query(query, {
      minRelative: TAIL_CUT,
      weights,
      limit: types ? 10_000 : limit,
      // Filtered by type, the hits it quotes are not the best `limit`.
      ...(types ? {} : { reads: "bodies" as const }),
    });
    const kept =
      (types
        ? hits.filter((h) =>
          types!.has(h.doc.filename.slice(h.doc.filename.lastIndexOf(".") + 1).toLowerCase())
        )
        : hits).slice(0, limit);
    const top = kept[0]?.score ?? 1;
    await store.loadBodies(kept.map((h) => h.doc));
    const lines = kept.map((hit, i) => {
      const { doc, score, matched, partial } = hit;
      const inTitle = analyze(doc.title).some((t) => groups.has(t));
      const { window, section } = resultPart(store, hit, groups, 160, query);
      const part = partOfPage(section);
      const where =
        [inTitle ? "title" : "", window.matches > 0 && searchIn !== "title" ? "content" : ""]
          .filter(Boolean).join(", ") || (searchIn === "title" ? "title" : "content");
      return `${i + 1}. ${docsUri(doc)} - "${doc.title}" (relevance: ${
        (score / top).toFixed(2)
      })\n` +
        `   Excerpt: ${window.text}\n   Match location: ${where}` +
        `\n   Matched words: ${matched.join(", ")}${partial ? " (only some of the query's)" : ""}` +
        (part ? `\n   Section: ${part.title} (${pageUrl(doc, part).url ?? part.id})` : "") +
        (doc.url ? `\n   Page: ${doc.url}` : "");
    });
    const header = `Search results: ${kept.length} matches`;
    const note = queryWordsNote(unmatched, plan.ignored);
    return {
      content: [{
        type: "text",
        text: (lines.length > 0
          ? `${header}\n\n${lines.join("\n\n")}`
          : `${header}\n\nNo documents match '${query}'.`) + (note ? `\n\n${note}` : ""),
      }],
    };
  },
};

/** The `mcp-serve` family. */
export const MCP_SERVE_TOOLS: readonly ToolDefinition[] = [searchDocuments];
