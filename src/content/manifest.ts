/**
 * The manifest: the contract between the build step (`scripts/build.ts`) and the runtime.
 *
 * The build writes one JSON file of this shape; the runtime only reads it. Anything that is
 * not in the manifest cannot be served, which is how hidden (Draft, Proposed, Deprecated)
 * documents stay out of every response: the build never writes them.
 *
 * Bump {@link SCHEMA_VERSION} whenever a field changes meaning or disappears.
 *
 * @module
 */

import type { CompactDocument } from "./compact_documents.ts";
import type { ManifestOutline } from "./manifest_outline.ts";

/** Version of the manifest layout. The runtime refuses manifests of another version. */
export const SCHEMA_VERSION = 1;

/** Document formats Shelf reads. */
export type DocumentFormat = "markdown" | "html" | "text";

/** A heading-delimited part of a document body. */
export interface ManifestSection {
  /** Path-based id, e.g. `rest-conventions/introduction`; unique within the document. */
  id: string;
  /** Heading text without markup. */
  title: string;
  /** Heading level, 1–6. */
  level: number;
  /** Offset of the heading line in the body (UTF-16 code units). */
  start: number;
  /** Offset where the section ends: the next heading of the same or a higher level, or the end. */
  end: number;
  /** The author's anchor for the heading (`{#id}`, Sphinx ids), the fragment of its URL. */
  anchor?: string;
}

/** Scalar frontmatter values kept under `meta`. */
export type MetaValue = string | number | boolean;

/** One exposed document: metadata plus its sections. The body lives in {@link Manifest.bodies}. */
export interface ManifestDocument {
  /** `<source>/<path>`, unique across the manifest. */
  id: string;
  /** Name of the content source. */
  source: string;
  /** Path relative to the source root, forward slashes, no extension. */
  path: string;
  /** File name relative to the source root, with its extension. */
  filename: string;
  /** `acdc://<source>/<path>`. */
  uri: string;
  /** First folder under the source root, or `""` for top-level files. */
  category: string;
  /** File name without extension. */
  slug: string;
  format: DocumentFormat;
  mimeType: string;
  title: string;
  description: string;
  /** Union of frontmatter `keywords`, `Keywords` and `tags`, in order, without duplicates. */
  keywords: string[];
  // The optional fields may also read `undefined` (a compact document's view has them all).
  status?: string | undefined;
  maturity?: string | undefined;
  /** ISO 8601 date (or date-time) string. */
  lastUpdated?: string | undefined;
  /** Related document paths, already filtered to exposed documents. */
  relatedIds?: string[] | undefined;
  supersededBy?: string[] | undefined;
  /** The page's address on the live site, when its source has a public URL. */
  url?: string | undefined;
  /** Other scalar frontmatter fields. */
  meta: Record<string, MetaValue>;
  /** Size of the served body in UTF-8 bytes. */
  size: number;
  sections: ManifestSection[];
}

/** A named content source. */
export interface ManifestSource {
  name: string;
  description: string;
  documentCount: number;
  /** The OAuth scope a request's token needs to see anything of this source. */
  scope?: string;
}

/** Identity the server reports in `initialize` and `server/discover`. */
export interface ServerInfo {
  name: string;
  version: string;
  instructions?: string;
}

/** Runtime settings baked in by the build from the config file (the edge reads no files). */
export interface ManifestSettings {
  /** Tool families to list (`articles`, `acdc`, `sections`, `mcp-serve`, `techdoc`). */
  profiles?: string[];
  /** Tool name → description override. */
  toolDescriptions?: Record<string, string>;
  search?: {
    maxResults?: number;
    boosts?: { keywords?: number; name?: number; content?: number };
  };
  /** How long a loaded manifest is trusted before it is checked again. */
  cacheTtlMs?: number;
  /** Budget of one tool answer, in tokens (config file `maxResponseTokens`). */
  maxResponseTokens?: number;
  /** The site's public URL (no trailing `/`): the base of `llms.txt` links and the server card. */
  siteUrl?: string;
}

/** A prompt template from a source's `mcp-prompts/` folder. */
export interface ManifestPrompt {
  /** `<source>:<name>`. */
  name: string;
  source: string;
  title?: string;
  description: string;
  arguments: PromptArgument[];
  /** Template text with `{{.arg}}` / `{{arg}}` placeholders. */
  template: string;
}

/** One argument of a prompt. */
export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  /** Values offered by `completion/complete` (from `enum` and `examples`). */
  values?: string[];
}

