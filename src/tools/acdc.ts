import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { snippet } from "../search/snippet.ts";
import { acdcWeights } from "../search/search_settings.ts";
import { stringArg } from "./read_args.ts";
import { errorResult, type ToolDefinition, type ToolResult } from "./tool.ts";

/** Score as printed in the ACDC text format. */
function formatScore(score: number): string {
  return score.toFixed(2);
}

/**
 * Finds the exposed document a URI names: `acdc://<source>/<path>`, tolerating a trailing file
 * extension and Windows separators.
 *
 * @example
 * ```ts ignore
 * resolveUri(store, "acdc://docs/guides/setup.md");
 * ```
 */
export function resolveUri(store: ContentStore, uri: string): ManifestDocument | undefined {
  const clean = uri.trim().replaceAll("\\", "/");
  return store.byUri(clean) ?? store.byUri(clean.replace(/\.(md|markdown|html?|txt)$/i, ""));
}

/**
 * Up to `n` URIs closest to an unknown one: same slug first, then by edit distance of the
 * slug, then of the whole path.
 *
 * @example
 * ```ts ignore
 * closestUris(store, "acdc://docs/guides/setpu"); // ["acdc://docs/guides/setup", ...]
 * ```
 */
export function closestUris(store: ContentStore, uri: string, n = 3): string[] {
  const path = uri.replace(/^[a-z]+:\/\/[^/]*\/?/i, "").replace(/\.\w+$/, "").toLowerCase();
  const slug = path.slice(path.lastIndexOf("/") + 1);
  const ranked = store.manifest.documents.map((d) => ({
    uri: d.uri,
    cost: levenshtein(slug, d.slug.toLowerCase(), 12) * 100 +
      levenshtein(path, d.path.toLowerCase(), 40),
  }));
  ranked.sort((a, b) => a.cost - b.cost || (a.uri < b.uri ? -1 : 1));
  return ranked.slice(0, n).map((r) => r.uri);
}

/** Edit distance, giving up (returning `cap`) past `cap`. */
function levenshtein(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return Math.min(prev[b.length]!, cap);
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
          snippet: { type: "string" },
          relevance: { type: "number" },
        },
        required: ["source", "name", "uri", "snippet", "relevance"],
      },
    },
  },
  required: ["query", "total", "results"],
};

/** ACDC `search {query, source?}`: full-text search with stemming, typo tolerance and snippets. */
export const search: ToolDefinition = {
  name: "search",
  family: "acdc",
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
    const { hits, total, groups } = (await engine()).query(query, {
      weights: acdcWeights(settings),
      limit: settings.maxResults,
      ...(source ? { source } : {}),
    });
    const results = hits.map(({ doc, score }) => ({
      source: doc.source,
      name: doc.title,
      uri: doc.uri,
      snippet: snippet(store.body(doc), groups),
      relevance: Number(formatScore(score)),
    }));
    const text = results.length === 0
      ? `No results found for '${query}'${source ? ` in source '${source}'` : ""}. ` +
        "Try other words, fewer words, or no source filter."
      : `Search results for '${query}':\n\n` +
        results.map((r) =>
          `- [${r.source}] [${r.name}](${r.uri}): ${r.snippet} (relevance: ${
            formatScore(r.relevance)
          })`
        ).join("\n");
    const result: ToolResult = { content: [{ type: "text", text }] };
    if (structured) result.structuredContent = { query, total, results };
    return result;
  },
};

/** ACDC `read {uri}`: the body of a resource, without frontmatter. */
export const read: ToolDefinition = {
  name: "read",
  family: "acdc",
  title: "Read a resource",
  description: "Read the full content of a resource by its acdc:// URI " +
    "(e.g. acdc://docs/guides/getting-started), as returned by search.",
  inputSchema: {
    type: "object",
    properties: {
      uri: { type: "string", description: "The acdc:// URI of the resource." },
    },
    required: ["uri"],
  },
  call(args, { store }) {
    const uri = stringArg(args, "uri", { required: true, maxLength: 2048 })!;
    const doc = resolveUri(store, uri);
    if (!doc) {
      const close = closestUris(store, uri);
      return errorResult(
        `Resource not found: ${uri}` +
          (close.length > 0 ? `. Did you mean: ${close.join(", ")}?` : ""),
      );
    }
    return { content: [{ type: "text", text: store.body(doc) }] };
  },
};

/** The `acdc` family, in listing order. */
export const ACDC_TOOLS: readonly ToolDefinition[] = [search, read];
