/**
 * Sections packed for a body range's shard (`body_ranges.ts`): an outline's ids repeat their
 * parents' (`struct-vec/implementations/method.push`) and most anchors are their id's last segment,
 * so a section is written as what its id shares with the one before, the rest, and a mark for such
 * an anchor, without key names.
 *
 * @module
 */
import type { ManifestSection } from "./manifest.ts";
import { sharedPrefix } from "./shared_prefix.ts";

/**
 * A section as a range's shard holds it: how many leading characters its id shares with the
 * section's before it (0 for the first), the rest of its id, its title, level, start and end, and
 * its anchor — `1` when it is the id's last segment, as most are (`core-slice/modules`,
 * `modules`).
 */
export type PackedSection =
  | [number, string, string, number, number, number]
  | [number, string, string, number, number, number, string | 1];

/** The last segment of a section id (after its last `/`). */
const lastSegment = (id: string) => id.slice(id.lastIndexOf("/") + 1);

/**
 * `sections` packed ({@link PackedSection}): about half the bytes (an API page's many members'
 * ids repeat their parents' and their anchors). Throws when one does not come back as it was.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packSections, unpackSections } from "./packed_sections.ts";
 * const sections = [
 *   { id: "vec", title: "Vec", level: 1, start: 0, end: 90 },
 *   { id: "vec/method.push", title: "push", level: 3, start: 40, end: 60, anchor: "method.push" },
 *   { id: "vec/method.pop", title: "pop", level: 3, start: 60, end: 90, anchor: "pop-1" },
 * ];
 * const packed = packSections(sections);
 * assert.deepEqual(packed, [[0, "vec", "Vec", 1, 0, 90], [3, "/method.push", "push", 3, 40, 60, 1],
 *   [12, "op", "pop", 3, 60, 90, "pop-1"]]);
 * assert.equal(JSON.stringify(unpackSections(packed)), JSON.stringify(sections));
 * assert.throws(() => packSections([{ ...sections[0]!, extra: 1 } as never]), /do not survive/);
 * ```
 */
export function packSections(sections: readonly ManifestSection[]): PackedSection[] {
  let before = "";
  const packed = sections.map((s): PackedSection => {
    const shared = sharedPrefix(before, s.id);
    before = s.id;
    const head = [shared, s.id.slice(shared), s.title, s.level, s.start, s.end] as const;
    if (s.anchor === undefined) return [...head];
    return [...head, s.anchor === lastSegment(s.id) ? 1 : s.anchor];
  });
  if (JSON.stringify(unpackSections(packed)) !== JSON.stringify(sections)) {
    throw new Error(`sections ${sections[0]?.id} do not survive the packed form`);
  }
  return packed;
}

/** The sections of {@link packSections}; throws a `TypeError` on a list that is not one. */
export function unpackSections(packed: readonly unknown[]): ManifestSection[] {
  let before = "";
  return packed.map((value) => {
    const p = value as PackedSection;
    if (
      !Array.isArray(p) || (p.length !== 6 && p.length !== 7) || typeof p[1] !== "string" ||
      typeof p[2] !== "string" || !(p[0] >= 0 && p[0] <= before.length)
    ) {
      throw new TypeError("not a packed section");
    }
    const id = before.slice(0, p[0]) + p[1];
    before = id;
    const section: ManifestSection = { id, title: p[2], level: p[3], start: p[4], end: p[5] };
    if (p.length === 7) section.anchor = p[6] === 1 ? lastSegment(id) : String(p[6]);
    return section;
  });
}
