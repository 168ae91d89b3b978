/**
 * The docs frameworks whose markdown dialects Shelf reads as their authors wrote them.
 *
 * @module
 */

/**
 * A docs framework's dialect; `plain` is CommonMark with GitHub's additions. `rustdoc`, `javadoc`,
 * `doxygen`, `typedoc` and `mediawiki` (cppreference's export) are API-reference generators' HTML (`api_page.ts`).
 */
export type Dialect =
  | "plain"
  | "docusaurus"
  | "vitepress"
  | "mkdocs"
  | "starlight"
  | "hugo"
  | "sphinx"
  | "rustdoc"
  | "javadoc"
  | "mediawiki"
  | "doxygen"
  | "typedoc";

/** Every dialect, for validation and messages. */
export const DIALECTS: readonly Dialect[] = [
  "plain",
  "docusaurus",
  "vitepress",
  "mkdocs",
  "starlight",
  "hugo",
  "sphinx",
  "rustdoc",
  "javadoc",
  "mediawiki",
  "doxygen",
  "typedoc",
];

/** How a framework maps a file to its page's URL. */
export type UrlStyle = "clean" | "directory" | "html" | "file";

/** Every URL style, for validation and messages. */
export const URL_STYLES: readonly UrlStyle[] = ["clean", "directory", "html", "file"];

/** What a source's site says about its pages' public URLs (all optional). */
export interface SiteSettings {
  /** The site's public base URL, without a trailing `/`. */
  url?: string;
  urlStyle?: UrlStyle;
}

/** Whether the dialect's `.md` files may hold MDX (imports, components, MDX comments). */
export const MDX_IN_MARKDOWN: ReadonlySet<Dialect> = new Set(["docusaurus", "starlight"]);

/**
 * Dialects whose frontmatter `title` is the browser's title rather than the page's heading
 * (VitePress: `title: include | Config` over `# include`), so a site-wide suffix may follow it.
 */
export const FRONTMATTER_BROWSER_TITLE: ReadonlySet<Dialect> = new Set(["vitepress"]);
