/**
 * API references as their generators wrote them: a page of rustdoc, javadoc, Doxygen, TypeDoc or
 * a MediaWiki export (cppreference) read as its generator laid it out — its title as its heading
 * shows it, its kind and full path as metadata, each member (method, field, constructor, variant, trait
 * implementation) a heading carrying the generator's own anchor, the generator's navigation
 * chrome left out — and the pages the generator writes for navigation (indexes, class-use and
 * tree pages, source listings, redirect stubs) recognised so the build can leave them out.
 *
 * @module
 */
import type { Dialect } from "./dialect.ts";
import { doxygenPage } from "./doxygen_page.ts";
import { javadocPage } from "./javadoc_page.ts";
import { mediawikiPage } from "./mediawiki_page.ts";
import { rustdocPage } from "./rustdoc_page.ts";
import { sphinxObjectsPage } from "./sphinx_objects.ts";
import { isTypedoc, typedocPage } from "./typedoc_page.ts";

/** An API reference page as its generator wrote it. */
export interface ApiPage {
  /**
   * Why the page is the generator's navigation and not documentation (an index, a class-use
   * page, a source listing, a redirect stub); the build leaves it out unless told to keep them.
   */
  generated?: string;
  /** The page's HTML with chrome removed and members as headings with their anchors. */
  html?: string;
  /** The title its heading shows (`HashMap`, `std::vector::reserve`), no generator suffix. */
  title?: string;
  /** What the page is about, where the generator says it apart from the text. */
  description?: string;
  /** The item's kind as the generator names it (`struct`, `class`, `method`). */
  kind?: string;
  /** The item's full path (`std::collections::HashMap`, `java.util.Map.Entry`). */
  path?: string;
  /**
   * What the page documents, the same for every copy the generator writes of it (rustdoc writes
   * a re-exported item again under each path): the build keeps one page per item.
   */
  item?: string;
}

/**
 * The dialects that are API-reference generators; Sphinx's pages are API pages where they
 * describe Python objects (`sphinx_objects.ts`).
 */
export const API_DIALECTS: ReadonlySet<Dialect> = new Set([
  "rustdoc",
  "javadoc",
  "mediawiki",
  "sphinx",
  "doxygen",
  "typedoc",
]);

/**
 * The page `path` (relative to its source, with extension) of a generator's output read as
 * {@link ApiPage}; `undefined` when the dialect is no API generator or the page is not one of
 * its pages (an mdBook chapter beside rustdoc's output).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { apiPage } from "./api_page.ts";
 * const stub = '<html><head><title>Redirection</title><meta http-equiv="refresh" content="0;URL=../x.html"></head></html>';
 * assert.ok(apiPage("rustdoc", "std/a/struct.B.html", stub)?.generated);
 * assert.equal(apiPage("plain", "a.html", stub), undefined);
 * ```
 */
export function apiPage(dialect: Dialect, path: string, html: string): ApiPage | undefined {
  if (dialect === "rustdoc") return rustdocPage(path, html);
  if (dialect === "javadoc") return javadocPage(path, html);
  if (dialect === "mediawiki") return mediawikiPage(path, html);
  if (dialect === "sphinx") return sphinxObjectsPage(html);
  if (dialect === "doxygen") return doxygenPage(path, html);
  if (dialect === "typedoc") return typedocPage(path, html);
  return undefined;
}

/**
 * The generator named by a page's `<meta name="generator">`, as a dialect, if it is one; TypeDoc,
 * which writes none since 0.22, by its `tsd-` toolbar and scripts.
 */
export function generatorOf(html: string): Dialect | undefined {
  const head = html.slice(0, 4000);
  const m = /<meta\s+name="generator"\s+content="([^"]*)"/i.exec(head);
  const name = m?.[1]?.toLowerCase() ?? "";
  if (name === "rustdoc") return "rustdoc";
  if (name.startsWith("javadoc")) return "javadoc";
  if (name.startsWith("mediawiki")) return "mediawiki";
  if (name.startsWith("doxygen")) return "doxygen";
  if (isTypedoc(head)) return "typedoc";
  return undefined;
}
