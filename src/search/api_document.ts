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
  const members = membersOf(doc.sections);
  // The first section (in page order) whose member is a query word and whose type another word
  // names; else the first whose member is a query word.
  let named: Member | undefined;
  let typed: Member | undefined;
  words.forEach((word, at) => {
    for (const m of members.get(word) ?? []) {
      if (!named || m.order < named.order) named = m;
      if (
        (!typed || m.order < typed.order) &&
        words.some((w, i) => i !== at && (w === m.type || w === m.short))
      ) typed = m;
    }
  });
  if (typed) return { section: typed.section, typeNamed: true };
  return named && { section: named.section, typeNamed: false };
}

/**
 * A section's member heading, lower-cased: its member's name, its type, and the type's last `.`
 * part; `undefined` for a section without an anchor or whose title names no member.
 */
function memberHeading(
  section: ManifestSection,
): { name: string; type: string; short: string } | undefined {
  if (section.anchor === undefined) return undefined;
  const m = MEMBER_HEADING.exec(section.title);
  if (!m) return undefined;
  const type = m[1]!.toLowerCase();
  return { name: m[2]!.toLowerCase(), type, short: type.slice(type.lastIndexOf(".") + 1) };
}

/** A member heading's parts: its section, its place on the page, its type (whole and last part). */
interface Member {
  section: ManifestSection;
  order: number;
  type: string;
  short: string;
}

/** Each page's member headings by their lower-cased member name, parsed once per page. */
const MEMBERS = new WeakMap<readonly ManifestSection[], Map<string, Member[]>>();

/**
 * The member headings of a page's sections (those with an anchor), by member name: parsed on a
 * page's first query and kept with its sections, so that a query costs a lookup per word, not a
 * pattern per heading (a javadoc class has thousands).
 */
function membersOf(sections: readonly ManifestSection[]): Map<string, Member[]> {
  let out = MEMBERS.get(sections);
  if (out) return out;
  out = new Map();
  sections.forEach((section, order) => {
    const heading = memberHeading(section);
    if (!heading) return;
    const member = { section, order, type: heading.type, short: heading.short };
    const list = out!.get(heading.name);
    if (list) list.push(member);
    else out!.set(heading.name, [member]);
  });
  MEMBERS.set(sections, out);
  return out;
}

/**
 * What of a page's members names it (see {@link namesApiPage}): each member name (lower-cased)
 * with the names a query word can give its type — the type's last `.` part, when it holds no
 * `::` (a query's words hold neither: `Map.Entry.getKey()` is named by `entry getkey`, never by
 * `map.entry`) — written once per page: `<type> <member>…`, one such group for each type, joined
 * by `|`; overloads once. `undefined` when no member can be so named: not an API page, or no
 * member heading. A sharded build's edge manifest keeps it for every API page (`apiMembers`), so
 * that the phrase rule reads no section shard.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiMembers } from "./api_document.ts";
 * const s = (title: string, anchor: string) => ({ id: "x", title, anchor, level: 4, start: 0, end: 1 });
 * const sections = [s("Vec::new", "method.new"), s("Vec::push", "method.push"),
 *   s("Map.Entry.getKey()", "getKey()"), s("Vec::new", "method.new-1"),
 *   { id: "len", title: "Vec::len", level: 4, start: 0, end: 1 },
 *   s("std::vec::Vec::pop", "method.pop"), s("Examples", "examples")];
 * assert.equal(apiMembers({ meta: { kind: "struct" }, sections }), "vec new push|entry getkey");
 * assert.equal(apiMembers({ meta: {}, sections }), undefined);
 * assert.equal(apiMembers({ meta: { kind: "struct" }, sections: [s("Examples", "examples")] }), undefined);
 * ```
 */
export function apiMembers(doc: Pick<ManifestDocument, "meta" | "sections">): string | undefined {
  if (!isApiDocument(doc)) return undefined;
  const types = new Map<string, Set<string>>();
  for (const section of doc.sections) {
    const heading = memberHeading(section);
    if (!heading || heading.short.includes("::")) continue;
    const members = types.get(heading.short);
    if (members) members.add(heading.name);
    else types.set(heading.short, new Set([heading.name]));
  }
  if (types.size === 0) return undefined;
  return [...types].map(([type, members]) => [type, ...members].join(" ")).join("|");
}

