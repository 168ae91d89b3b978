/**
 * Section chunks: a sharded build's edge manifest leaves out the documents' sections (most of
 * its bytes on a reference shelf: 14.6 of openjdk-17-doc's 18.1 MB) and writes them in chunks,
 * a document's chosen by the body chunks' rule (`bodyChunkOf`, over the section chunks' count),
 * and a request reads a document's sections when it reads its body. A page whose section titles
 * the part rule reads (a page scored by its parts, `part_rule.ts`) keeps only those titles
 * (`h`: 0.3 of the 2.05 MB of openjdk-17-doc's 109 such pages' sections), and an API page the
 * names of its members, which the phrase rule reads (`a`: `apiMembers` in
 * `src/search/api_document.ts`); both go to the documents' detail ranges
 * (`document_details.ts`).
 *
 * @module
 */
import { bodyChunkOf } from "./body_chunks.ts";
import type { CompactDocument } from "./compact_documents.ts";
import type { Manifest, ManifestDocument, ManifestSection } from "./manifest.ts";

/** One chunk: the sections of its documents that are not the default one section. */
export type SectionChunk = Record<string, ManifestSection[]>;

/**
 * `compact` (a manifest in compact form) with the sections of its documents moved into `count`
 * chunks; the documents `titled` names keep their sections' titles, and each document keeps what
 * `members` gives of its metadata and sections (an API page's member names, `a`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitSections } from "./section_chunks.ts";
 * import { bodyChunkOf } from "./body_chunks.ts";
 * const s = { id: "a", title: "A", level: 2, start: 0, end: 1 };
 * const compact = { compactDocuments: [{ i: "d/x", n: "X", d: "", z: 1, c: [s] },
 *   { i: "d/y", n: "Y", d: "", z: 1, c: [s] }, { i: "d/z", n: "Z", d: "", z: 1 }] } as never;
 * const members = ({ sections }: { sections: { title: string }[] }) => sections[0]!.title;
 * const { edge, chunks } = splitSections(compact, 4, new Set(["d/y"]), members);
 * assert.equal(edge.sectionChunks, 4);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.c), [undefined, undefined, undefined]);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.h), [undefined, ["A"], undefined]);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.a), ["A", "A", undefined]);
 * assert.deepEqual(chunks[bodyChunkOf("d/x", 4)]!["d/x"], [s]);
 * assert.equal(chunks.flatMap((c) => Object.keys(c)).length, 2);
 * ```
 */
export function splitSections(
  compact: Manifest,
  count: number,
  titled: ReadonlySet<string>,
  members: (doc: Pick<ManifestDocument, "meta" | "sections">) => string | undefined = () =>
    undefined,
): { edge: Manifest; chunks: SectionChunk[] } {
  const chunks: SectionChunk[] = Array.from({ length: count }, () => ({}));
  const documents = (compact.compactDocuments ?? []).map((c) => {
    if (c.c === undefined) return c;
    const { c: sections, ...rest } = c;
    chunks[bodyChunkOf(c.i, count)]![c.i] = sections;
    const kept: CompactDocument = titled.has(c.i)
      ? { ...rest, h: sections.map((s) => s.title) }
      : rest;
    const a = members({ meta: c.m ?? {}, sections });
    return a === undefined ? kept : { ...kept, a };
  });
  return { edge: { ...compact, compactDocuments: documents, sectionChunks: count }, chunks };
}

/**
 * A section chunk as read (checked: an object of lists), by document id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sectionsOfChunk } from "./section_chunks.ts";
 * assert.deepEqual(sectionsOfChunk({ "d/x": [] }, 0), new Map([["d/x", []]]));
 * assert.throws(() => sectionsOfChunk({ "d/x": "text" }, 3), /section chunk 3/);
 * ```
 */
export function sectionsOfChunk(chunk: unknown, k: number): Map<string, ManifestSection[]> {
  if (typeof chunk !== "object" || chunk === null || Array.isArray(chunk)) {
    throw new TypeError(`section chunk ${k} is not an object`);
  }
  const found = new Map<string, ManifestSection[]>();
  for (const [id, sections] of Object.entries(chunk)) {
    if (!Array.isArray(sections)) throw new TypeError(`section chunk ${k}: ${id} has no list`);
    found.set(id, sections as ManifestSection[]);
  }
  return found;
}
