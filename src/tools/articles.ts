import {
  IGNORED_SCHEMA,
  queryWordsFields,
  queryWordsNote,
  UNMATCHED_SCHEMA,
} from "./query_words_note.ts";
import { answerChars, continuation, fitCount, pageText } from "./page_text.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { StoreOutline } from "../content/manifest_outline.ts";
import { ARTICLE_SEARCH_WEIGHTS } from "../search/search_settings.ts";
import { boolArg, intArg, stringArg } from "./read_args.ts";
import { errorResult, jsonResult, type JsonSchema, type ToolDefinition } from "./tool.ts";
import { cachedBodyResult, cachedListResult } from "./result_cache.ts";
import { MATCHED_SCHEMA, matchedFields, PARTIAL_SCHEMA } from "./matched_words.ts";
import { resultPart, SECTION_SCHEMA, sectionFields, SNIPPET_WIDTH } from "./result_part.ts";

/** Most results `search_articles` returns in one answer (`limit`'s maximum). */
export const SEARCH_ARTICLES_MAX = 50;
/** Results of `search_articles` when no `limit` is given. */
export const SEARCH_ARTICLES_DEFAULT = 10;

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
  /** The page on the live site, when its source has a public URL. */
  url?: string;
  lastUpdated?: string;
  status?: string;
  maturity?: string;
  relatedIds?: string[];
  supersededBy?: string[];
  content?: string;
  /** In a search result: the section its best passage is in (see `result_part.ts`). */
  section?: string;
  sectionTitle?: string;
  sectionUrl?: string;
  /** Set when `content` is one part of a long article (see `get_article`'s `offset`). */
  offset?: number;
  nextOffset?: number;
  totalLength?: number;
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
  if (doc.url) a.url = doc.url;
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
    url: { type: "string", description: "The page on the live site, to cite." },
    lastUpdated: { type: "string" },
    status: { type: "string" },
    maturity: { type: "string" },
    relatedIds: stringArray,
    supersededBy: stringArray,
    content: { type: "string" },
    score: { type: "number" },
    matched: MATCHED_SCHEMA,
    partial: PARTIAL_SCHEMA,
    ...SECTION_SCHEMA,
    offset: { type: "integer", description: "Where this part of a long article starts." },
    nextOffset: { type: "integer", description: "Pass as offset to read the next part." },
    totalLength: { type: "integer", description: "Characters of the whole article." },
  },
  required: ["slug", "category", "title", "description", "tags", "uri", "source"],
};

/**
 * The error for a category the store does not have (none for `""`, meaning all of them); a
 * category is in every document's path: every id is read first (`ContentStore.loadIds`) unless
 * the store knows its categories' documents without them (`ContentStore.categoryNumbers`).
 */
async function unknownCategory(
  store: ContentStore,
  category: string | undefined,
  wanted: string,
) {
  if (wanted === "") return undefined;
  if (store.categoryNumbers(wanted) === undefined) await store.loadIds();
  if (store.categories.some((c) => c.toLowerCase() === wanted)) return undefined;
  return errorResult(
    `Unknown category '${category}'. Categories: ${store.categories.join(", ") || "(none)"}`,
  );
}

function categorySchema(store: StoreOutline): JsonSchema {
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
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Skip this many articles (the nextOffset of the previous answer).",
      },
    },
  }),
  outputSchema: {
    type: "object",
    properties: {
      articles: { type: "array", items: ARTICLE_SCHEMA },
      count: { type: "integer" },
      total: { type: "integer" },
      nextOffset: { type: "integer", description: "Pass as offset for the next articles." },
      message: { type: "string" },
    },
    required: ["articles", "count", "total"],
  },
  async call(args, { store, structured, search }) {
    const category = stringArg(args, "category", { maxLength: 200 });
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const limit = intArg(args, "limit", {
      min: 1,
      fallback: LIST_LIMIT_DEFAULT,
      clampTo: LIST_LIMIT_MAX,
    });
    const wanted = (category ?? "").trim().toLowerCase();
    const unknown = await unknownCategory(store, category, wanted);
    if (unknown) return unknown;
    const budget = answerChars(search, 1000);
    const key = `list_articles|${wanted}|${limit}|${offset}|${budget}|${structured}`;
    // A page of the list and its documents' details (a sharded build's: their order ranges).
    const load = () => store.listPage(wanted, offset, limit);
    return cachedListResult(store, key, load, ({ docs, total }) => {
      const page = docs.map((d) => toArticle(d));
      // As many as fit the answer's budget (JSON-escaped metadata, about its serialized size).
      const articles = page.slice(0, fitCount(page, budget, (a) => JSON.stringify(a).length + 1));
      const result: Record<string, unknown> = { articles, count: articles.length, total };
      if (offset + articles.length < total) {
        result.nextOffset = offset + articles.length;
        if (articles.length < page.length) {
          result.message = `${articles.length} articles fit this answer; ask again with offset ` +
            `${result.nextOffset} for the next.`;
        }
      }
      return jsonResult(result, structured);
    });
  },
};

