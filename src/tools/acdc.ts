import { TAIL_CUT } from "../search/search_engine.ts";
import {
  IGNORED_SCHEMA,
  queryWordsFields,
  queryWordsNote,
  UNMATCHED_SCHEMA,
} from "./query_words_note.ts";
import { answerChars, continuation, pageText } from "./page_text.ts";
import { cachedBodyResult } from "./result_cache.ts";
import type { ContentStore } from "../content/content_store.ts";
import { resolveResource } from "../resources/resolve_resource.ts";
import { closest } from "./closest.ts";
import { suggestionDocuments } from "./suggestion_documents.ts";
import { acdcWeights } from "../search/search_settings.ts";
import { intArg, stringArg } from "./read_args.ts";
import { errorResult, type ToolDefinition, type ToolResult } from "./tool.ts";
import { pageUrl } from "./page_url.ts";
import { MATCHED_SCHEMA, matchedFields, PARTIAL_SCHEMA, partialNote } from "./matched_words.ts";
import { resultPart, SECTION_SCHEMA, sectionFields, SNIPPET_WIDTH } from "./result_part.ts";

/** Score as printed in the ACDC text format. */
function formatScore(score: number): string {
  return score.toFixed(2);
}

/**
 * Up to `n` URIs closest to an unknown one, for "did you mean": among the documents of the
 * source it names, when it names one (`suggestion_documents.ts`).
 *
 * @example
 * ```ts ignore
 * await closestUris(store, "acdc://docs/guides/setpu"); // ["acdc://docs/guides/setup", ...]
 * ```
 */
export async function closestUris(store: ContentStore, uri: string, n = 3): Promise<string[]> {
  const target = uri.replace(/\.\w+$/, "");
  const docs = await suggestionDocuments(store, target.replace(/^acdc:\/\//, ""));
  return closest(docs.map((d) => d.uri), target, n);
}

const RESULT_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string" },
    total: { type: "integer" },
    results: {
      type: "array",
      items: {
        type: "object",
        properties: {
          source: { type: "string" },
          name: { type: "string" },
          uri: { type: "string" },
          url: { type: "string", description: "The page on the live site, to cite." },
          snippet: { type: "string" },
          relevance: { type: "number" },
          matched: MATCHED_SCHEMA,
          partial: PARTIAL_SCHEMA,
          ...SECTION_SCHEMA,
        },
        required: ["source", "name", "uri", "snippet", "relevance", "matched"],
      },
    },
    unmatched: UNMATCHED_SCHEMA,
    ignored: IGNORED_SCHEMA,
  },
  required: ["query", "total", "results"],
};

/** ACDC `search {query, source?}`: full-text search with stemming, typo tolerance and snippets. */
export const search: ToolDefinition = {
  name: "search",
  family: "acdc",
  cacheable: true,
  title: "Search the knowledge base",
  description:
    "Full-text search across all resources, with stemming and typo tolerance; keywords weigh " +
    "most, then names, then content. Returns names, acdc:// URIs, snippets and relevance " +
    "scores; read a result with the read tool.",
  inputSchema: (store) => ({
    type: "object",
    properties: {
      query: { type: "string", description: "Natural language or keyword query." },
      source: {
        type: "string",
        description: `Only this content source (${store.sourceNames.join(", ")}).`,
      },
    },
    required: ["query"],
  }),
  outputSchema: RESULT_SCHEMA,
  async call(args, { store, structured, engine, search: settings }): Promise<ToolResult> {
    const query = stringArg(args, "query", { required: true, maxLength: 1000 })!;
    const source = stringArg(args, "source", { maxLength: 200 });
    if (source !== undefined && source !== "" && !store.sourceNames.includes(source)) {
      return errorResult(`Unknown source '${source}'. Sources: ${store.sourceNames.join(", ")}`);
    }
    const { hits, total, groups, unmatched, plan } = await (await engine()).query(query, {
      minRelative: TAIL_CUT,
      weights: acdcWeights(settings),
      limit: settings.maxResults,
      reads: "bodies",
      ...(source ? { source } : {}),
    });
    await store.loadBodies(hits.map((h) => h.doc));
    const results = hits.map((hit) => {
      const { doc, score } = hit;
      const { window, section } = resultPart(store, hit, groups, SNIPPET_WIDTH, query);
      return {
        source: doc.source,
        name: doc.title,
        uri: doc.uri,
        ...pageUrl(doc),
        snippet: window.text,
        relevance: Number(formatScore(score)),
        ...matchedFields(hit),
        ...sectionFields(doc, section),
      };
    });
    // Words that matched nothing are named after the results (the ACDC header stays first).
    const note = queryWordsNote(unmatched, plan.ignored);
    const text =
      (results.length === 0
        ? `No results found for '${query}'${source ? ` in source '${source}'` : ""}. ` +
          "Try other words, fewer words, or no source filter."
        : `Search results for '${query}':\n\n` +
          results.map((r) =>
            // Notes go before the snippet: the line still ends as the ACDC format says.
            `- [${r.source}] [${r.name}](${r.uri}): ` +
            partialNote({ matched: r.matched, partial: r.partial === true }) +
            (r.sectionTitle ? `§ ${r.sectionTitle} — ` : "") +
            `${r.snippet} (relevance: ${formatScore(r.relevance)})` + (r.url ? ` — ${r.url}` : "")
          ).join("\n")) + (note ? `\n\n${note}` : "");
    const result: ToolResult = { content: [{ type: "text", text }] };
    if (structured) {
      result.structuredContent = {
        query,
        total,
        results,
        ...queryWordsFields(unmatched, plan.ignored),
      };
    }
    return result;
  },
};

/** ACDC `read {uri}`: the body of a resource, without frontmatter. */
export const read: ToolDefinition = {
  name: "read",
  family: "acdc",
  title: "Read a resource",
  description: "Read the full content of a resource by its acdc:// URI " +
    "(e.g. acdc://docs/guides/getting-started), as returned by search. A long resource comes " +
    "in parts: the last line says which offset reads the next.",
  inputSchema: {
    type: "object",
    properties: {
      uri: { type: "string", description: "The acdc:// URI of the resource." },
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Where to start in a long resource (from the previous part's last line).",
      },
    },
    required: ["uri"],
  },
  async call(args, { store, docsAlias, search }) {
    const uri = stringArg(args, "uri", { required: true, maxLength: 2048 })!;
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const doc = await resolveResource(store, uri, { docsAlias });
    if (!doc) {
      const close = await closestUris(store, uri);
      return errorResult(
        `Resource not found: ${uri}` +
          (close.length > 0 ? `. Did you mean: ${close.join(", ")}?` : ""),
      );
    }
    const max = answerChars(search, 400);
    return cachedBodyResult(store, `read|${doc.id}|${offset}|${max}`, [doc], () => {
      const page = pageText(store.body(doc), offset, max);
      const whole = page.offset === 0 && page.nextOffset === undefined;
      return {
        content: [{
          type: "text",
          text: whole ? page.text : `${page.text}\n\n${continuation(page, "read", { uri })}`,
        }],
      };
    });
  },
};

/** The `acdc` family, in listing order. */
export const ACDC_TOOLS: readonly ToolDefinition[] = [search, read];
