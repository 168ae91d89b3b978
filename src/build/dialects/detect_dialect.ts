/**
 * Which framework a source folder belongs to: from the framework's configuration file in the
 * folder or a parent (up to the repository root), else from the files themselves. Build time.
 *
 * @module
 */
import type { Dialect, SiteSettings } from "./dialect.ts";
import { siteSettingsOf } from "./site_settings.ts";
import { generatorOf } from "./api_page.ts";

/** A source's framework, the configuration file that said so, and what it says of URLs. */
export interface DetectedSite {
  dialect: Dialect;
  /** The configuration file read, if any. */
  configFile?: string;
  settings: SiteSettings;
}

/** Configuration files by dialect, relative to a folder (checked in this order). */
const CONFIGS: [Dialect, string[]][] = [
  ["docusaurus", [
    "docusaurus.config.ts",
    "docusaurus.config.js",
    "docusaurus.config.mjs",
    "website/docusaurus.config.ts",
    "website/docusaurus.config.js",
  ]],
  ["vitepress", [
    ".vitepress/config.ts",
    ".vitepress/config.mts",
    ".vitepress/config.js",
    ".vitepress/config.mjs",
  ]],
  ["mkdocs", ["mkdocs.yml", "mkdocs.yaml"]],
  ["starlight", ["astro.config.mjs", "astro.config.ts", "astro.config.js"]],
  ["hugo", ["hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "config/_default/hugo.toml"]],
];

/** Parent folders looked at above the source (the repository root stops the walk earlier). */
const MAX_UP = 5;

const readText = (path: string) => Deno.readTextFile(path).catch(() => undefined);
const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/**
 * Detects a source folder's framework (see the module doc). Astro counts only with Starlight
 * in its configuration, and `config.toml` only beside a `content/` folder (Hugo's layout). A
 * folder of Sphinx HTML output has `_static/` and `searchindex.js`.
 *
 * @example
 * ```ts ignore
 * const site = await detectSite("../shared/corpora/mkdocs-material/docs");
 * // { dialect: "mkdocs", configFile: ".../mkdocs.yml", settings: { url: "https://…", urlStyle: "directory" } }
 * ```
 */
export async function detectSite(folder: string): Promise<DetectedSite | undefined> {
  if (await exists(`${folder}/searchindex.js`) && await exists(`${folder}/_static`)) {
    return { dialect: "sphinx", settings: { urlStyle: "file" } };
  }
  let dir = folder.replace(/\/+$/, "");
  for (let up = 0; up <= MAX_UP && dir !== ""; up++) {
    for (const [dialect, names] of CONFIGS) {
      for (const name of names) {
        const path = `${dir}/${name}`;
        const text = await readText(path);
        if (text === undefined) continue;
        if (dialect === "starlight" && !text.includes("starlight")) continue;
        if (name === "config.toml" && !(await exists(`${dir}/content`))) continue;
        return { dialect, configFile: path, settings: siteSettingsOf(dialect, text) };
      }
    }
    if (await exists(`${dir}/.git`)) break;
    const parent = dir.slice(0, dir.lastIndexOf("/"));
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/**
 * A dialect guessed from the files when no configuration file says: Hugo's `_index.md` files
 * or shortcodes, MkDocs admonitions, Starlight component imports, Docusaurus or VitePress
 * containers, an API generator's `<meta name="generator">` (rustdoc, javadoc, MediaWiki) — the
 * most frequent sign wins; none is `plain`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dialectFromFiles } from "./detect_dialect.ts";
 * assert.equal(dialectFromFiles([{ path: "_index.md", text: "{{< note >}}" }]), "hugo");
 * assert.equal(dialectFromFiles([{ path: "a.md", text: "!!! note\n    x" }]), "mkdocs");
 * assert.equal(dialectFromFiles([{ path: "a.md", text: "# Plain" }]), "plain");
 * const rust = '<html><head><meta name="generator" content="rustdoc"><title>Vec</title>';
 * assert.equal(dialectFromFiles([{ path: "std/vec/struct.Vec.html", text: rust }]), "rustdoc");
 * ```
 */
export function dialectFromFiles(files: readonly { path: string; text: string }[]): Dialect {
  const score: Partial<Record<Dialect, number>> = {};
  const add = (d: Dialect, n: number) => (score[d] = (score[d] ?? 0) + n);
  for (const { path, text } of files.slice(0, 500)) {
    const generator = /\.html?$/i.test(path) ? generatorOf(text) : undefined;
    if (generator) add(generator, 3);
    if (/(^|\/)_index\.md$/.test(path)) add("hugo", 3);
    if (/^\+\+\+\s*$/m.test(text.slice(0, 4))) add("hugo", 3);
    if (text.includes("{{<") || text.includes("{{%")) add("hugo", 1);
    if (/^\s*(!!!|\?\?\?\+?) \w/m.test(text)) add("mkdocs", 2);
    if (text.includes("@astrojs/starlight")) add("starlight", 3);
    if (text.includes("@theme/") || /^:::(tip|note|info|caution|danger)\b/m.test(text)) {
      add("docusaurus", 1);
    }
    if (/^::: (tip|info|warning|danger|details)\b/m.test(text) || text.includes("<script setup")) {
      add("vitepress", 1);
    }
  }
  let best: Dialect = "plain";
  let bestScore = 0;
  for (const [d, n] of Object.entries(score) as [Dialect, number][]) {
    if (n > bestScore) [best, bestScore] = [d, n];
  }
  return best;
}
