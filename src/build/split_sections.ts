import type { ManifestSection } from "../content/manifest.ts";
import { slugify } from "../content/slugify.ts";
import { createFenceTracker } from "../code_fences.ts";

export { slugify };

const HEADING_START = /^ {0,3}(#{1,6})(?=[ \t]|$)/;

/** Heading text longer than this is cut before cleaning (no real heading is this long). */
export const MAX_HEADING_CHARS = 300;

/**
 * An ATX heading line (`## Title ##`) as its level and raw text, or `undefined`. Linear in the
 * line: the optional closing `#` run is removed with string operations, not a backtracking
 * pattern, and the text is cut to {@link MAX_HEADING_CHARS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHeading } from "./split_sections.ts";
 * assert.deepEqual(parseHeading("## Setup ##"), { level: 2, text: "Setup" });
 * assert.deepEqual(parseHeading("#"), { level: 1, text: "" });
 * assert.equal(parseHeading("#hashtag"), undefined);
 * assert.equal(parseHeading("# a" + " ".repeat(50_000) + "b")?.text.length, 300);
 * ```
 */
export function parseHeading(line: string): { level: number; text: string } | undefined {
  const m = HEADING_START.exec(line);
  if (!m) return undefined;
  let text = line.slice(m[0].length).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  if (end === 0) text = "";
  else if (end < text.length && (text[end - 1] === " " || text[end - 1] === "\t")) {
    text = text.slice(0, end).trimEnd();
  }
  return { level: m[1]!.length, text: text.slice(0, MAX_HEADING_CHARS) };
}

/**
 * Strips inline markdown from heading text: links keep their label, code and emphasis lose
 * their markers, HTML tags and Hugo shortcodes go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headingText } from "./split_sections.ts";
 * assert.ok(headingText("Use [`hugo`](/x) **now**") === "Use hugo now");
 * ```
 */
export function headingText(raw: string): string {
  return raw
    .replace(/\{\{[<%].*?[%>]\}\}/g, "")
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/<[^<>]+>/g, "")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([^]*?\S)\1/g, "$2")
    .replace(/`/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Splits a markdown body into sections on ATX headings (`#` to `######`), ignoring headings
 * inside fenced code blocks. Ids are path-based: each heading's slug — or the author's anchor
 * for it (`anchors`, by heading number, from `{#id}` and the like), kept as the section's
 * `anchor` — under the slugs of the enclosing headings (`rest-conventions/introduction`), with
 * `-2`, `-3`… for repeats. A section runs to the next heading of the same or a higher level.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitSections } from "./split_sections.ts";
 * const s = splitSections("# REST\nintro\n## Intro\nhi\n~~~\n# not\n~~~\n");
 * assert.ok(s.length === 2);
 * assert.ok(s[1]?.id === "rest/intro");
 * assert.ok(s[0]?.end === s[1]?.end);
 * const anchored = splitSections("# LLM test file\n## Usage\n", { anchors: ["llm-test-file", "use"] });
 * assert.deepEqual(anchored.map((x) => [x.id, x.anchor]), [["llm-test-file", "llm-test-file"], ["llm-test-file/use", "use"]]);
 * ```
 */
export function splitSections(
  body: string,
  options: { anchors?: readonly (string | undefined)[] } = {},
): ManifestSection[] {
  let headingNumber = 0;
  const sections: ManifestSection[] = [];
  const stack: ManifestSection[] = [];
  const used = new Set<string>();
  // Next suffix to try per base id: duplicates cost O(1) each, not a probe from -2 upwards.
  const nextSuffix = new Map<string, number>();
  const isCode = createFenceTracker();
  let offset = 0;
  for (const line of body.split("\n")) {
    const lineStart = offset;
    offset += line.length + 1;
    if (isCode(line)) continue;
    const heading = parseHeading(line.replace(/\r$/, ""));
    if (!heading) continue;
    const level = heading.level;
    const title = headingText(heading.text);
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) {
      stack.pop()!.end = lineStart;
    }
    const parent = stack[stack.length - 1];
    const anchor = options.anchors?.[headingNumber++];
    const base = (parent ? parent.id + "/" : "") + (anchor ?? slugify(title));
    let id = base;
    if (used.has(id)) {
      let n = nextSuffix.get(base) ?? 2;
      do id = `${base}-${n++}`; while (used.has(id));
      nextSuffix.set(base, n);
    }
    used.add(id);
    const section: ManifestSection = { id, title, level, start: lineStart, end: body.length };
    if (anchor) section.anchor = anchor;
    sections.push(section);
    stack.push(section);
  }
  for (const open of stack) open.end = body.length;
  return sections;
}