/** The whole build output. */
export interface Manifest {
  schemaVersion: number;
  /** ISO date-time of the build. */
  builtAt: string;
  /**
   * The Shelf version whose build wrote it: start-up rebuilds a prebuilt manifest of another
   * version (an upgrade may change what a build derives from the same files).
   */
  builtBy?: string;
  /** Source name → the git commit its folder was built from (sources in a git checkout). */
  commits?: Record<string, string>;
  /** Hash of everything served; equal hashes mean identical content. */
  contentHash: string;
  server: ServerInfo;
  /**
   * Fingerprint of the content configuration the build read (see `configFingerprint`): start-up
   * serves a prebuilt manifest only for the same configuration.
   */
  buildConfig?: string;
  /** Analyzer the build's search index was made with (see `src/search/analyzer.ts`). */
  analyzer?: string;
  settings?: ManifestSettings;
  sources: ManifestSource[];
  /** Prompt templates, sorted by name. */
  prompts?: ManifestPrompt[];
  /** Exposed documents, sorted by id. */
  documents: ManifestDocument[];
  /** Document id → served body (markdown without frontmatter, HTML converted to text). */
  bodies: Record<string, string>;
  /**
   * Only in the edge manifest: `bodies` is empty and the bodies are in this many chunk modules
   * the edge adapter imports on demand (see `body_chunks.ts`).
   */
  bodyChunks?: number;
  /**
   * Only in the edge manifest: `documents` is empty and these are the documents, without what
   * the build derives from their path (see `compact_documents.ts`); the store expands them.
   */
  compactDocuments?: CompactDocument[];
  /**
   * Only in a sharded build's edge manifest: `bodies` is empty and the bodies are in ranges of
   * consecutive documents whose bodies take at most this many bytes (`body_ranges.ts`), with the
   * sections of the compact documents written without them (`c`: `section_chunks.ts`).
   */
  bodyRangeBytes?: number;
  /**
   * Only in a sharded build's edge manifest: the first document of each body range (ascending
   * from 0), which the documents' sizes — in their detail ranges — decide (`bodyRangeStarts`).
   */
  bodyRangeStarts?: number[];
  /**
   * Only in a sharded build's edge manifest: the compact documents' details (description,
   * keywords, other frontmatter, dates, links: `document_details.ts`) are in ranges of consecutive
   * documents, read when a request first reads them of a document; these are the numbers of the
   * first document of each range (ascending from 0).
   */
  detailRangeStarts?: number[];
  /**
   * Only in a sharded build's edge manifest: its compact documents leave their ids out (`i`),
   * which are in the detail ranges (what a request shows of a document) and in id ranges of
   * {@link Manifest.idRangeSize} consecutive documents (`id_ranges.ts`), read to find a document
   * by its id, URI or path; these are the ids of the first document of each id range (sorted, as
   * the documents are by id).
   */
  idRangeFirsts?: string[];
  /** Documents in each id range but the last, with {@link Manifest.idRangeFirsts}. */
  idRangeSize?: number;
  /**
   * Only in an edge manifest whose ids are in id ranges: where each slug range starts
   * (`slug_ranges.ts`: each slug's documents, read to find a document by its slug alone), sorted.
   */
  slugRangeFirsts?: string[];
  /**
   * Only in a sharded build's edge manifest: its documents' numbers in the order they are listed
   * are in order ranges of this many (`list_order.ts`), read for a page of `list_articles`.
   */
  listOrderSize?: number;
  /**
   * Only in an edge manifest whose ids are in id ranges: its outline (`manifest_outline.ts`),
   * made at build, since the categories in it are in every document's path.
   */
  outline?: ManifestOutline;
  /**
   * Only in an edge manifest with an outline: per source of it, per category of that source,
   * the number of its first document and how many (`category_spans.ts`: sorted by id, a
   * source's category is a run of documents).
   */
  categorySpans?: number[][];
  /**
   * What each document (in `documents` order) counts for in `llms-full.txt`
   * (`llmsFullBytes` in `src/site/llms_txt.ts`): written by a build whose function serves that
   * file from bodies kept apart, so that it reads only the bodies of the documents that fit.
   */
  llmsFullSizes?: number[];
}

/**
 * The part of a manifest a server answers `initialize`, `ping`, `server/discover` and the
 * listings (`tools/list`, `prompts/list`, `resources/templates/list`) from — its identity,
 * instructions, freshness, settings and outline — known before any document is read: a sharded
 * build's root file carries it (`published_root.ts`). `manifest_head.ts` makes it.
 */
export interface ManifestHead
  extends Pick<Manifest, "builtAt" | "commits" | "server" | "settings"> {
  /**
   * The sources and prompts the listings read (absent in a manifest itself, and in roots written
   * before 2026-11-28 08:00 UTC, whose servers read the manifest for the listings).
   */
  outline?: ManifestOutline;
}

