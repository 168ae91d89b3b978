/**
 * A source file as the build keeps it from reading to building: its frontmatter and, for an HTML
 * page, the page already read — the API generator's reading of it (`dialects/api_page.ts`), its
 * text with anchors and the three facts the metadata takes from its HTML — so that the raw HTML
 * can be dropped as soon as the file is read. A large reference (rust-doc's 580 MB of HTML) then
 * never has all its HTML in memory at once.
 *
 * @module
 */
import type { DocumentFormat } from "../content/manifest.ts";
import { API_DIALECTS, type ApiPage, apiPage } from "./dialects/api_page.ts";
import { type Cleaned, takeAnchors } from "./dialects/clean_markdown.ts";
import type { Dialect } from "./dialects/dialect.ts";
import { escapeHtml } from "./dialects/inline_text.ts";
import { formatOf } from "./format_of.ts";
import { firstElementText, htmlToText, metaContent } from "./html_to_text.ts";
import { type Frontmatter, FrontmatterError, parseFrontmatter } from "./parse_frontmatter.ts";
import type { SourceFile } from "./types.ts";

/** What the metadata takes from a page's HTML (`extract_metadata.ts`), read once. */
export interface HtmlFacts {
  /** The text of its first `<title>`. */
  title: string | undefined;
  /** The text of its first `<h1>`. */
  h1: string | undefined;
  /** Its `<meta name="description">`. */
  description: string | undefined;
}

/**
 * The API generator's reading of a page (`ApiPage`) without its HTML; `rewritten` where it gave
 * the page's HTML (what the page was then read from, with its kind and path as metadata).
 */
export type ApiReading = Omit<ApiPage, "html"> & { rewritten: boolean };

/** An HTML page as read: what the build needs of it in place of its HTML. */
export interface HtmlReading {
  /** The API generator's reading of the page, in an API dialect's source. */
  api?: ApiReading;
  /** The text and its headings' anchors; absent for a navigation page left out. */
  converted?: Cleaned;
  /** What the metadata takes from the HTML (with `converted`). */
  facts?: HtmlFacts;
  /** Why the page could not be converted (reported when the page is built). */
  failed?: unknown;
  /** The page's HTML after its frontmatter, read again (for an include that names the page). */
  source: () => string;
}

/** A source file ready for the build: its text (HTML pages read), frontmatter parsed. */
export interface PreparedFile {
  /** Path relative to the source root, as read. */
  path: string;
  modified?: string;
  /** The frontmatter and the text after it (empty for an HTML page), or why it is invalid. */
  frontmatter: Frontmatter | FrontmatterError;
  /** An HTML page as read (absent for other formats and for invalid frontmatter). */
  html?: HtmlReading;
}

/** How a source's files are prepared: its dialect and whether navigation pages stay. */
export interface PrepareOptions {
  dialect: Dialect;
  keepGenerated: boolean;
  /**
   * Reads the file's text again (for an include naming an HTML page); default: the text given,
   * held for the build's duration.
   */
  reread?: (path: string) => string;
}

/**
 * The HTML an API page is built from: the generator's page rewritten, its description as a
 * `<meta>` (which the metadata reads).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiSource } from "./prepare_file.ts";
 * assert.equal(apiSource({ html: "<p>x</p>", description: "a & b" }),
 *   '<head><meta name="description" content="a &amp; b"></head><p>x</p>');
 * ```
 */
export function apiSource(api: ApiPage): string {
  const head = api.description
    ? `<head><meta name="description" content="${escapeHtml(api.description)}"></head>`
    : "";
  return head + (api.html ?? "");
}

/**
 * A copy of `text` that holds nothing else: a substring can be a view of the string it was cut
 * from (V8's sliced strings), and a title cut from a page's HTML would keep all that HTML.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ownString } from "./prepare_file.ts";
 * assert.equal(ownString("a\ud800b"), "a\ud800b");
 * assert.equal(ownString(undefined), undefined);
 * ```
 */
export function ownString<T extends string | undefined>(text: T): T {
  return (text === undefined ? text : JSON.parse(JSON.stringify(text))) as T;
}

/**
 * Reads an HTML page for the build: text with anchors and the metadata's facts, each its own
 * string (nothing of the HTML kept).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readHtml } from "./prepare_file.ts";
 * const read = readHtml("<title>T</title><h1>Head</h1><p>Body</p>");
 * assert.deepEqual(read.facts, { title: "T", h1: "Head", description: undefined });
 * assert.ok(read.converted!.text.includes("Body"));
 * ```
 */
export function readHtml(html: string): Pick<HtmlReading, "converted" | "facts" | "failed"> {
  try {
    const facts = {
      title: ownString(firstElementText(html, "title")),
      h1: ownString(firstElementText(html, "h1")),
      description: ownString(metaContent(html, "description")),
    };
    const { text, anchors } = takeAnchors(htmlToText(html));
    return { converted: { text: ownString(text), anchors: anchors.map(ownString) }, facts };
  } catch (error) {
    return { failed: error };
  }
}

/**
 * The source of a page read again from its file: made apart from {@link prepareFile}, whose
 * closures would otherwise share (and keep) the page's HTML.
 */
function rereadSource(reread: (path: string) => string, path: string): () => string {
  return () => parseFrontmatter(reread(path)).body;
}

/**
 * Prepares one file of a source (see the module doc). A file whose format the build does not
 * read keeps its text as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prepareFile } from "./prepare_file.ts";
 * const page = prepareFile({ path: "a.html", text: "<h1>A</h1><p>alpha</p>" },
 *   { dialect: "plain", keepGenerated: false });
 * assert.equal(page.html!.facts!.h1, "A");
 * assert.equal(page.html!.source(), "<h1>A</h1><p>alpha</p>");
 * assert.ok(!("body" in page.frontmatter) || page.frontmatter.body === "");
 * ```
 */
export function prepareFile(file: SourceFile, options: PrepareOptions): PreparedFile {
  const modified = file.modified !== undefined ? { modified: file.modified } : {};
  const format: DocumentFormat | undefined = formatOf(file.path);
  let frontmatter: Frontmatter;
  try {
    frontmatter = parseFrontmatter(file.text);
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return { path: file.path, ...modified, frontmatter: error };
  }
  if (format !== "html") return { path: file.path, ...modified, frontmatter };
  const path = file.path;
  const body = frontmatter.body;
  const source = options.reread ? rereadSource(options.reread, path) : () => body;
  const api = API_DIALECTS.has(options.dialect)
    ? apiPage(options.dialect, path.normalize("NFC"), body)
    : undefined;
  const html: HtmlReading = { source };
  if (api) {
    const { html: rewritten, ...rest } = api;
    const own = Object.entries(rest).map(([key, value]) => [key, ownString(value)]);
    html.api = { ...Object.fromEntries(own), rewritten: Boolean(rewritten) };
  }
  // A navigation page left out is never built: nothing of it is read.
  if (!api?.generated || options.keepGenerated) {
    Object.assign(html, readHtml(api?.html ? apiSource(api) : body));
  }
  return { path, ...modified, frontmatter: { ...frontmatter, body: "" }, html };
}
