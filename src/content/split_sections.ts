import type { ManifestSection } from "./manifest.ts";

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Lowercases a heading and turns every run of characters that are not letters or digits into
 * one hyphen. Empty results become `section`.
 *
 * @example
 * ```ts
 * import { slugify } from "./split_sections.ts";
 * console.assert(slugify("REST Conventions!") === "rest-conventions");
 * console.assert(slugify("  ") === "section");
 * ```
 */
export function slugify(text: string): string {
  const slug = text.toLowerCase().normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "section" : slug;
}

/**
 * Strips inline markdown from heading text: links keep their label, code and emphasis lose
 * their markers, HTML tags and Hugo shortcodes go.
 *
 * @example
 * ```ts
 * import { headingText } from "./split_sections.ts";
 * console.assert(headingText("Use [`hugo`](/x) **now**") === "Use hugo now");
 * ```
 */
export function headingText(raw: string): string {
  return raw
    .replace(/\{\{[<%].*?[%>]\}\}/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([^]*?\S)\1/g, "$2")
    .replace(/`/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Splits a markdown body into sections on ATX headings (`#` to `######`), ignoring headings
 * inside fenced code blocks. Ids are path-based: each heading's slug under the slugs of the
 * enclosing headings (`rest-conventions/introduction`), with `-2`, `-3`… for repeats. A section
 * runs to the next heading of the same or a higher level.
 *
 * @example
 * ```ts
 * import { splitSections } from "./split_sections.ts";
 * const s = splitSections("# REST\nintro\n## Intro\nhi\n~~~\n# not\n~~~\n");
 * console.assert(s.length === 2);
 * console.assert(s[1]?.id === "rest/intro");
 * console.assert(s[0]?.end === s[1]?.end);
 * ```
 */
export function splitSections(body: string): ManifestSection[] {
  const sections: ManifestSection[] = [];
  const stack: ManifestSection[] = [];
  const used = new Set<string>();
  let fence: string | null = null;
  let offset = 0;
  for (const line of body.split("\n")) {
    const lineStart = offset;
    offset += line.length + 1;
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) {
        fence = null;
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const m = HEADING.exec(line.replace(/\r$/, ""));
    if (!m) continue;
    const level = m[1]!.length;
    const title = headingText(m[2] ?? "");
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) {
      stack.pop()!.end = lineStart;
    }
    const parent = stack[stack.length - 1];
    const base = (parent ? parent.id + "/" : "") + slugify(title);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    const section: ManifestSection = { id, title, level, start: lineStart, end: body.length };
    sections.push(section);
    stack.push(section);
  }
  for (const open of stack) open.end = body.length;
  return sections;
}
