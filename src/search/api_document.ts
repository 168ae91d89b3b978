/**
 * What the search knows of a page an API generator wrote (`src/build/dialects/api_page.ts`):
 * it has a `kind` or a `path` in its metadata, and its members are headings named
 * `Type::member` (rustdoc) or `Type.member(Params)` (javadoc) carrying the generator's anchors.
 *
 * @module
 */
import type { ManifestDocument } from "../content/manifest.ts";

/** A member heading: `Type::member`, `Type.member`, `Type.member(Params)`; type and member. */
export const MEMBER_HEADING = /^([\w.:]+?)(?:::|\.)(\w+)(?:\(.*\))?$/;

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

/**
 * The texts of an API page that name it or one of its members, as a reader would put them
 * together: its full path (`std::fs::read_to_string`), its name with its kind either side
 * (`trait Display`, `Display trait`) and each member heading (`HashMap::entry`); none for
 * other pages. The phrase rule (`phrase_rule.ts`) looks for the query's words together in them
 * as it does in titles, so "HashMap entry" finds the method on HashMap's page before the page of
 * `Entry` that mentions HashMap.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiPhraseTexts } from "./api_document.ts";
 * const s = (title: string) => ({ id: title, title, level: 4, start: 0, end: 1 });
 * const doc = { title: "HashMap", meta: { kind: "struct", path: "std::collections::HashMap" },
 *   sections: [s("HashMap"), s("Examples"), s("HashMap::entry"), s("impl Debug for HashMap")] };
 * assert.deepEqual(apiPhraseTexts(doc), ["std::collections::HashMap", "struct HashMap",
 *   "HashMap struct", "HashMap::entry"]);
 * assert.deepEqual(apiPhraseTexts({ ...doc, meta: {} }), []);
 * ```
 */
export function apiPhraseTexts(
  doc: Pick<ManifestDocument, "title" | "meta" | "sections">,
): string[] {
  if (!isApiDocument(doc)) return [];
  const { kind, path } = doc.meta;
  return [
    ...(typeof path === "string" ? [path] : []),
    ...(typeof kind === "string" ? [`${kind} ${doc.title}`, `${doc.title} ${kind}`] : []),
    ...doc.sections.filter((s) => MEMBER_HEADING.test(s.title)).map((s) => s.title),
  ];
}
