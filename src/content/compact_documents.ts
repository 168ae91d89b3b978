/**
 * Compact documents: the edge manifest writes each document's metadata without the fields the
 * build derives from its source and path (`source`, `path`, `uri`, `category`, `slug`,
 * `mimeType`, a `.md` file name — `.html` for an HTML page —, a one-section outline), under short keys, so a cold isolate
 * parses two fifths of the bytes (tldr: 3.9 → 1.6 MB). The store reads them through views that
 * derive a field on its first read (`CompactDocumentView`): expanding all 7,315 of tldr's on the
 * first request cost as much as the smaller file saved.
 *
 * The build checks that every document expands back to exactly itself (the same JSON), so the
 * compact form is never lossy; a document the rules do not fit keeps its fields written out.
 *
 * @module
 */
import type { DocumentDetails } from "./document_details.ts";
import { lazyList } from "./lazy_list.ts";
import {
  type DocumentFormat,
  documentUri,
  type Manifest,
  type ManifestDocument,
  type ManifestSection,
  type MetaValue,
  MIME_TYPES,
} from "./manifest.ts";

/** One document in the edge manifest's `compactDocuments`. */
export interface CompactDocument {
  /**
   * `id` (`<source>/<path>`); in a sharded build, in its detail range and its id range instead
   * (`id_ranges.ts`: read as `undefined` here).
   */
  i: string;
  /** Index of its source in `sources`, when not 0. */
  s?: number;
  /** File name, when not `<path>.md` (`<path>.html` for an HTML page: {@link usualFilename}). */
  f?: string;
  /** Format, when not markdown. */
  t?: DocumentFormat;
  /** Title (in a sharded build, in its detail range: `document_details.ts`). */
  n: string;
  /** Description. */
  d: string;
  /** Keywords, when any. */
  k?: string[];
  /** Other scalar frontmatter, when any. */
  m?: Record<string, MetaValue>;
  /** Size in bytes (in a sharded build, in its detail range). */
  z: number;
  /** Sections, when not one level-1 section named by the slug and title spanning the body. */
  c?: ManifestSection[];
  /**
   * Only in a sharded build: the titles of its sections, which are in a section chunk, for a page
   * scored by its parts, whose titles the part rule reads (in its detail range).
   */
  h?: string[];
  /**
   * Only in a sharded build: an API page's member names and their types' (`apiMembers` in
   * `src/search/api_document.ts`; in its detail range), which the phrase rule reads without the
   * sections; an API page without it has no member a query can name with its type.
   */
  a?: string;
  status?: string;
  maturity?: string;
  lastUpdated?: string;
  relatedIds?: string[];
  supersededBy?: string[];
  url?: string;
}

/** The optional fields a compact document writes out under their own names, in this order. */
export const OPTIONAL_FIELDS = [
  "status",
  "maturity",
  "lastUpdated",
  "relatedIds",
  "supersededBy",
  "url",
] as const;

/**
 * The sections of compact document number `n` written without them, from its loaded body range
 * (`body_ranges.ts`); `undefined` when the range lists none for it (it has the one default
 * section). Throws when the range is not loaded.
 */
export type SectionsElsewhere = (n: number) => ManifestSection[] | undefined;

/**
 * The details of compact document number `n` written without them, from its loaded detail range
 * (`document_details.ts`). Throws when the range is not loaded.
 */
export type DetailsElsewhere = (n: number) => DocumentDetails;

/** Where a compact document's sections, details and id are, when not in it. */
export interface Elsewhere {
  sections?: SectionsElsewhere | undefined;
  details?: DetailsElsewhere | undefined;
  /**
   * The id of compact document number `n` written without it (`id_ranges.ts`); throws when it
   * cannot be read yet.
   */
  id?: ((n: number) => string) | undefined;
}

/** A compact document field's value of document `n`, read without making the document. */
export type FieldReader = (field: keyof CompactDocument, n: number) => unknown;

