/**
 * Sections apart: a sharded build's edge manifest leaves out the documents' sections (most of
 * its bytes on a reference shelf: 14.6 of openjdk-17-doc's 18.1 MB), which it writes with their
 * bodies in body ranges (`body_ranges.ts`): a request reads a document's sections when it reads
 * its body. A page whose section titles the part rule reads (a page scored by its parts,
 * `part_rule.ts`) keeps only those titles (`h`: 0.3 of the 2.05 MB of openjdk-17-doc's 109 such
 * pages' sections), and an API page the names of its members, which the phrase rule reads (`a`:
 * `apiMembers` in `src/search/api_document.ts`); both go to the documents' detail ranges
 * (`document_details.ts`).
 *
 * @module
 */
import type { CompactDocument } from "./compact_documents.ts";
import type { Manifest, ManifestDocument } from "./manifest.ts";

/**
 * `compact` (a manifest in compact form) with the sections of its documents left out; the
 * documents `titled` names keep their sections' titles, and each document keeps what `members`
 * gives of its metadata and sections (an API page's member names, `a`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitSections } from "./section_chunks.ts";
 * const s = { id: "a", title: "A", level: 2, start: 0, end: 1 };
 * const compact = { compactDocuments: [{ i: "d/x", n: "X", d: "", z: 1, c: [s] },
 *   { i: "d/y", n: "Y", d: "", z: 1, c: [s] }, { i: "d/z", n: "Z", d: "", z: 1 }] } as never;
 * const members = ({ sections }: { sections: { title: string }[] }) => sections[0]!.title;
 * const edge = splitSections(compact, new Set(["d/y"]), members);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.c), [undefined, undefined, undefined]);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.h), [undefined, ["A"], undefined]);
 * assert.deepEqual(edge.compactDocuments!.map((c) => c.a), ["A", "A", undefined]);
 * ```
 */
export function splitSections(
  compact: Manifest,
  titled: ReadonlySet<string>,
  members: (doc: Pick<ManifestDocument, "meta" | "sections">) => string | undefined = () =>
    undefined,
): Manifest {
  const documents = (compact.compactDocuments ?? []).map((c) => {
    if (c.c === undefined) return c;
    const { c: sections, ...rest } = c;
    const kept: CompactDocument = titled.has(c.i)
      ? { ...rest, h: sections.map((s) => s.title) }
      : rest;
    const a = members({ meta: c.m ?? {}, sections });
    return a === undefined ? kept : { ...kept, a };
  });
  return { ...compact, compactDocuments: documents };
}
