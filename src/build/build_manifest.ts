import { SHELF_VERSION } from "../version.ts";
import { createLinkResolver, type LinkResolver, rewriteLinks } from "./rewrite_links.ts";
import {
  type DocumentFormat,
  documentUri,
  type Manifest,
  type ManifestDocument,
  type ManifestPrompt,
  type ManifestSettings,
  type MetaValue,
  MIME_TYPES,
  SCHEMA_VERSION,
  type ServerInfo,
} from "../content/manifest.ts";
import { FrontmatterError } from "./parse_frontmatter.ts";
import {
  DEFAULT_STATUSES,
  type PublicationRules,
  publicationVerdict,
  sourceUsesStatus,
} from "./publication.ts";
import { extractMetadata, stringList } from "./extract_metadata.ts";
import { cleanMarkdown } from "./dialects/clean_markdown.ts";
import { type Dialect, FRONTMATTER_BROWSER_TITLE, MDX_IN_MARKDOWN } from "./dialects/dialect.ts";
import { isPartial } from "./dialects/partials.ts";
import { readApiPages } from "./read_api_pages.ts";
import { publicUrl } from "./dialects/public_url.ts";
import { splitSections } from "./split_sections.ts";
import { siteTitles } from "./site_titles.ts";
import { ANALYZER_ID } from "../search/analyzer.ts";
import { buildPrompts } from "./build_prompts.ts";
import { formatOf } from "./format_of.ts";
import type { BuildReport, FileIssue, SourceFile, SourceInput } from "./types.ts";
import {
  type ApiReading,
  type HtmlReading,
  type PreparedFile,
  prepareFile,
} from "./prepare_file.ts";
import { contentHash } from "./content_hash.ts";

export type { BuildReport, FileIssue, SourceFile, SourceInput };

/** Options of {@link buildManifest}. */
export interface BuildOptions {
  server: ServerInfo;
  sources: SourceInput[];
  /** Runtime settings to bake in (tool profiles, search settings, cache TTL). */
  settings?: ManifestSettings;
  /** Build time; defaults to now. */
  now?: Date;
}

const KNOWN_KEYS = new Set([
  "title",
  "name",
  "Title",
  "description",
  "Description",
  "keywords",
  "Keywords",
  "tags",
  "status",
  "maturity",
  "lastUpdated",
  "relatedIds",
  "supersededBy",
  "draft",
]);

/** A source whose files are prepared (`prepare_file.ts`): its HTML pages already read. */
export interface PreparedSource extends Omit<SourceInput, "files"> {
  files: PreparedFile[];
}

interface Parsed {
  file: { path: string; modified?: string };
  format: DocumentFormat;
  attrs: Record<string, unknown>;
  /** The text after the frontmatter; empty for an HTML page (read in `html`). */
  source: string;
  bodyLine: number;
  html?: HtmlReading;
  api?: ApiReading;
}

/**
 * Turns source files into a manifest: parses frontmatter, applies the publication filter,
 * extracts metadata and sections, and drops related ids that point at hidden documents.
 * Pure apart from hashing: reading folders is the caller's job (`read_sources.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "./build_manifest.ts";
 * const { manifest, report } = await buildManifest({
 *   server: { name: "kb", version: "1.0.0" },
 *   sources: [{ name: "docs", description: "", files: [
 *     { path: "guides/a.md", text: "---\nstatus: Live\n---\n# A\n" },
 *     { path: "guides/b.md", text: "---\nstatus: Draft\n---\n# B\n" },
 *   ] }],
 * });
 * assert.ok(manifest.documents.length === 1 && report.hidden.length === 1);
 * ```
 */
export function buildManifest(
  options: BuildOptions,
): Promise<{ manifest: Manifest; report: BuildReport }> {
  return buildPreparedManifest({
    ...options,
    sources: options.sources.map(({ files, ...input }) => {
      const prepare = {
        dialect: input.dialect ?? "plain",
        keepGenerated: input.keepGenerated ?? false,
      };
      return { ...input, files: files.map((file) => prepareFile(file, prepare)) };
    }),
  });
}

/**
 * {@link buildManifest} over sources whose files are prepared (`prepare_file.ts`, as
 * `build_from_folders.ts` reads them in batches): the same manifest and report.
 */