/** `get_article {slug}`: one article with its full markdown. */
export const getArticle: ToolDefinition = {
  name: "get_article",
  family: "articles",
  title: "Get article",
  description: "Get the full markdown content and metadata of one article by its slug " +
    "(e.g. 'context-engineering') or category/slug when a slug is shared. A long article comes " +
    "in parts: the answer says where the part ends and which offset reads the next.",
  inputSchema: {
    type: "object",
    properties: {
      slug: { type: "string", description: "Article slug, or category/slug." },
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Where to start in a long article (the nextOffset of the previous part).",
      },
    },
    required: ["slug"],
  },
  outputSchema: ARTICLE_SCHEMA,
  async call(args, { store, structured, search }) {
    const slug = stringArg(args, "slug", { required: true, maxLength: 512 })!;
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const found = await store.lookup(slug);
    if (found.kind === "missing") return errorResult(`Article '${slug}' not found`);
    if (found.kind === "ambiguous") {
      return errorResult(
        `Article '${slug}' is ambiguous: it matches ${found.candidates.join(", ")}. ` +
          "Ask again with one of these.",
      );
    }
    const doc = found.doc;
    // The article's text gets the answer's budget less room for its metadata and JSON escapes.
    const max = Math.max(1000, Math.floor(answerChars(search, 0) * 0.8) - 1000);
    const key = `get_article|${doc.id}|${structured}|${offset}|${max}`;
    return cachedBodyResult(store, key, [doc], () => {
      const page = pageText(store.body(doc), offset, max);
      const article = toArticle(doc, page.text);
      if (page.offset > 0 || page.nextOffset !== undefined) {
        article.content = `${page.text}\n\n${continuation(page, "get_article", { slug })}`;
        article.offset = page.offset;
        if (page.nextOffset !== undefined) article.nextOffset = page.nextOffset;
        article.totalLength = page.total;
      }
      return jsonResult(article as unknown as Record<string, unknown>, structured);
    });
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
  cacheable: true,
  title: "Search articles",
  description: "Search articles by keywords or a question. Title matches weigh most (×3), then " +
    "tags (×2), what other articles call it in their links (×1.5), description (×1) and body; " +
    "stemming and one-letter typos are handled; ties go " +
    "to the newest. Returns the best 10 (limit: up to 50) with the total and a nextOffset for " +
    "more. Set include_content to get the bodies too (as many as fit about 6,000 tokens; the " +
    "others are listed in contentOmitted). A category narrows the search to its articles.",
  inputSchema: (store) => ({
    type: "object",
    properties: {
      query: { type: "string", description: "Keywords or a question." },
      category: categorySchema(store),
      include_content: {
        type: "boolean",
        default: false,
        description: "Include each article's markdown content.",
      },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: SEARCH_ARTICLES_MAX,
        default: SEARCH_ARTICLES_DEFAULT,
        description: "Most articles in this answer (the best first).",
      },
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Skip this many results (the nextOffset of the previous answer).",
      },
    },
    required: ["query"],
  }),
  outputSchema: {
    type: "object",
    properties: {
      query: { type: "string" },
      count: { type: "integer" },
      total: { type: "integer" },
      articles: { type: "array", items: ARTICLE_SCHEMA },
      contentOmitted: { type: "array", items: { type: "string" } },
      nextOffset: { type: "integer", description: "Pass as offset for the next results." },
      unmatched: UNMATCHED_SCHEMA,
      ignored: IGNORED_SCHEMA,
      message: { type: "string" },
    },
    required: ["query", "count", "total", "articles"],
  },
  async call(args, { store, structured, engine, search }) {
    const query = stringArg(args, "query", { required: true, maxLength: 1000 })!;
    const includeContent = boolArg(args, "include_content", false);
    const limit = intArg(args, "limit", {
      min: 1,
      fallback: SEARCH_ARTICLES_DEFAULT,
      clampTo: SEARCH_ARTICLES_MAX,
    });
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const category = stringArg(args, "category", { maxLength: 200 });
    const wanted = (category ?? "").trim().toLowerCase();
    const unknown = await unknownCategory(store, category, wanted);
    if (unknown) return unknown;
    const ranked = await (await engine()).query(query, {
      weights: ARTICLE_SEARCH_WEIGHTS,
      limit: Math.min(offset + limit, 10_000),
      newestFirstOnTies: true,
      // From an offset on, the hits it reads are not the best `limit`.
      ...(offset === 0 ? { reads: "bodies" as const } : {}),
      ...(wanted !== "" ? { category: wanted } : {}),
    });
    const { total, unmatched, groups, plan } = ranked;
    const hits = ranked.hits.slice(offset);
    // Each result names the section its best passage is in, as `search` does, so that an agent
    // can read just that part (read_sections): the hits' bodies are read for it.
    await store.loadBodies(hits.map((h) => h.doc));
    // The answer's budget: first the metadata of as many hits as fit, then bodies by rank while
    // they fit (at most 24,000 characters of them); the rest are named, not sent. Sizes are
    // the JSON-escaped ones the agent receives.
    const budget = answerChars(search, 600);
    const entries = hits.map((hit) => ({
      doc: hit.doc,
      article: {
        ...toArticle(hit.doc),
        score: Math.round(hit.score * 100) / 100,
        ...matchedFields(hit),
        ...sectionFields(hit.doc, resultPart(store, hit, groups, SNIPPET_WIDTH, query).section),
      } as Article,
    }));
    // A hit costs its metadata, and with include_content room to name it in contentOmitted.
    const size = (x: { doc: ManifestDocument; article: Article }) =>
      JSON.stringify(x.article).length + 1 + (includeContent ? x.doc.slug.length + 3 : 0);
    const kept = entries.slice(0, fitCount(entries, budget - 400, size));
    // Room is kept for naming every hit in contentOmitted, and for the message.
    let room = Math.min(
      INCLUDED_CONTENT_MAX_CHARS,
      budget - 400 - kept.reduce((n, x) => n + size(x), 0),
    );
    const omitted: string[] = [];
    const articles = kept.map(({ doc, article }) => {
      if (!includeContent) return article;
      const body = store.body(doc);
      // Escaping only lengthens a text: a body longer than the room is not serialized to know.
      const cost = body.length + 14 > room ? Infinity : JSON.stringify(body).length + 12;
      if (cost <= room) {
        room -= cost;
        return { ...article, content: body };
      }
      omitted.push(doc.slug);
      return article;
    });
    const result: Record<string, unknown> = { query, count: articles.length, total, articles };
    if (offset + articles.length < total) result.nextOffset = offset + articles.length;
    if (omitted.length > 0) {
      result.contentOmitted = omitted;
      result.message = `Content of ${omitted.length} article(s) left out to keep this answer ` +
        `within its budget; read them with get_article.`;
    }
    if (result.nextOffset !== undefined && omitted.length === 0) {
      result.message = `${total} articles match; these are ${offset + 1}–${
        offset + articles.length
      }. Ask again with offset ${result.nextOffset} for more.`;
    }
    if (articles.length === 0) {
      result.message = `No articles match '${query}'. Try other or fewer words.`;
    }
    Object.assign(result, queryWordsFields(unmatched, plan.ignored));
    const note = queryWordsNote(unmatched, plan.ignored);
    if (note) result.message = result.message ? `${result.message} ${note}` : note;
    return jsonResult(result, structured);
  },
};

/** The `articles` family, in listing order. */
export const ARTICLE_TOOLS: readonly ToolDefinition[] = [listArticles, getArticle, searchArticles];