/**
 * An API page as the member test reads it: `apiMembers` where the edge manifest keeps them (a
 * sharded build's, whose sections are in section chunks: {@link apiMembers}, `""` for none),
 * else its sections.
 */
type ApiPage = Pick<ManifestDocument, "meta" | "sections"> & {
  readonly apiMembers?: string | undefined;
};

/** Each page's member names → the names of their types, made on its first query and kept. */
const MEMBER_TYPES = new WeakMap<object, Map<string, Set<string>>>();

/**
 * The page's member names and their types' names: read from `apiMembers` when the page has them,
 * else made from its sections the same way — one test for sharded and unsharded builds.
 */
function memberTypesOf(doc: ApiPage): Map<string, Set<string>> {
  let out = MEMBER_TYPES.get(doc);
  if (out) return out;
  out = new Map();
  for (const group of (doc.apiMembers ?? apiMembers(doc) ?? "").split("|")) {
    const [type, ...members] = group.split(" ");
    for (const member of members) {
      const types = out.get(member);
      if (types) types.add(type!);
      else out.set(member, new Set([type!]));
    }
  }
  MEMBER_TYPES.set(doc, out);
  return out;
}

/**
 * Whether the query names one of the page's members and its type, by two of its words: what
 * {@link namedMember}'s `typeNamed` says, from {@link memberTypesOf} (no section read on a
 * sharded build).
 */
function namesMemberAndType(doc: ApiPage, words: readonly string[]): boolean {
  const members = memberTypesOf(doc);
  return words.some((word, at) => {
    const types = members.get(word);
    return types !== undefined && words.some((w, i) => i !== at && types.has(w));
  });
}

/**
 * Whether the query (as typed) names the API page `doc` as a reader puts it together: one of its
 * members and its type (`HashMap entry`, `Iterator::peekable`; see {@link namedMember}), the last two
 * parts of its full path, not followed by another (`fs read_to_string`, `std::fs::read_to_string`,
 * `Map.Entry`), or its name beside its kind (`Display trait`, `trait Display`). The phrase rule
 * (`phrase_rule.ts`) gives such a page the whole phrase boost. A page with `apiMembers` (a
 * sharded build's) is read from them, not from its sections, which may not be loaded.
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
 * const s = { id: "m", title: "Vec::with_capacity", anchor: "method.with_capacity", level: 4, start: 0, end: 1 };
 * const vec = { title: "Vec", meta: { kind: "struct" }, sections: [s] };
 * assert.equal(namesApiPage(vec, "Vec with_capacity"), true);
 * assert.equal(namesApiPage(vec, "with_capacity"), false);
 * // A sharded build's page: its members from the manifest, its sections unread.
 * const unloaded = (): [] => {
 *   throw new Error("sections not loaded");
 * };
 * const sharded = { title: "Vec", meta: { kind: "struct" }, apiMembers: "vec with_capacity",
 *   get sections() { return unloaded(); } };
 * assert.equal(namesApiPage(sharded, "Vec with_capacity"), true);
 * assert.equal(namesApiPage({ ...vec, sections: [], apiMembers: "" }, "Vec with_capacity"), false);
 * ```
 */
export function namesApiPage(
  doc: Pick<ManifestDocument, "title"> & ApiPage,
  query: string,
): boolean {
  return apiPageNamer(query)(doc);
}

/**
 * {@link namesApiPage} for one query and many pages: what it makes of the query (its words, its
 * text without template arguments) is made once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiPageNamer } from "./api_document.ts";
 * const names = apiPageNamer("std::fs::read_to_string");
 * const page = (path: string) => ({ title: path.split("::").at(-1)!, sections: [], meta: { path } });
 * assert.deepEqual(["std::fs::read_to_string", "std::fs", "std::io::read_to_string"].map((p) => names(page(p))), [true, false, false]);
 * ```
 */