export function buildPreparedManifest(
  options: Omit<BuildOptions, "sources"> & { sources: PreparedSource[] },
): Promise<{ manifest: Manifest; report: BuildReport }> {
  const report: BuildReport = { seen: 0, exposed: 0, hidden: [], warnings: [], errors: [] };
  const documents: ManifestDocument[] = [];
  const bodies: Record<string, string> = {};
  const sources = [];
  const prompts: ManifestPrompt[] = [];
  for (const input of options.sources) {
    prompts.push(...buildPrompts(input.name, input.prompts ?? [], report));
    const exposed = buildSource(input, report);
    for (const { doc, body } of exposed) {
      documents.push(doc);
      bodies[doc.id] = body;
    }
    sources.push({
      name: input.name,
      description: input.description,
      documentCount: exposed.length,
      ...(input.scope ? { scope: input.scope } : {}),
    });
  }
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  report.exposed = documents.length;
  prompts.sort((a, b) => (a.name < b.name ? -1 : 1));
  const settings = options.settings ?? {};
  const hash = contentHash({
    server: options.server,
    settings,
    sources,
    documents,
    bodies,
    prompts,
  });
  const manifest: Manifest = {
    schemaVersion: SCHEMA_VERSION,
    builtAt: (options.now ?? new Date()).toISOString(),
    builtBy: SHELF_VERSION,
    contentHash: hash,
    server: options.server,
    analyzer: ANALYZER_ID,
    settings,
    sources,
    prompts,
    documents,
    bodies,
  };
  return Promise.resolve({ manifest, report });
}

function buildSource(
  input: PreparedSource,
  report: BuildReport,
): { doc: ManifestDocument; body: string }[] {
  const label = (path: string) => `${input.name}/${path}`;
  const parsed: Parsed[] = [];
  const byPath = new Map<string, string>();
  // NFC: the NFC and NFD spellings of one name are one document (the second is a duplicate).
  const files = input.files.map((f) => ({ ...f, path: f.path.normalize("NFC") }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const file of files) {
    const format = formatOf(file.path);
    if (!format) continue;
    report.seen++;
    // deno-lint-ignore no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(file.path)) {
      const reason = "file name has control characters (a newline, a tab…); skipped";
      report.warnings.push({
        file: label(JSON.stringify(file.path).slice(1, -1)),
        line: 1,
        reason,
      });
      report.hidden.push({ file: label(JSON.stringify(file.path).slice(1, -1)), reason });
      continue;
    }
    const docPath = stripExtension(file.path);
    const earlier = byPath.get(docPath);
    if (earlier !== undefined) {
      report.warnings.push({
        file: label(file.path),
        line: 1,
        reason: `same document path as ${earlier}; skipped`,
      });
      report.hidden.push({ file: label(file.path), reason: `duplicate of ${earlier}` });
      continue;
    }
    byPath.set(docPath, file.path);
    const fm = file.frontmatter;
    if (fm instanceof FrontmatterError) {
      report.errors.push({ file: label(file.path), line: fm.line, reason: fm.message });
      report.hidden.push({ file: label(file.path), reason: fm.message });
      continue;
    }
    parsed.push({
      file: {
        path: file.path,
        ...(file.modified !== undefined ? { modified: file.modified } : {}),
      },
      format,
      attrs: fm.attrs,
      source: fm.body,
      bodyLine: fm.bodyLine,
      ...(file.html ? { html: file.html } : {}),
      ...(file.html?.api ? { api: file.html.api } : {}),
    });
  }
  const dialect = input.dialect ?? "plain";
  // A framework's `status` is a page badge, not a publication state: a page without one is
  // published, and MkDocs Material's `new` is; `draft`, Draft, Proposed and Deprecated still hide.
  const rules: PublicationRules = {
    statuses: input.statuses ??
      (dialect === "mkdocs" ? [...DEFAULT_STATUSES, "new"] : DEFAULT_STATUSES),
    requireStatus: input.requireStatus ??
      (dialect === "plain" && sourceUsesStatus(parsed.map((p) => p.attrs))),
  };
  let kept: Parsed[] = [];
  const partialOf = isPartial(dialect, parsed.map((p) => ({ path: p.file.path, attrs: p.attrs })));
  for (const p of parsed) {
    const partial = partialOf(p.file.path);
    if (partial) {
      report.hidden.push({ file: label(p.file.path), reason: partial });
      continue;
    }
    const verdict = publicationVerdict(p.attrs, rules);
    if (verdict.exposed) {
      kept.push(p);
      continue;
    }
    report.hidden.push({ file: label(p.file.path), reason: verdict.reason });
    if (p.attrs.status === undefined && rules.requireStatus) {
      report.warnings.push({
        file: label(p.file.path),
        line: 1,
        reason: "no status while other documents in this source have one; hidden as Draft",
      });
    }
  }
  // An API generator's pages as it wrote them, its navigation pages left out.
  kept = readApiPages(kept, dialect, input.keepGenerated ?? false, report, label);
  const exposedPaths = new Map(kept.map((p) => [stripExtension(p.file.path), p]));
  const slugCount = slugCounts(exposedPaths, report, label);
  const resolves = (id: string) =>
    exposedPaths.has(id.replace(/^\/+|\/+$/g, "")) || slugCount.get(id) === 1;
  const links = createLinkResolver(
    new Map([...exposedPaths.keys()].map((path) => [path, documentUri(input.name, path)])),
  );
  // Includes read the source's own files, never one that is not publishable (a draft's text).
  const byFile = new Map(parsed.map((p) => [p.file.path, p]));
  const include = (from: string) => (path: string): string | undefined => {
    const target = resolveInclude(from, path, byFile);
    if (!target) return undefined;
    const partial = partialOf(target.file.path) !== undefined;
    if (!partial && !publicationVerdict(target.attrs, rules).exposed) return undefined;
    return target.html ? target.html.source() : target.source;
  };
  const droppedKinds = new Map<string, string>();
  const context: DocumentContext = {
    source: input.name,
    dialect,
    ...(input.site ? { site: input.site } : {}),
    resolves,
    links,
    report,
    include,
    dropped: (kind, file) => {
      if (!droppedKinds.has(kind)) droppedKinds.set(kind, file);
    },
  };
  const documents: Built[] = [];
  for (const p of kept) {
    // One file that breaks a rule nobody foresaw is reported and skipped, never the build.
    try {
      documents.push(toDocument(p, context));
    } catch (error) {
      const reason = `could not be built: ${(error as Error).message ?? error}`;
      report.errors.push({ file: label(p.file.path), line: 1, reason });
      report.hidden.push({ file: label(p.file.path), reason });
    }
  }
  titleByHeadings(documents, dialect);
  // One warning per kind of construct dropped, naming the first file that had it.
  for (const [kind, file] of droppedKinds) {
    report.warnings.push({
      file: label(file),
      line: 1,
      reason: kind === "include"
        ? "an include names a file outside this source (or not publishable); dropped (and in any other file)"
        : `${kind}: not rendered by Shelf; dropped (here and in any other file)`,
    });
  }
  return documents;
}