/** The field readers of compact document lists read in place (`document_columns.ts`). */
const readers = new WeakMap<readonly CompactDocument[], FieldReader>();

/** `docs`, whose fields `read` reads in place ({@link fieldReader}). */
export function withFieldReader(
  docs: readonly CompactDocument[],
  read: FieldReader,
): readonly CompactDocument[] {
  readers.set(docs, read);
  return docs;
}

/**
 * How to read a field of every document of `docs` without making an object for each: in place
 * when its list was read so (`document_columns.ts`), else from the documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldReader } from "./compact_documents.ts";
 * const docs = [{ i: "d/a", n: "A", d: "", z: 3 }];
 * assert.equal(fieldReader(docs)("z", 0), 3);
 * ```
 */
export function fieldReader(docs: readonly CompactDocument[]): FieldReader {
  return readers.get(docs) ?? ((field, n) => docs[n]?.[field]);
}

/**
 * The file name a compact document leaves out: `<path>.html` for an HTML page (every page of an
 * API reference), else `<path>.md`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usualFilename } from "./compact_documents.ts";
 * assert.equal(usualFilename("java.base/String", "html"), "java.base/String.html");
 * assert.equal(usualFilename("guides/setup", "markdown"), "guides/setup.md");
 * ```
 */
export const usualFilename = (path: string, format: DocumentFormat): string =>
  `${path}.${format === "html" ? "html" : "md"}`;

/** The outline a one-section document has: its slug and title, level 1, the whole body. */
const oneSection = (slug: string, title: string, size: number): ManifestSection[] => [
  { id: slug, title, level: 1, start: 0, end: size },
];

/**
 * A compact document as a {@link ManifestDocument}: what the build derived is derived again on
 * first read and kept, so making the store's documents costs one small object each (a cold edge
 * isolate's first request makes all of them) and a field no request reads is never made.
 * `JSON.stringify` gives the document as the build wrote it (same fields, same order).
 */
class CompactDocumentView implements ManifestDocument {
  readonly #c: CompactDocument;
  readonly #source: string;
  #path: string | undefined;
  #uri: string | undefined;
  #filename: string | undefined;
  #keywords: string[] | undefined;
  #meta: Record<string, MetaValue> | undefined;
  #sections: ManifestSection[] | undefined;
  readonly #elsewhere: SectionsElsewhere | undefined;
  readonly #details: DetailsElsewhere | undefined;
  readonly #id: ((n: number) => string) | undefined;
  readonly #n: number;

