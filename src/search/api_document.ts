/**
 * What the search knows of a page an API generator wrote (`src/build/dialects/api_page.ts`):
 * it has a `kind` or a `path` in its metadata, and its members are headings named
 * `Type::member` (rustdoc) or `Type.member(Params)` (javadoc) carrying the generator's anchors.
 * Whether a query names such a page, and which member, is decided here, once, for the ranking
 * (`phrase_rule.ts`) and for the section a result shows (`src/tools/result_part.ts`) — from the
 * query's words as typed, whole and unstemmed: the analyzer's stems would take `Iterator` for
 * `Iter` and for the module `std::iter`.
 *
 * @module
 */
import type { ManifestDocument, ManifestSection } from "../content/manifest.ts";

/** A member heading: `Type::member`, `Type.member`, `Type.member(Params)`; type and member. */
const MEMBER_HEADING = /^([\w.:]+?)(?:::|\.)(\w+)(?:\(.*\))?$/;

/**
 * Whether a document is an API generator's page (it has a `kind` or `path` in its metadata).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isApiDocument } from "./api_document.ts";
 * assert.equal(isApiDocument({ meta: { kind: "struct" } }), true);
 * assert.equal(isApiDocument({ meta: {} }), false);
 * ```
 */
export function isApiDocument(doc: Pick<ManifestDocument, "meta">): boolean {
  return doc.meta?.kind !== undefined || doc.meta?.path !== undefined;
}

/** A query's words as typed, split at spaces, `::`, `.`, parentheses and commas, lower-cased. */
const wordsOf = (query: string) =>
  query.toLowerCase().split(/::|[.(),\s<>]+/).filter((w) => w !== "");

/**
 * The member of `doc` (an API page) the query names as typed — a section whose heading's member
 * is one of the query's words — and whether the query names its type too, by another of its words
 * (`HashMap entry` names `HashMap::entry`; `peekable` alone does not name `Peekable::peekable`'s
 * type). Whole words only, unstemmed: `Iterator` names `Iterator::peekable`, not `Iter::peekable`.
 * A member whose type is named comes first; `undefined` on other pages or when none is named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namedMember } from "./api_document.ts";
 * const s = (title: string, anchor: string) => ({ id: anchor, title, anchor, level: 4, start: 0, end: 1 });
 * const doc = { meta: { kind: "struct" }, sections: [s("Vec::with_capacity", "method.with_capacity"),
 *   s("Vec::capacity", "method.capacity"), s("Examples", "examples")] };
 * assert.equal(namedMember(doc, "Vec::with_capacity")?.section.anchor, "method.with_capacity");
 * assert.deepEqual(namedMember(doc, "vec capacity"), { section: doc.sections[1], typeNamed: true });
 * assert.equal(namedMember(doc, "capacity")?.typeNamed, false);
 * assert.equal(namedMember(doc, "examples"), undefined);
 * assert.equal(namedMember({ ...doc, meta: {} }, "capacity"), undefined);
 * const peekable = { meta: { kind: "struct" }, sections: [s("Peekable::peekable", "method.peekable")] };
 * assert.equal(namedMember(peekable, "Iterator::peekable")?.typeNamed, false);
 * ```
 */
export function namedMember(
  doc: Pick<ManifestDocument, "meta" | "sections">,
  query: string,
): { section: ManifestSection; typeNamed: boolean } | undefined {
  if (!isApiDocument(doc)) return undefined;
  const words = wordsOf(query);
  let named: ManifestSection | undefined;
  for (const section of doc.sections) {
    if (section.anchor === undefined) continue;
    const m = MEMBER_HEADING.exec(section.title);
    const at = m ? words.indexOf(m[2]!.toLowerCase()) : -1;
    if (at === -1) continue;
    const type = m![1]!.toLowerCase();
    const short = type.slice(type.lastIndexOf(".") + 1);
    if (words.some((w, i) => i !== at && (w === type || w === short))) {
      return { section, typeNamed: true };
    }
    named ??= section;
  }
  return named && { section: named, typeNamed: false };
}

/**
 * Whether the query (as typed) names the API page `doc` as a reader puts it together: one of its
 * members and its type (`HashMap entry`, `Iterator::peekable`; see {@link namedMember}), the last two
 * parts of its full path, not followed by another (`fs read_to_string`, `std::fs::read_to_string`,
 * `Map.Entry`), or its name beside its kind (`Display trait`, `trait Display`). The phrase rule
 * (`phrase_rule.ts`) gives such a page the whole phrase boost.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namesApiPage } from "./api_document.ts";
 * const doc = { title: "read_to_string", sections: [],
 *   meta: { kind: "function", path: "std::fs::read_to_string" } };
 * assert.equal(namesApiPage(doc, "std::fs::read_to_string"), true);
 * assert.equal(namesApiPage(doc, "read_to_string function"), true);
 * assert.equal(namesApiPage(doc, "read a file to a string"), false);
 * assert.equal(namesApiPage({ ...doc, meta: {} }, "std::fs::read_to_string"), false);
 * const module = { title: "std::fs", sections: [], meta: { kind: "module", path: "std::fs" } };
 * assert.equal(namesApiPage(module, "std::fs"), true);
 * assert.equal(namesApiPage(module, "std::fs::read_to_string"), false);
 * const vector = { title: "std::vector", sections: [], meta: { path: "std::vector" } };
 * assert.equal(namesApiPage(vector, "std::vector<T>::reserve"), false);
 * ```
 */
export function namesApiPage(
  doc: Pick<ManifestDocument, "title" | "meta" | "sections">,
  query: string,
): boolean {
  if (!isApiDocument(doc)) return false;
  const typed = ` ${wordsOf(query).join(" ")} `;
  const together = (a: string, b: string) => typed.includes(` ${a} ${b} `);
  const { kind, path } = doc.meta;
  const title = wordsOf(doc.title).join(" ");
  if (typeof kind === "string" && (together(kind, title) || together(title, kind))) return true;
  // The path's last two parts, not followed by a further part (`std::collections` is not named
  // by `std::collections::HashMap`).
  const parts = typeof path === "string" ? wordsOf(path) : [];
  if (parts.length >= 2) {
    const [a, b] = parts.slice(-2).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const tail = new RegExp(`(^|\\W)${a}(::|\\.|\\s+)${b}(?![\\w:.])`);
    // Template arguments typed in a path (`std::vector<T>::reserve`) are no part of it.
    if (tail.test(query.toLowerCase().replace(/<[^<>]*>/g, ""))) return true;
  }
  return namedMember(doc, query)?.typeNamed === true;
}
