import type { ManifestDocument } from "../content/manifest.ts";
import type { ContentStore } from "../content/content_store.ts";
import { ARTICLE_SEARCH_WEIGHTS } from "../search/search_settings.ts";
import { boolArg, intArg, stringArg } from "./read_args.ts";
import { errorResult, jsonResult, type JsonSchema, type ToolDefinition } from "./tool.ts";
import { cachedResult } from "./result_cache.ts";

/** Most results `search_articles` returns. */
export const SEARCH_ARTICLES_MAX = 50;

/** Default and maximum `limit` of `list_articles`. */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 500;

/** The ASDLC article schema (content only in `get_article` and `include_content` searches). */
export interface Article {
  slug: string;
  category: string;
  title: string;
  description: string;
  tags: string[];
  uri: string;
  source: string;
  lastUpdated?: string;
  status?: string;
  maturity?: string;
  relatedIds?: string[];
  supersededBy?: string[];
  content?: string;
}

/**
 * Maps a manifest document to the ASDLC article shape.
 *
 * @example
 * ```ts ignore
 * const article = toArticle(doc);
 * ```
 */
export function toArticle(doc: ManifestDocument, content?: string): Article {
  const a: Article = {
    slug: doc.slug,
    category: doc.category,
    title: doc.title,
    description: doc.description,
    tags: doc.keywords,
    uri: doc.uri,
    source: doc.source,
  };
  if (doc.lastUpdated) a.lastUpdated = doc.lastUpdated;
  if (doc.status) a.status = doc.status;
  if (doc.maturity) a.maturity = doc.maturity;
  if (doc.relatedIds) a.relatedIds = doc.relatedIds;
  if (doc.supersededBy) a.supersededBy = doc.supersededBy;
  if (content !== undefined) a.content = content;
  return a;
}

const stringArray = { type: "array", items: { type: "string" } };
const ARTICLE_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    slug: { type: "string" },
    category: { type: "string" },
    title: { type: "string" },
    description: { type: "string" },
    tags: stringArray,
    uri: { type: "string" },
    source: { type: "string" },
    lastUpdated: { type: "string" },
    status: { type: "string" },
    maturity: { type: "string" },
    relatedIds: stringArray,
    supersededBy: stringArray,
    content: { type: "string" },
    score: { type: "number" },
  },
  required: ["slug", "category", "title", "description", "tags", "uri", "source"],
};

function categorySchema(store: ContentStore): JsonSchema {
  const schema: JsonSchema = {
    type: "string",
    description: `Only articles in this category folder (${store.categories.join(", ")}).`,
  };
  if (store.categories.length > 0 && store.categories.length <= 100) {
    schema.enum = [...store.categories];
  }
  return schema;
}

/** `list_articles {category?, limit?}`: metadata of exposed articles, newest first. */
export const listArticles: ToolDefinition = {
  name: "list_articles",
  family: "articles",
  title: "List articles",
  description: "List knowledge-base articles with their metadata (no content), newest first. " +
    "Filter by category; use get_article to read one.",
  inputSchema: (store) => ({
    type: "object",
    properties: {
      category: categorySchema(store),
      limit: {
        type: "integer",
        minimum: 1,
        maximum: LIST_LIMIT_MAX,
        default: LIST_LIMIT_DEFAULT,
        description: `Maximum number of articles (default ${LIST_LIMIT_DEFAULT}).`,
      },
    },
  }),
  outputSchema: {
    type: "object",
    properties: {
      articles: { type: "array", items: ARTICLE_SCHEMA },
      count: { type: "integer" },
      total: { type: "integer" },
    },
    required: ["articles", "count", "total"],
  },
  call(args, { store, structured }) {
    const category = stringArg(args, "category", { maxLength: 200 });
    const limit = intArg(args, "limit", {
      min: 1,
      fallback: LIST_LIMIT_DEFAULT,
      clampTo: LIST_LIMIT_MAX,
    });
    const wanted = (category ?? "").trim().toLowerCase();
    if (wanted !== "" && !store.categories.some((c) => c.toLowerCase() === wanted)) {
      return errorResult(
        `Unknown category '${category}'. Categories: ${store.categories.join(", ") || "(none)"}`,
      );
    }
    return cachedResult(store, `list_articles|${wanted}|${limit}|${structured}`, () => {
      const docs = wanted === ""
        ? store.documents
        : store.documents.filter((d) => d.category.toLowerCase() === wanted);
      const articles = docs.slice(0, limit).map((d) => toArticle(d));
      return jsonResult({ articles, count: articles.length, total: docs.length }, structured);
    });
  },
};

