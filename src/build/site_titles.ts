/**
 * A site's browser titles carry its name after the page's (`Install — Sphinx documentation`,
 * VitePress's `title: include | Config`); the page's own title is its heading. Which suffix is
 * the site's is decided from all the pages of one source at build time, never from one page
 * alone: a page titled `Web Page` whose heading is `Web` keeps `Web Page`.
 *
 * @module
 */

/** What separates a page's title from the site's name in a browser title. */
export const TITLE_SEPARATORS: readonly string[] = [
  " — ",
  " – ",
  " | ",
  " - ",
  " · ",
  " :: ",
  " » ",
];

/** One page: its browser title (`<title>`, frontmatter `title`) and its first heading (H1). */
export interface TitledPage {
  title: string;
  heading: string;
}

/**
 * Each page's title, deciding which browser-title suffixes belong to the site. A page's suffix is
 * what follows its heading in its title (compared case-insensitively) when that starts with one
 * of {@link TITLE_SEPARATORS} and has text after it. A suffix is the site's when (1) at least two
 * pages carry it, word for word, and (2) the pages carrying such shared suffixes are more than
 * half of the pages given. Those pages are titled by their heading; every other page keeps its
 * title.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteTitles } from "./site_titles.ts";
 * assert.deepEqual(
 *   siteTitles([
 *     { title: "Install — Sphinx docs", heading: "Install" },
 *     { title: "Usage — Sphinx docs", heading: "Usage" },
 *     { title: "Web Page", heading: "Web" },
 *   ]),
 *   ["Install", "Usage", "Web Page"],
 * );
 * // One page alone shows no site: its title stays.
 * assert.deepEqual(siteTitles([{ title: "Install — Sphinx docs", heading: "Install" }]), [
 *   "Install — Sphinx docs",
 * ]);
 * ```
 */
export function siteTitles(pages: readonly TitledPage[]): string[] {
  const suffixes = pages.map(suffixOf);
  const counts = new Map<string, number>();
  for (const s of suffixes) if (s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1);
  const shared = suffixes.map((s) => s !== undefined && counts.get(s)! >= 2);
  const sharing = shared.filter(Boolean).length;
  if (sharing * 2 <= pages.length) return pages.map((p) => p.title);
  return pages.map((p, i) => (shared[i] ? p.heading : p.title));
}

/** What follows the page's heading in its title, from the separator on; none when no suffix. */
function suffixOf({ title, heading }: TitledPage): string | undefined {
  const head = title.slice(0, heading.length);
  if (heading === "" || head.toLowerCase() !== heading.toLowerCase()) return undefined;
  const rest = title.slice(heading.length);
  const separator = TITLE_SEPARATORS.find((s) => rest.startsWith(s));
  if (separator === undefined || rest.slice(separator.length).trim() === "") return undefined;
  return rest;
}
