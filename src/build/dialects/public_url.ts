/**
 * A document's address on the live site, by its framework's routing rules.
 *
 * @module
 */
import type { Dialect, UrlStyle } from "./dialect.ts";

/** What {@link publicUrl} needs. */
export interface UrlInput {
  /** The source's public base URL (no trailing `/`). */
  base: string;
  style: UrlStyle;
  dialect: Dialect;
  /** The document's path in the source, without extension (`guide/routing`). */
  path: string;
  /** The file name with its extension (for the `file` style). */
  filename: string;
  /** Its front matter (`slug`, `id`, `url`, `permalink` where the framework reads them). */
  attrs: Record<string, unknown>;
}

const INDEX = new Set(["index", "_index", "README", "readme"]);
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const encode = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/**
 * The page's URL: `index` (and Hugo's `_index`, Docusaurus's `README`) files map to their folder;
 * Docusaurus reads `slug` and `id` and drops number prefixes (`01-intro`), Hugo reads `url` and
 * `slug` and lowercases paths; the style then shapes the rest (`clean` `/a/b`, `directory`
 * `/a/b/`, `html` `/a/b.html`, `file` the file's own name).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publicUrl } from "./public_url.ts";
 * const at = (path: string, extra: Partial<Parameters<typeof publicUrl>[0]> = {}) =>
 *   publicUrl({ base: "https://s.dev", style: "clean", dialect: "plain", path, filename: `${path}.md`, attrs: {}, ...extra });
 * assert.equal(at("guide/routing"), "https://s.dev/guide/routing");
 * assert.equal(at("guide/index"), "https://s.dev/guide/");
 * assert.equal(at("setup/tags", { style: "directory" }), "https://s.dev/setup/tags/");
 * assert.equal(at("introduction/GettingStarted", { dialect: "docusaurus", attrs: { id: "getting-started" } }),
 *   "https://s.dev/introduction/getting-started");
 * assert.equal(at("about/Intro", { dialect: "hugo", style: "directory" }), "https://s.dev/about/intro/");
 * assert.equal(at("library/typing", { style: "file", filename: "library/typing.html" }), "https://s.dev/library/typing.html");
 * ```
 */
export function publicUrl(input: UrlInput): string {
  const { base, style, dialect, attrs } = input;
  const slash = input.path.lastIndexOf("/");
  let dir = slash === -1 ? "" : input.path.slice(0, slash);
  let name = input.path.slice(slash + 1);
  if (style === "file") return `${base}/${encode(input.filename)}`;
  if (dialect === "hugo") {
    const url = str(attrs.url);
    if (url) return `${base}/${encode(url.replace(/^\/+/, ""))}`;
    dir = dir.toLowerCase();
    name = (str(attrs.slug) ?? name).toLowerCase();
  }
  if (dialect === "docusaurus") {
    const slug = str(attrs.slug);
    if (slug?.startsWith("/")) return shaped(base, slug.replace(/^\/+/, ""), false, style);
    dir = dir.split("/").map((d) => d.replace(/^\d+[-_.]/, "")).join("/");
    if (slug) return shaped(base, dir ? `${dir}/${slug}` : slug, false, style);
    name = str(attrs.id) ?? name.replace(/^\d+[-_.]/, "");
  }
  if (INDEX.has(name)) return shaped(base, dir, true, style);
  return shaped(base, dir ? `${dir}/${name}` : name, false, style);
}

function shaped(base: string, path: string, folder: boolean, style: UrlStyle): string {
  const p = path.replace(/^\/+|\/+$/g, "");
  if (p === "") return `${base}/`;
  if (folder) return `${base}/${encode(p)}/`;
  if (style === "directory") return `${base}/${encode(p)}/`;
  if (style === "html") return `${base}/${encode(p)}.html`;
  return `${base}/${encode(p)}`;
}