/** `get_article {slug}`: one article with its full markdown. */
export const getArticle: ToolDefinition = {
  name: "get_article",
  family: "articles",
  title: "Get article",
  description: "Get the full markdown content and metadata of one article by its slug " +
    "(e.g. 'context-engineering') or category/slug when a slug is shared.",
  inputSchema: {
    type: "object",
    properties: {
      slug: { type: "string", description: "Article slug, or category/slug." },
    },
    required: ["slug"],
  },
  outputSchema: ARTICLE_SCHEMA,
  call(args, { store, structured }) {
    const slug = stringArg(args, "slug", { required: true, maxLength: 512 })!;
    const found = store.lookup(slug);
    if (found.kind === "missing") return errorResult(`Article '${slug}' not found`);
    if (found.kind === "ambiguous") {
      return errorResult(
        `Article '${slug}' is ambiguous: it matches ${found.candidates.join(", ")}. ` +
          "Ask again with one of these.",
      );
    }
    const doc = found.doc;
    return cachedResult(
      store,
      `get_article|${doc.id}|${structured}`,
      () =>
        jsonResult(
          toArticle(doc, store.body(doc)) as unknown as Record<string, unknown>,
          structured,
        ),
    );
  },
};

/**
 * Characters of article bodies one `search_articles` answer may carry with `include_content`
 * (about 6,000 tokens): whole bodies in rank order while they fit, the others listed in
 * `contentOmitted`. Without it, one answer on asdlc was 377,000 characters.
 */
export const INCLUDED_CONTENT_MAX_CHARS = 24_000;

/** `search_articles {query, include_content?}`: ASDLC-weighted search on the search engine. */
export const searchArticles: ToolDefinition = {
  name: "search_articles",
  family: "articles",
  title: "Search articles",
  description: "Search articles by keywords or a question. Title matches weigh most (×3), then " +
    "tags (×2), description (×1) and body; stemming and one-letter typos are handled; ties go " +
    "to the newest. Set include_content to get the bodies too (as many as fit about 6,000 " +
    "tokens; the others are listed in contentOmitted).",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Keywords or a question." },
      include_content: {
        type: "boolean",
        default: false,
        description: "Include each article's markdown content.",
      },
    },
    required: ["query"],
  },
  outputSchema: {
    type: "object",
    properties: {
      query: { type: "string" },
      count: { type: "integer" },
      total: { type: "integer" },
      articles: { type: "array", items: ARTICLE_SCHEMA },
      contentOmitted: { type: "array", items: { type: "string" } },
      message: { type: "string" },
    },
    required: ["query", "count", "total", "articles"],
  },
  async call(args, { store, structured, engine }) {
    const query = stringArg(args, "query", { required: true, maxLength: 1000 })!;
    const includeContent = boolArg(args, "include_content", false);
    const { hits, total } = (await engine()).query(query, {
      weights: ARTICLE_SEARCH_WEIGHTS,
      limit: SEARCH_ARTICLES_MAX,
      newestFirstOnTies: true,
    });
    // Bodies go in by rank while they fit the content budget; the rest are named, not sent.
    let budget = INCLUDED_CONTENT_MAX_CHARS;
    const omitted: string[] = [];
    const articles = hits.map(({ doc, score }) => {
      let body: string | undefined;
      if (includeContent) {
        const full = store.body(doc);
        if (full.length <= budget) {
          body = full;
          budget -= full.length;
        } else omitted.push(doc.slug);
      }
      return { ...toArticle(doc, body), score: Math.round(score * 100) / 100 };
    });
    const result: Record<string, unknown> = { query, count: articles.length, total, articles };
    if (omitted.length > 0) {
      result.contentOmitted = omitted;
      result.message = `Content of ${omitted.length} article(s) left out to keep this answer ` +
        `under ${INCLUDED_CONTENT_MAX_CHARS} characters; read them with get_article.`;
    }
    if (articles.length === 0) {
      result.message = `No articles match '${query}'. Try other or fewer words.`;
    }
    return jsonResult(result, structured);
  },
};

/** The `articles` family, in listing order. */
export const ARTICLE_TOOLS: readonly ToolDefinition[] = [listArticles, getArticle, searchArticles];
