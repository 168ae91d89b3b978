import type { DocumentFormat } from "../content/manifest.ts";
import { firstElementText, metaContent } from "./html_to_text.ts";
import { headingText, parseHeading } from "./split_sections.ts";
import { createFenceTracker } from "../code_fences.ts";
import type { HtmlFacts } from "./prepare_file.ts";

/** What {@link extractMetadata} reads. */
export interface ExtractInput {
  format: DocumentFormat;
  /** Frontmatter mapping (empty when absent). */
  attrs: Record<string, unknown>;
  /** The original source after the frontmatter (HTML still as HTML). */
  source: string;
  /** The served body (HTML already converted to text). */
  body: string;
  /** File name without extension, the last fallback for the title. */
  slug: string;
  /** What the metadata takes from an HTML source, where it was read already (`source` unused). */
  html?: HtmlFacts;
}

/** Title, description and keywords of a document. */
export interface ExtractedMetadata {
  title: string;
  /**
   * The page's first H1 where its title came from elsewhere (frontmatter `title`, `<title>`):
   * whether it is the page's title depends on the source's other pages (`site_titles.ts`).
   */
  heading?: string;
  description: string;
  keywords: string[];
}

/** Descriptions taken from the body are trimmed to about this many characters. */
export const DERIVED_DESCRIPTION_MAX = 150;
/** Frontmatter descriptions are capped here (the ASDLC article schema's limit). */
export const DESCRIPTION_MAX = 200;

/** Longest title (and keyword) served: a 2 MB frontmatter title would be in every listing. */
export const TITLE_MAX = 200;
/** Most keywords kept per document. */
export const KEYWORDS_MAX = 50;

/**
 * Shortens text to at most `max` characters, cutting at a word boundary and adding `…`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateAtWord } from "./extract_metadata.ts";
 * assert.ok(truncateAtWord("one two three", 9) === "one two…");
 * assert.ok(truncateAtWord("short", 9) === "short");
 * ```
 */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  const head = space > max * 0.6 ? cut.slice(0, space) : cut.slice(0, max - 1);
  return head.replace(/[\s,;:.-]+$/, "") + "…";
}

/**
 * Reads title, description and keywords following DESIGN §4, first match wins:
 * title from frontmatter `title` | `name` | `Title`, then the first `# H1` (markdown),
 * `<title>`/`<h1>` (HTML) or first line (text), then the file name; description from
 * frontmatter `description` | `Description`, then the first paragraph, `<meta name=description>`
 * /first `<p>`, or lines 2–4; keywords as the union of `keywords`, `Keywords` and `tags`.
 * Where the title came from frontmatter or `<title>` and the page has an H1, `heading` holds it:
 * the build titles the page by it when the title is the H1 plus a site-wide suffix
 * (`site_titles.ts`), which one page alone cannot tell.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extractMetadata } from "./extract_metadata.ts";
 * const md = extractMetadata({
 *   format: "markdown",
 *   attrs: { tags: "a, b", keywords: ["b", "c"] },
 *   source: "# Guide\n\nFirst paragraph.\n",
 *   body: "# Guide\n\nFirst paragraph.\n",
 *   slug: "guide",
 * });
 * assert.ok(md.title === "Guide" && md.description === "First paragraph.");
 * assert.ok(md.keywords.join() === "b,c,a");
 * ```
 */
export function extractMetadata(input: ExtractInput): ExtractedMetadata {
  const { attrs } = input;
  const h1 = input.format === "text" ? undefined : firstHeading(input);
  const browserTitle = firstString(attrs, ["title", "name", "Title"]) ??
    (input.format === "html"
      ? (input.html ? input.html.title : firstElementText(input.source, "title"))
      : undefined);
  const title = truncateAtWord(
    browserTitle ?? h1 ?? (input.format === "text" ? textTitle(input.body) : undefined) ??
      heroName(attrs) ?? input.slug,
    TITLE_MAX,
  );
  const fmDescription = firstString(attrs, ["description", "Description"]);
  const description = fmDescription !== undefined
    ? truncateAtWord(fmDescription, DESCRIPTION_MAX)
    : truncateAtWord(bodyDescription(input), DERIVED_DESCRIPTION_MAX);
  const keywords = unique([
    ...stringList(attrs.keywords),
    ...stringList(attrs.Keywords),
    ...stringList(attrs.tags),
  ]).slice(0, KEYWORDS_MAX).map((k) => truncateAtWord(k, TITLE_MAX));
  const meta: ExtractedMetadata = { title, description, keywords };
  if (browserTitle !== undefined && h1 !== undefined) meta.heading = truncateAtWord(h1, TITLE_MAX);
  return meta;
}

/**
 * Turns a frontmatter value into a list of strings: a list, a comma-separated string or a
 * scalar. Anything else gives an empty list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringList } from "./extract_metadata.ts";
 * assert.ok(stringList("a, b").join("|") === "a|b");
 * assert.ok(stringList([1, "x", null]).join("|") === "1|x");
 * ```
 */
