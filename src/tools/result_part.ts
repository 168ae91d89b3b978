/**
 * The part of a page a search result points at: the snippet — the window of the body holding
 * the most distinct query words (`bestWindow`) — and the section it is in: the deepest heading
 * holding most of the window's matches. An agent can read exactly that part (`read_sections`
 * takes the id) or open it on the live site (the page's URL with the section's anchor).
 *
 * A very long page that the search scored by its best section (`part_rule.ts`) is quoted from
 * that section: the window is looked for inside it, so the result names it. On an API page, the
 * member the query names (`namedMember` in `src/search/api_document.ts`) comes first.
 *
 * @module
 */
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument, ManifestSection } from "../content/manifest.ts";
import type { EngineHit } from "../search/search_engine.ts";
import { bestWindow, type Window } from "../search/snippet.ts";
import { wordPositions } from "../search/word_positions.ts";
import { pageUrl } from "./page_url.ts";
import { namedMember } from "../search/api_document.ts";

/**
 * Characters of `search`'s snippet window; `search_articles`, which shows no snippet, picks its
 * section with a window this wide too, so that both name the same part of a page.
 */
export const SNIPPET_WIDTH = 200;

/** A result's snippet window and the section it names. */
export interface ResultPart {
  window: Window;
  /** The section the snippet is in (none for a page without headings, or no match). */
  section?: ManifestSection;
}

/**
 * The deepest section holding the most of `offsets` (a window's matches); `undefined` when no
 * section holds any.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deepestSection } from "./result_part.ts";
 * const s = (id: string, level: number, start: number, end: number) => ({ id, title: id, level, start, end });
 * const doc = { sections: [s("a", 2, 0, 100), s("a/b", 3, 40, 100), s("c", 2, 100, 200)] } as never;
 * assert.equal(deepestSection(doc, [50, 60, 150])?.id, "a/b");
 * assert.equal(deepestSection(doc, [10, 150, 160])?.id, "c");
 * assert.equal(deepestSection(doc, []), undefined);
 * ```
 */
export function deepestSection(
  doc: ManifestDocument,
  offsets: readonly number[],
): ManifestSection | undefined {
  if (offsets.length === 0 || doc.sections.length === 0) return undefined;
  const counts = new Map<ManifestSection, number>();
  for (const offset of offsets) {
    let found: ManifestSection | undefined;
    for (const s of doc.sections) {
      if (s.start <= offset && offset < s.end) found = s;
    }
    if (!found) continue;
    counts.set(found, (counts.get(found) ?? 0) + 1);
  }
  let best: ManifestSection | undefined;
  let max = 0;
  for (const [section, n] of counts) {
    if (n > max) [best, max] = [section, n];
  }
  return best;
}

/**
 * A hit's part (see the module doc); the hit's body must be loaded.
 *
 * @example
 * ```ts ignore
 * const { window, section } = resultPart(store, hit, groups, 200, "HashMap computeIfAbsent");
 * ```
 */
export function resultPart(
  store: ContentStore,
  hit: EngineHit,
  groups: ReadonlyMap<string, string>,
  width: number,
  /** The query as typed: the member it names on an API page is the part (`namedMember` in `src/search/api_document.ts`). */
  query = "",
): ResultPart {
  const { doc, mayHold } = hit;
  const body = store.body(doc);
  // The member the query names on an API page, else the section a page scored by its best
  // section (`part_rule.ts`) is quoted from.
  const within = namedMember(doc, query)?.section ??
    (hit.section === undefined ? undefined : doc.sections[hit.section]);
  const window = bestWindow(body, groups, {
    width,
    words: wordPositions.get(doc, body),
    mayHold,
    ...(within ? { within } : {}),
  });
  const section = deepestSection(doc, window.matchOffsets);
  return section ? { window, section } : { window };
}

/**
 * What a structured result says of its section: `section` (its id, for `read_sections`),
 * `sectionTitle`, and `sectionUrl` (the page's URL with the section's anchor) when the page has
 * a public URL; for the page's own `#` title section only its id; `{}` without a section.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sectionFields } from "./result_part.ts";
 * const doc = { url: "https://s.dev/guide" } as never;
 * const section = { id: "setup/clean-urls", title: "Clean URLs", level: 3, start: 0, end: 1 };
 * assert.deepEqual(sectionFields(doc, section), {
 *   section: "setup/clean-urls",
 *   sectionTitle: "Clean URLs",
 *   sectionUrl: "https://s.dev/guide#clean-urls",
 * });
 * assert.deepEqual(sectionFields(doc, { ...section, id: "guide", level: 1 }), { section: "guide" });
 * assert.deepEqual(sectionFields(doc, undefined), {});
 * ```
 */
export function sectionFields(
  doc: ManifestDocument,
  section: ManifestSection | undefined,
): { section?: string; sectionTitle?: string; sectionUrl?: string } {
  if (!section) return {};
  const part = partOfPage(section);
  if (!part) return { section: section.id };
  const { url } = pageUrl(doc, part);
  return { section: part.id, sectionTitle: part.title, ...(url ? { sectionUrl: url } : {}) };
}

/**
 * The section when it is a part of its page; `undefined` for the page's own `#` title section,
 * which is the page (named by its id only: not its title and URL again).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partOfPage } from "./result_part.ts";
 * const section = { id: "guide/setup", title: "Setup", level: 2, start: 0, end: 1 };
 * assert.equal(partOfPage(section), section);
 * assert.equal(partOfPage({ ...section, id: "guide", level: 1 }), undefined);
 * assert.equal(partOfPage(undefined), undefined);
 * ```
 */
export function partOfPage(section: ManifestSection | undefined): ManifestSection | undefined {
  return section && section.level > 1 ? section : undefined;
}

/** JSON schema of {@link sectionFields}' fields. */
export const SECTION_SCHEMA = {
  section: {
    type: "string",
    description: "The section the result answers from (an id read_sections takes).",
  },
  sectionTitle: { type: "string", description: "That section's heading." },
  sectionUrl: { type: "string", description: "That section on the live site (URL and anchor)." },
} as const;
