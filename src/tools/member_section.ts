/**
 * The member an API-reference result is about: on a page an API generator wrote (one with a
 * `kind` or `path` in its metadata, `src/build/dialects/api_page.ts`), the section whose heading
 * names a member (`Vec::with_capacity`, `HashMap.computeIfAbsent(K, Function)`) that the query
 * names too — so "HashMap computeIfAbsent" is answered by that method's section and its anchor,
 * not by whichever neighbour's text the snippet window happens to fit best.
 *
 * @module
 */
import type { ManifestDocument, ManifestSection } from "../content/manifest.ts";
import { isApiDocument, MEMBER_HEADING } from "../search/api_document.ts";

/** A query's words as typed, split at spaces, `::`, `.`, parentheses and commas, lower-cased. */
const wordsOf = (query: string) =>
  new Set(query.toLowerCase().split(/::|[.(),\s<>]+/).filter((w) => w !== ""));

/**
 * The section of `doc` (an API page) whose member the query (as typed) names, preferring
 * one whose type they name too; `undefined` on other pages or when no member is named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memberSection } from "./member_section.ts";
 * const s = (title: string, anchor: string) => ({ id: anchor, title, anchor, level: 4, start: 0, end: 1 });
 * const doc = { meta: { kind: "struct" }, sections: [s("Vec::with_capacity", "method.with_capacity"),
 *   s("Vec::capacity", "method.capacity"), s("Examples", "examples")] } as never;
 * assert.equal(memberSection(doc, "Vec::with_capacity")?.anchor, "method.with_capacity");
 * assert.equal(memberSection(doc, "vec capacity")?.anchor, "method.capacity");
 * assert.equal(memberSection(doc, "examples"), undefined);
 * assert.equal(memberSection({ ...(doc as object), meta: {} } as never, "capacity"), undefined);
 * ```
 */
export function memberSection(
  doc: Pick<ManifestDocument, "meta" | "sections">,
  query: string,
): ManifestSection | undefined {
  if (!isApiDocument(doc)) return undefined;
  const words = wordsOf(query);
  let named: ManifestSection | undefined;
  for (const section of doc.sections) {
    if (section.anchor === undefined) continue;
    const m = MEMBER_HEADING.exec(section.title);
    if (!m || !words.has(m[2]!.toLowerCase())) continue;
    const type = m[1]!.toLowerCase();
    if (words.has(type) || words.has(type.slice(type.lastIndexOf(".") + 1))) return section;
    named ??= section;
  }
  return named;
}