/**
 * The `acdc://` URI of a document: each path segment percent-encoded as a URI component, so a
 * file name with a space, `?`, `#` or `%` gives a URI that means what it says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentUri } from "./manifest.ts";
 * assert.equal(documentUri("docs", "guides/setup"), "acdc://docs/guides/setup");
 * assert.equal(documentUri("docs", "a b/what?#1"), "acdc://docs/a%20b/what%3F%231");
 * assert.equal(documentUri("docs", "é/x_(1)"), "acdc://docs/%C3%A9/x_(1)");
 * ```
 */
export function documentUri(source: string, path: string): string {
  // Most paths have nothing to encode: kept as they are (a miss compares every page's URI).
  if (URI_SAFE.test(path)) return `acdc://${source}/${path}`;
  return `acdc://${source}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** A path `encodeURIComponent` leaves as it is, segment by segment (`/` between them). */
const URI_SAFE = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/** MIME type served for each format. */
export const MIME_TYPES: Readonly<Record<DocumentFormat, string>> = {
  markdown: "text/markdown",
  html: "text/html",
  text: "text/plain",
};

/**
 * Checks the parts of a manifest the runtime relies on, so a stale or foreign file fails at
 * load with a clear message instead of at the first request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertManifest } from "./manifest.ts";
 * try {
 *   assertManifest({ schemaVersion: 0 });
 * } catch (e) {
 *   assert.ok((e as Error).message.includes("schemaVersion"));
 * }
 * ```
 */
export function assertManifest(value: unknown): asserts value is Manifest {
  if (typeof value !== "object" || value === null) {
    throw new TypeError("Invalid manifest: not a JSON object");
  }
  const m = value as Partial<Manifest>;
  if (m.schemaVersion !== SCHEMA_VERSION) {
    throw new TypeError(
      `Invalid manifest: schemaVersion ${m.schemaVersion} (this server reads ${SCHEMA_VERSION}); rebuild it with deno task build`,
    );
  }
  if (!Array.isArray(m.documents) || typeof m.bodies !== "object" || m.bodies === null) {
    throw new TypeError("Invalid manifest: documents or bodies missing");
  }
  if (
    m.bodyChunks !== undefined &&
    !(Number.isInteger(m.bodyChunks) && m.bodyChunks >= 1 && m.bodyChunks <= 65_536)
  ) {
    throw new TypeError(`Invalid manifest: bodyChunks ${m.bodyChunks}`);
  }
  if (
    m.bodyRangeBytes !== undefined &&
    !(Number.isSafeInteger(m.bodyRangeBytes) && m.bodyRangeBytes >= 1)
  ) {
    throw new TypeError(`Invalid manifest: bodyRangeBytes ${m.bodyRangeBytes}`);
  }
  for (const field of ["detailRangeStarts", "bodyRangeStarts"] as const) {
    const starts = m[field];
    if (
      starts !== undefined &&
      !(Array.isArray(starts) && starts.length <= 65_536 &&
        starts.every((start, k) =>
          Number.isInteger(start) && (k === 0 ? start === 0 : start > starts[k - 1]!)
        ))
    ) {
      throw new TypeError(`Invalid manifest: ${field} is not a list ascending from 0`);
    }
  }
  const firsts = m.idRangeFirsts;
  if (
    firsts !== undefined &&
    !(Array.isArray(firsts) && Number.isSafeInteger(m.idRangeSize) && m.idRangeSize! >= 1 &&
      firsts.every((id, k) => typeof id === "string" && (k === 0 || id > firsts[k - 1]!)))
  ) {
    throw new TypeError("Invalid manifest: idRangeFirsts is not a sorted list of ids with a size");
  }
  const spans = m.categorySpans;
  if (
    spans !== undefined &&
    !(Array.isArray(spans) && spans.length === m.outline?.sources.length &&
      spans.every((list, s) =>
        Array.isArray(list) && list.length === 2 * m.outline!.sources[s]!.categories.length &&
        list.every((n) => Number.isSafeInteger(n) && n >= 0)
      ))
  ) {
    throw new TypeError(
      "Invalid manifest: categorySpans is not two numbers a category of its outline",
    );
  }
  const slugs = m.slugRangeFirsts;
  if (
    slugs !== undefined &&
    !(firsts !== undefined && Array.isArray(slugs) &&
      slugs.every((slug, k) => typeof slug === "string" && (k === 0 || slug > slugs[k - 1]!)))
  ) {
    throw new TypeError("Invalid manifest: slugRangeFirsts is not a sorted list beside id ranges");
  }
  if (
    m.listOrderSize !== undefined && !(Number.isSafeInteger(m.listOrderSize) && m.listOrderSize > 0)
  ) {
    throw new TypeError("Invalid manifest: listOrderSize is not a positive whole number");
  }
  if (typeof m.contentHash !== "string" || typeof m.server?.name !== "string") {
    throw new TypeError("Invalid manifest: contentHash or server missing");
  }
}