export function apiPageNamer(
  query: string,
): (doc: Pick<ManifestDocument, "title"> & ApiPage) => boolean {
  const words = wordsOf(query);
  const typed = ` ${words.join(" ")} `;
  const together = (a: string, b: string) => typed.includes(` ${a} ${b} `);
  // Template arguments typed in a path (`std::vector<T>::reserve`) are no part of it.
  let plain: string | undefined;
  return (doc) => {
    if (!isApiDocument(doc)) return false;
    const { title, kind, tail } = pageNamesOf(doc);
    if (kind !== undefined && (together(kind, title) || together(title, kind))) return true;
    plain ??= query.toLowerCase().replace(/<[^<>]*>/g, "");
    if (tail && namesPathTail(plain, tail[0], tail[1])) return true;
    return namesMemberAndType(doc, words);
  };
}

/** What names a page: its title's words, its kind, and its path's last two parts. */
interface PageNames {
  title: string;
  kind: string | undefined;
  tail: readonly [string, string] | undefined;
}

/** Each page's {@link PageNames}, made on its first query and kept with it. */
const PAGE_NAMES = new WeakMap<object, PageNames>();

/** The page's {@link PageNames}, made once per page rather than per query. */
function pageNamesOf(doc: Pick<ManifestDocument, "title" | "meta">): PageNames {
  let names = PAGE_NAMES.get(doc);
  if (names) return names;
  const { kind, path } = doc.meta;
  const parts = typeof path === "string" ? wordsOf(path) : [];
  names = {
    title: wordsOf(doc.title).join(" "),
    kind: typeof kind === "string" ? kind : undefined,
    tail: parts.length >= 2 ? [parts.at(-2)!, parts.at(-1)!] : undefined,
  };
  PAGE_NAMES.set(doc, names);
  return names;
}

/** A character of a word, as a regular expression's `\w` is one (ASCII). */
const WORD_CHAR = /^\w$/;
/** A space, as a regular expression's `\s` is one. */
const SPACE = /^\s$/;
const isWordChar = (c: string) => WORD_CHAR.test(c);

/**
 * Whether `typed` (a query lower-cased, its template arguments left out) holds the path parts
 * `a` then `b` (two of `wordsOf`: neither empty nor holding a space), joined by `::`, `.` or
 * spaces — `a` not in the middle of a word, `b` not followed by a further part or a word's next
 * letter (`std::collections` is not named by `std::collections::HashMap`): a search of the text
 * for `a`, no pattern made for each page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namesPathTail } from "./api_document.ts";
 * assert.equal(namesPathTail("std::fs::read_to_string", "fs", "read_to_string"), true);
 * assert.equal(namesPathTail("use fs  read_to_string now", "fs", "read_to_string"), true);
 * assert.equal(namesPathTail("std::collections::hashmap", "std", "collections"), false);
 * assert.equal(namesPathTail("xfs::read_to_string", "fs", "read_to_string"), false);
 * assert.equal(namesPathTail("map.entry", "map", "entry"), true);
 * assert.equal(namesPathTail("xy", "", "y"), false); // no part is empty (and none is found everywhere)
 * ```
 */
export function namesPathTail(typed: string, a: string, b: string): boolean {
  // Parts are never empty (`wordsOf` leaves none), and an empty one would be found everywhere.
  if (a === "" || b === "") return false;
  for (let i = typed.indexOf(a); i !== -1; i = typed.indexOf(a, i + 1)) {
    if (i > 0 && isWordChar(typed.charAt(i - 1))) continue;
    let k = i + a.length;
    if (typed.startsWith("::", k)) k += 2;
    else if (typed.charAt(k) === ".") k += 1;
    else if (SPACE.test(typed.charAt(k))) { while (SPACE.test(typed.charAt(k))) k++; }
    else continue;
    if (!typed.startsWith(b, k)) continue;
    const after = typed.charAt(k + b.length);
    if (after === "" || !(isWordChar(after) || after === ":" || after === ".")) return true;
  }
  return false;
}