/** How many exposed documents share each slug; a warning for each slug shared. */
function slugCounts(
  exposedPaths: ReadonlyMap<string, Parsed>,
  report: BuildReport,
  label: (path: string) => string,
): Map<string, number> {
  const slugCount = new Map<string, number>();
  const slugFiles = new Map<string, string[]>();
  for (const [path, p] of exposedPaths) {
    const slug = path.slice(path.lastIndexOf("/") + 1);
    slugCount.set(slug, (slugCount.get(slug) ?? 0) + 1);
    slugFiles.set(slug, [...(slugFiles.get(slug) ?? []), p.file.path]);
  }
  for (const [slug, files] of slugFiles) {
    if (files.length < 2) continue;
    report.warnings.push({
      file: label(files[1]!),
      line: 1,
      reason: `slug '${slug}' is shared with ${files.filter((f) => f !== files[1]).join(", ")}; ` +
        "get_article needs category/slug for these",
    });
  }
  return slugCount;
}

/** A document as built, with its H1 where its title came from elsewhere. */
interface Built {
  doc: ManifestDocument;
  body: string;
  heading?: string;
}

/**
 * Titles pages by their H1 where their browser title is the H1 plus the site's suffix, decided
 * over the source's pages (`site_titles.ts`): HTML `<title>`s, and frontmatter titles in the
 * dialects where they are the browser's.
 */
function titleByHeadings(documents: Built[], dialect: Dialect): void {
  const withHeading = documents.filter((d) => d.heading !== undefined);
  const groups = [withHeading.filter((d) => d.doc.format === "html")];
  if (FRONTMATTER_BROWSER_TITLE.has(dialect)) {
    groups.push(withHeading.filter((d) => d.doc.format === "markdown"));
  }
  for (const group of groups) {
    const titles = siteTitles(group.map((d) => ({ title: d.doc.title, heading: d.heading! })));
    group.forEach((d, i) => d.doc.title = titles[i]!);
  }
}

/** What every document of one source is built with. */
interface DocumentContext {
  source: string;
  dialect: NonNullable<SourceInput["dialect"]>;
  site?: NonNullable<SourceInput["site"]>;
  resolves: (id: string) => boolean;
  links: LinkResolver;
  report: BuildReport;
  include: (from: string) => (path: string) => string | undefined;
  dropped: (kind: string, file: string) => void;
}

/**
 * The file an include names, from the including file: relative to it, else to the source root
 * (Hugo's `include "_common/a.md"`, MkDocs snippets), with or without a leading `/`.
 */
