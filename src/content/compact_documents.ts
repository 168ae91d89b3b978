/**
 * Compact documents: the edge manifest writes each document's metadata without the fields the
 * build derives from its source and path (`source`, `path`, `uri`, `category`, `slug`,
 * `mimeType`, a `.md` file name, a one-section outline), under short keys, so a cold isolate
 * parses a third of the bytes (tldr: 3.9 → 1.5 MB) and the store expands them once.
 *
 * The build checks that every document expands back to exactly itself (the same JSON), so the
 * compact form is never lossy; a document the rules do not fit keeps its fields written out.
 *
 * @module
 */
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
  /** `id` (`<source>/<path>`). */
  i: string;
  /** Index of its source in `sources`, when not 0. */
  s?: number;
  /** File name, when not `<path>.md`. */
  f?: string;
  /** Format, when not markdown. */
  t?: DocumentFormat;
  /** Title. */
  n: string;
  /** Description. */
  d: string;
  /** Keywords, when any. */
  k?: string[];
  /** Other scalar frontmatter, when any. */
  m?: Record<string, MetaValue>;
  /** Size in bytes. */
  z: number;
  /** Sections, when not one level-1 section named by the slug and title spanning the body. */
  c?: ManifestSection[];
  status?: string;
  maturity?: string;
  lastUpdated?: string;
  relatedIds?: string[];
  supersededBy?: string[];
}

const OPTIONAL = ["status", "maturity", "lastUpdated", "relatedIds", "supersededBy"] as const;

/** The outline a one-section document has: its slug and title, level 1, the whole body. */
const oneSection = (slug: string, title: string, size: number): ManifestSection[] => [
  { id: slug, title, level: 1, start: 0, end: size },
];

/** A compact document back as the build wrote it (same fields, same order). */
function expandDocument(c: CompactDocument, sources: readonly string[]): ManifestDocument {
  const source = sources[c.s ?? 0]!;
  const path = c.i.slice(source.length + 1);
  const slash = path.indexOf("/");
  const slug = path.slice(path.lastIndexOf("/") + 1);
  const format = c.t ?? "markdown";
  const doc: ManifestDocument = {
    id: c.i,
    source,
    path,
    filename: c.f ?? `${path}.md`,
    uri: documentUri(source, path),
    category: slash === -1 ? "" : path.slice(0, slash),
    slug,
    format,
    mimeType: MIME_TYPES[format],
    title: c.n,
    description: c.d,
    keywords: c.k ?? [],
    meta: c.m ?? {},
    size: c.z,
    sections: c.c ?? oneSection(slug, c.n, c.z),
  };
  for (const key of OPTIONAL) {
    const value = c[key];
    if (value !== undefined) (doc as unknown as Record<string, unknown>)[key] = value;
  }
  return doc;
}

function compactDocument(doc: ManifestDocument, sources: readonly string[]): CompactDocument {
  const c: CompactDocument = { i: doc.id, n: doc.title, d: doc.description, z: doc.size };
  const s = sources.indexOf(doc.source);
  if (s > 0) c.s = s;
  if (doc.filename !== `${doc.path}.md`) c.f = doc.filename;
  if (doc.format !== "markdown") c.t = doc.format;
  if (doc.keywords.length > 0) c.k = doc.keywords;
  if (Object.keys(doc.meta).length > 0) c.m = doc.meta;
  const one = oneSection(doc.slug, doc.title, doc.size);
  if (JSON.stringify(doc.sections) !== JSON.stringify(one)) c.c = doc.sections;
  for (const key of OPTIONAL) {
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
  const sources = manifest.sources.map((s) => s.name);
  const compactDocuments = manifest.documents.map((doc) => {
    const c = compactDocument(doc, sources);
    if (JSON.stringify(expandDocument(c, sources)) !== JSON.stringify(doc)) {
      throw new Error(`document ${doc.id} does not survive the compact form`);
    }
    return c;
  });
  return { ...manifest, documents: [], compactDocuments };
}

/** The manifest with `compactDocuments` expanded into `documents` (as it was before). */
export function expandManifest(manifest: Manifest): Manifest {
  const compact = manifest.compactDocuments;
  if (compact === undefined) return manifest;
  if (!Array.isArray(compact) || manifest.documents.length !== 0) {
    throw new TypeError("Invalid manifest: compactDocuments with documents, or not a list");
  }
  const sources = manifest.sources.map((s) => s.name);
  const { compactDocuments: _, ...rest } = manifest;
  return { ...rest, documents: compact.map((c) => expandDocument(c, sources)) };
}