  constructor(c: CompactDocument, source: string, n = 0, elsewhere: Elsewhere = {}) {
    this.#c = c;
    this.#source = source;
    this.#n = n;
    this.#elsewhere = elsewhere.sections;
    this.#details = elsewhere.details;
    this.#id = elsewhere.id;
  }
  /** Its number in the manifest's documents, when it is a compact document's view. */
  static numberOf(doc: object): number | undefined {
    return #n in doc ? (doc as CompactDocumentView).#n : undefined;
  }
  /**
   * Its details: in it, or in its loaded detail range (not kept here: the isolate's chunk cache
   * bounds them).
   */
  get #d(): DocumentDetails {
    return this.#details ? this.#details(this.#n) : this.#c;
  }
  get id(): string {
    return this.#c.i ?? this.#id!(this.#n);
  }
  get source(): string {
    return this.#source;
  }
  get path(): string {
    return this.#path ??= this.id.slice(this.#source.length + 1);
  }
  get filename(): string {
    return this.#filename ??= this.#c.f ?? usualFilename(this.path, this.format);
  }
  get uri(): string {
    return this.#uri ??= documentUri(this.#source, this.path);
  }
  get category(): string {
    const path = this.path;
    const slash = path.indexOf("/");
    return slash === -1 ? "" : path.slice(0, slash);
  }
  get slug(): string {
    const path = this.path;
    return path.slice(path.lastIndexOf("/") + 1);
  }
  get format(): DocumentFormat {
    return this.#c.t ?? "markdown";
  }
  get mimeType(): string {
    return MIME_TYPES[this.format];
  }
  get title(): string {
    return this.#d.n;
  }
  get description(): string {
    return this.#d.d;
  }
  get keywords(): string[] {
    return this.#details ? this.#d.k ?? [] : this.#keywords ??= this.#c.k ?? [];
  }
  get meta(): Record<string, MetaValue> {
    return this.#details ? this.#d.m ?? {} : this.#meta ??= this.#c.m ?? {};
  }
  get size(): number {
    return this.#d.z;
  }
  get sections(): ManifestSection[] {
    if (this.#sections) return this.#sections;
    // Sections read from a chunk are not kept here: the isolate's chunk cache bounds them.
    const elsewhere = this.#c.c ? undefined : this.#elsewhere?.(this.#n);
    return elsewhere ??
      (this.#sections = this.#c.c ?? oneSection(this.slug, this.title, this.size));
  }
  /** The titles of its sections when the edge manifest keeps them apart (`CompactDocument.h`). */
  get sectionTitles(): readonly string[] | undefined {
    return this.#d.h;
  }
  /**
   * Its member names when the edge manifest keeps its sections apart (`CompactDocument.a`; `""`
   * for none), else `undefined`: its sections are here to read.
   */
  get apiMembers(): string | undefined {
    return this.#d.a ?? (this.#elsewhere && this.#c.c === undefined ? "" : undefined);
  }
  get status(): string | undefined {
    return this.#d.status;
  }
  get maturity(): string | undefined {
    return this.#d.maturity;
  }
  get lastUpdated(): string | undefined {
    return this.#d.lastUpdated;
  }
  get relatedIds(): string[] | undefined {
    return this.#d.relatedIds;
  }
  get supersededBy(): string[] | undefined {
    return this.#d.supersededBy;
  }
  get url(): string | undefined {
    return this.#d.url;
  }
  toJSON(): ManifestDocument {
    return expandDocument(this);
  }
}

/** A document as a plain object with the build's fields in the build's order. */
function expandDocument(d: ManifestDocument): ManifestDocument {
  const doc: ManifestDocument = {
    id: d.id,
    source: d.source,
    path: d.path,
    filename: d.filename,
    uri: d.uri,
    category: d.category,
    slug: d.slug,
    format: d.format,
    mimeType: d.mimeType,
    title: d.title,
    description: d.description,
    keywords: d.keywords,
    meta: d.meta,
    size: d.size,
    sections: d.sections,
  };
  for (const key of OPTIONAL_FIELDS) {
    const value = d[key];
    if (value !== undefined) (doc as unknown as Record<string, unknown>)[key] = value;
  }
  return doc;
}

function compactDocument(doc: ManifestDocument, sources: readonly string[]): CompactDocument {
  const c: CompactDocument = { i: doc.id, n: doc.title, d: doc.description, z: doc.size };
  const s = sources.indexOf(doc.source);
  if (s > 0) c.s = s;
  if (doc.filename !== usualFilename(doc.path, doc.format)) c.f = doc.filename;
  if (doc.format !== "markdown") c.t = doc.format;
  if (doc.keywords.length > 0) c.k = doc.keywords;
  if (Object.keys(doc.meta).length > 0) c.m = doc.meta;
  const one = oneSection(doc.slug, doc.title, doc.size);
  if (JSON.stringify(doc.sections) !== JSON.stringify(one)) c.c = doc.sections;
  for (const key of OPTIONAL_FIELDS) {
    const value = doc[key];
    if (value !== undefined) (c as unknown as Record<string, unknown>)[key] = value;
  }
  return c;
}

/**
 * The manifest with its documents in compact form (`documents` empty, `compactDocuments` set).
 * Throws if a document would not expand back to exactly itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compactManifest, expandManifest } from "./compact_documents.ts";
 * import { buildManifest } from "../build/build_manifest.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [{ path: "guides/setup.md", text: "# Setup\n\nRun it." }] },
 * ] });
 * const compact = compactManifest(manifest);
 * assert.deepEqual(compact.documents, []);
 * assert.equal(JSON.stringify(expandManifest(compact)), JSON.stringify(manifest));
 * ```
 */
export function compactManifest(manifest: Manifest): Manifest {
  // Sorted by id (as `buildManifest` sorts them): the store finds a document by a binary search.
  manifest.documents.forEach((doc, n) => {
    const before = manifest.documents[n - 1]?.id;
    if (before !== undefined && !(before < doc.id)) {
      throw new Error(`documents not sorted by id: ${doc.id} after ${before}`);
    }
  });
  const sources = manifest.sources.map((s) => s.name);
  const compactDocuments = manifest.documents.map((doc) => {
    const c = compactDocument(doc, sources);
    if (JSON.stringify(new CompactDocumentView(c, doc.source)) !== JSON.stringify(doc)) {
      throw new Error(`document ${doc.id} does not survive the compact form`);
    }
    return c;
  });
  return { ...manifest, documents: [], compactDocuments };
}

/**
 * The number of `doc` in its manifest's documents when it is a compact document's view
 * ({@link expandManifest}), else `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentNumber, expandManifest } from "./compact_documents.ts";
 * const manifest = { sources: [{ name: "d" }], documents: [],
 *   compactDocuments: [{ i: "d/a", n: "A", d: "", z: 1 }, { i: "d/b", n: "B", d: "", z: 1 }] };
 * const docs = expandManifest(manifest as never).documents;
 * assert.deepEqual(docs.map(documentNumber), [0, 1]);
 * assert.equal(documentNumber({ ...docs[1]! }), undefined);
 * ```
 */
export function documentNumber(doc: ManifestDocument): number | undefined {
  return CompactDocumentView.numberOf(doc);
}

/**
 * The manifest with `compactDocuments` expanded into `documents` (as it was before); the
 * sections of a manifest with `bodyRangeBytes` are read through `elsewhere.sections`, the details
 * of one with `detailRange` through `elsewhere.details`, the ids of one with `idRangeFirsts`
 * through `elsewhere.id`.
 */
export function expandManifest(manifest: Manifest, elsewhere: Elsewhere = {}): Manifest {
  const compact = manifest.compactDocuments;
  if (compact === undefined) return manifest;
  if (!Array.isArray(compact) || manifest.documents.length !== 0) {
    throw new TypeError("Invalid manifest: compactDocuments with documents, or not a list");
  }
  if (manifest.bodyRangeBytes !== undefined && !elsewhere.sections) {
    throw new TypeError(
      "Invalid manifest: its sections are in body ranges and nothing reads them",
    );
  }
  if (manifest.detailRangeStarts !== undefined && !elsewhere.details) {
    throw new TypeError(
      "Invalid manifest: its documents' details are in ranges and nothing reads them",
    );
  }
  if (manifest.idRangeFirsts !== undefined && !elsewhere.id) {
    throw new TypeError(
      "Invalid manifest: its documents' ids are in ranges and nothing reads them",
    );
  }
  const sources = manifest.sources.map((s) => s.name);
  const { compactDocuments: _, ...rest } = manifest;
  // Each source checked now, read in place; each view made when first read (`lazy_list.ts`): a
  // search reads a few hundred documents.
  const read = fieldReader(compact);
  // Its length read once: `compact` may be a list read through a proxy (`document_columns.ts`).
  const count = compact.length;
  for (let n = 0; n < count; n++) {
    const s = read("s", n) as number | undefined;
    if (sources[s ?? 0] === undefined) {
      throw new TypeError(`Invalid manifest: source ${s} of document ${n}`);
    }
  }
  return {
    ...rest,
    documents: lazyList<ManifestDocument>(count, (n) => {
      const c = compact[n]!;
      return new CompactDocumentView(c, sources[c.s ?? 0]!, n, elsewhere);
    }) as ManifestDocument[],
  };
}