function resolveInclude(
  from: string,
  path: string,
  files: Map<string, Parsed>,
): Parsed | undefined {
  const clean = path.replace(/^\.\//, "");
  const dir = from.includes("/") ? from.slice(0, from.lastIndexOf("/") + 1) : "";
  for (const candidate of [dir + clean, clean.replace(/^\/+/, "")]) {
    const parts: string[] = [];
    for (const part of candidate.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== "." && part !== "") parts.push(part);
    }
    const found = files.get(parts.join("/")) ?? files.get(parts.join("/") + ".md");
    if (found) return found;
  }
  return undefined;
}

function toDocument(p: Parsed, context: DocumentContext): Built {
  const { source, resolves, links, report, dialect } = context;
  const path = stripExtension(p.file.path);
  const slash = path.indexOf("/");
  const slug = path.slice(path.lastIndexOf("/") + 1);
  // The text as the site's readers see it (the framework's dialect cleaned away).
  let anchors: (string | undefined)[] = [];
  let text = p.source;
  if (p.format === "markdown") {
    const cleaned = cleanMarkdown(p.source, {
      dialect,
      mdx: /\.mdx$/i.test(p.file.path) || MDX_IN_MARKDOWN.has(dialect),
      include: context.include(p.file.path),
      dropped: (kind) => context.dropped(kind, p.file.path),
    });
    text = cleaned.text;
    anchors = cleaned.anchors;
  }
  // Blank lines between the frontmatter and the text are not part of the document.
  text = text.replace(/^(?:[ \t]*\r?\n)+/, "");
  if (p.html) {
    if (p.html.failed !== undefined) throw p.html.failed;
    text = p.html.converted!.text;
    anchors = p.html.converted!.anchors;
  }
  const body = p.format === "html"
    ? text
    : p.format === "markdown"
    ? rewriteLinks(text, p.file.path, links)
    : text;
  const meta = extractMetadata({
    format: p.format,
    attrs: p.attrs,
    source: p.format === "markdown" ? text : p.source,
    body,
    slug,
    ...(p.html?.facts ? { html: p.html.facts } : {}),
  });
  const doc: ManifestDocument = {
    id: `${source}/${path}`,
    source,
    path,
    filename: p.file.path,
    uri: documentUri(source, path),
    category: slash === -1 ? "" : path.slice(0, slash),
    slug,
    format: p.format,
    mimeType: MIME_TYPES[p.format],
    title: meta.title,
    description: meta.description,
    keywords: meta.keywords,
    meta: otherScalars(p.attrs),
    size: new TextEncoder().encode(body).length,
    sections: splitSections(body, { anchors }),
  };
  const status = p.attrs.status;
  if (typeof status === "string" && status.trim() !== "") doc.status = status.trim();
  const maturity = p.attrs.maturity;
  if (typeof maturity === "string" && maturity.trim() !== "") doc.maturity = maturity.trim();
  const lastUpdated = normalizeDate(p.attrs.lastUpdated) ?? p.file.modified;
  if (lastUpdated) doc.lastUpdated = lastUpdated;
  if (p.attrs.lastUpdated !== undefined && !normalizeDate(p.attrs.lastUpdated)) {
    report.warnings.push({
      file: `${source}/${p.file.path}`,
      line: 1,
      reason: `lastUpdated is not a date: ${JSON.stringify(p.attrs.lastUpdated)}`,
    });
  }
  const related = stringList(p.attrs.relatedIds).filter(resolves);
  if (related.length > 0) doc.relatedIds = related;
  const superseded = stringList(p.attrs.supersededBy).filter(resolves);
  if (superseded.length > 0) doc.supersededBy = superseded;
  // Last, as the edge's compact form writes the optional fields back (same order, same JSON).
  if (context.site) {
    doc.url = publicUrl({
      base: context.site.url,
      style: context.site.urlStyle,
      dialect,
      path,
      filename: p.file.path,
      attrs: p.attrs,
    });
  }
  return meta.heading === undefined ? { doc, body } : { doc, body, heading: meta.heading };
}

function stripExtension(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") ? path.slice(0, dot) : path;
}

function otherScalars(attrs: Record<string, unknown>): Record<string, MetaValue> {
  const meta: Record<string, MetaValue> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (KNOWN_KEYS.has(key)) continue;
    if (typeof value === "string" || typeof value === "boolean") meta[key] = value;
    else if (typeof value === "number" && Number.isFinite(value)) meta[key] = value;
    else if (value instanceof Date && !isNaN(value.getTime())) meta[key] = value.toISOString();
  }
  return meta;
}

function normalizeDate(value: unknown): string | undefined {
  if (value instanceof Date) return isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== "string") return undefined;
  const s = value.trim();
  return /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) &&
      !isNaN(Date.parse(s))
    ? s
    : undefined;
}