export function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter(Boolean);
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) {
    return value.filter((v) => typeof v === "string" || typeof v === "number")
      .map((v) => String(v).trim()).filter(Boolean);
  }
  return [];
}

/** A home page's hero name (VitePress's `layout: home`), which the site shows as its title. */
function heroName(attrs: Record<string, unknown>): string | undefined {
  const hero = attrs.hero;
  return hero !== null && typeof hero === "object"
    ? firstString(hero as Record<string, unknown>, ["name", "text"])
    : undefined;
}

function firstString(attrs: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const v = attrs[key];
    if (typeof v === "string" && v.trim() !== "") return v.replace(/\s+/g, " ").trim();
    if (typeof v === "number") return String(v);
  }
  return undefined;
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A manual page rendered as text (`man git-commit | col -b`): its running header
 * (`GIT-COMMIT(1)   Git Manual   GIT-COMMIT(1)`) and its NAME line
 * (`git-commit - Record changes to the repository`), when the text has them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { manPage } from "./extract_metadata.ts";
 * const page = "GIT-COMMIT(1)      Git Manual      GIT-COMMIT(1)\n\nNAME\n       git-commit - Record changes to the repository\n";
 * assert.deepEqual(manPage(page), { title: "git-commit(1)", description: "Record changes to the repository" });
 * assert.equal(manPage("Just a text file.\n"), undefined);
 * ```
 */
export function manPage(body: string): { title: string; description: string } | undefined {
  const lines = body.split("\n", 40);
  const header = /^\s*(\S+)\((\w+)\)\s{2,}.*\s{2,}\1\(\2\)\s*$/.exec(lines[0] ?? "");
  if (!header) return undefined;
  const section = header[2]!;
  const nameAt = lines.findIndex((l) => /^NAME\s*$/.test(l));
  const nameLine = nameAt === -1 ? "" : lines.slice(nameAt + 1).find((l) => l.trim() !== "") ?? "";
  const m = /^\s*(\S+(?:,\s*\S+)*)\s+[-\u2013\u2014]+\s+(.+)$/.exec(nameLine);
  const name = m ? m[1]!.split(",")[0]!.trim() : header[1]!.toLowerCase();
  return { title: `${name}(${section})`, description: m ? m[2]!.trim() : "" };
}

/** The page's first H1: `<h1>` (HTML) or `# H1` outside code (markdown). */
function firstHeading({ format, source, body, html }: ExtractInput): string | undefined {
  if (format === "html") return html ? html.h1 : firstElementText(source, "h1");
  for (const line of markdownLines(body)) {
    const heading = parseHeading(line);
    if (heading?.level === 1 && heading.text !== "") return headingText(heading.text) || undefined;
  }
  return undefined;
}

/** A text file's title: a manual page's name, else its first line. */
function textTitle(body: string): string | undefined {
  const man = manPage(body);
  if (man) return man.title;
  const first = body.split("\n")[0]?.trim();
  return first ? first : undefined;
}

function bodyDescription({ format, source, body, html }: ExtractInput): string {
  if (format === "html") {
    if (html) return html.description ?? firstParagraph(body);
    // The first paragraph of the text as converted (navigation chrome already dropped: a
    // Sphinx sidebar's first `<p>` is a caption, not the page's opening).
    return metaContent(source, "description") ?? firstParagraph(body);
  }
  if (format === "text") {
    return manPage(body)?.description || body.split("\n").slice(1, 4).join(" ").trim();
  }
  return firstParagraph(body);
}

/** The first paragraph of a markdown text, as plain text (headings, quotes of labels skipped). */
function firstParagraph(body: string): string {
  const paragraph: string[] = [];
  let labelled = false; // inside a labelled quote (an admonition), which opens no description
  for (const line of markdownLines(body)) {
    const t = line.trim();
    if (paragraph.length === 0 && (labelled || /^>\s*\*\*[^*]+\*\*/.test(t))) {
      labelled = t.startsWith(">");
      if (labelled) continue;
    }
    const skip = t === "" || /^#{1,6}(\s|$)/.test(t) || /^(<!--|\{\{[<%]|!\[|<\/?\w|[-*_]{3,}$|\|)/
      .test(t);
    if (skip) {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(t.replace(/^>\s?/, "").slice(0, 2000));
    // The description keeps about 150 characters: enough text has been gathered.
    if (paragraph.length > 40 || paragraph.reduce((n, p) => n + p.length, 0) > 2000) break;
  }
  return plainInline(paragraph.join(" "));
}

/** Lines of a markdown body outside fenced code blocks. */
function* markdownLines(body: string): Generator<string> {
  const isCode = createFenceTracker();
  for (const line of body.split("\n")) {
    if (!isCode(line)) yield line.replace(/\r$/, "");
  }
}

function plainInline(text: string): string {
  return text
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
