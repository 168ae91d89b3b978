/**
 * What `shelf-mcp init` finds in a site's repository: the docs framework, the content folder
 * and the public URL (with the build's own dialect detection, `detect_dialect.ts`), and where
 * the framework publishes its site.
 *
 * @module
 */
import type { Dialect } from "../build/dialects/dialect.ts";
import { detectSite } from "../build/dialects/detect_dialect.ts";

/** Content folders looked for, most specific first (relative to the repository). */
export const CONTENT_CANDIDATES = [
  // Sphinx HTML output first: a docs/ folder of Sphinx sources holds it.
  "docs/_build/html",
  "_build/html",
  "build/html",
  "docs/build/html",
  "docs/en",
  "docs/src/content/docs",
  "src/content/docs",
  "website/docs",
  "content/en",
  "docs",
  "content",
  "doc",
];

/** What was found. */
export interface Project {
  dialect: Dialect;
  /** The content folder, relative to the repository. */
  content: string;
  /** The framework's configuration file, relative to the repository. */
  configFile?: string;
  /** The site's public URL, when its configuration says. */
  url?: string;
  /** Where the framework writes the site (relative to the repository). */
  publish: string;
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Whether `dir` holds a document Shelf reads (not looking deeper than a few levels). */
async function hasDocuments(dir: string, depth = 3): Promise<boolean> {
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && /\.(md|mdx|html|txt)$/.test(entry.name)) return true;
      if (entry.isDirectory && depth > 0 && !entry.name.startsWith(".")) {
        if (await hasDocuments(`${dir}/${entry.name}`, depth - 1)) return true;
      }
    }
  } catch {
    return false;
  }
  return false;
}

/** Dialects whose content folder is the built site: Sphinx's HTML, an API generator's output. */
const BUILT_SITES = new Set<Dialect>([
  "sphinx",
  "rustdoc",
  "javadoc",
  "mediawiki",
  "doxygen",
  "typedoc",
]);

/**
 * Where each framework writes its site, relative to the folder of its configuration file (the
 * content folder for Sphinx HTML and an API generator's output, which are the built site; `dist`
 * for a plain folder).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publishFolder } from "./detect_project.ts";
 * assert.equal(publishFolder("docusaurus", "website/docusaurus.config.ts", "docs"), "website/build");
 * assert.equal(publishFolder("mkdocs", "mkdocs.yml", "docs"), "site");
 * assert.equal(publishFolder("sphinx", undefined, "_build/html"), "_build/html");
 * ```
 */
export function publishFolder(
  dialect: Dialect,
  configFile: string | undefined,
  content: string,
): string {
  if (BUILT_SITES.has(dialect)) return content;
  const base = configFile?.replace(/\.vitepress\/[^/]*$/, ".vitepress/").replace(/[^/]*$/, "") ??
    "";
  const folder: Record<Dialect, string> = {
    docusaurus: "build",
    vitepress: "dist",
    mkdocs: "site",
    starlight: "dist",
    hugo: "public",
    sphinx: content,
    rustdoc: content,
    javadoc: content,
    mediawiki: content,
    doxygen: content,
    typedoc: content,
    plain: "dist",
  };
  return `${base}${folder[dialect]}`;
}

/**
 * Finds the project in `root` (see the module doc); `content` forces the content folder.
 * `undefined` when no candidate folder holds documents.
 */
export async function detectProject(
  root: string,
  content?: string,
): Promise<Project | undefined> {
  const candidates = content !== undefined ? [content] : CONTENT_CANDIDATES;
  for (const folder of candidates) {
    const path = `${root}/${folder}`.replace(/\/\.?$/, "");
    if (!(await exists(path)) || !(await hasDocuments(path))) continue;
    const site = await detectSite(path);
    const dialect = site?.dialect ?? "plain";
    const configFile = site?.configFile?.slice(root.length + 1);
    return {
      dialect,
      content: folder,
      ...(configFile ? { configFile } : {}),
      ...(site?.settings.url ? { url: site.settings.url } : {}),
      publish: publishFolder(dialect, configFile, folder),
    };
  }
  return undefined;
}
