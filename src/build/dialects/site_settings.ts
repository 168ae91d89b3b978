/**
 * What a framework's site configuration says about its pages' public URLs, read from the
 * configuration file's text without running it (the files are JavaScript, TypeScript, YAML or
 * TOML; only literal values are read, the rest is the owner's `url:` and `urlStyle:` to say).
 *
 * @module
 */
import type { Dialect, SiteSettings } from "./dialect.ts";

/** A string literal assigned to one of `keys` (`key: 'v'`, `key = "v"`, `key: v` in YAML). */
function literal(text: string, keys: string[]): string | undefined {
  for (const key of keys) {
    const m = new RegExp(`(?:^|[\\s,{(])${key}\\s*[:=]\\s*['"\`]?([^'"\`\\s,}]+)['"\`]?`, "m")
      .exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** The first `http(s)://` literal on a line that assigns one of `keys` (`const site = X || 'u'`). */
function urlLiteral(text: string, keys: string[]): string | undefined {
  for (const key of keys) {
    const m = new RegExp(
      `(?:^|[\\s,{(])${key}\\s*[:=][^\\n]*?['"\`](https?://[^'"\`\\s]+)['"\`]`,
      "m",
    )
      .exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** `base` and `path` joined with one `/`, without a trailing `/`. */
function join(base: string, ...paths: (string | undefined)[]): string {
  let out = base.replace(/\/+$/, "");
  for (const p of paths) {
    const part = (p ?? "").replace(/^\/+|\/+$/g, "");
    if (part) out += "/" + part;
  }
  return out;
}

/**
 * The site settings a configuration file states, by dialect:
 *
 * - Docusaurus: `url` + `baseUrl` + the docs plugin's `routeBasePath`; `trailingSlash: true` is
 *   `directory`, otherwise `clean`.
 * - VitePress: `cleanUrls: true` is `clean`, otherwise `html`; the URL from `hostname` (sitemap)
 *   or a `siteUrl` constant, plus `base`.
 * - MkDocs: `site_url`; `use_directory_urls: false` is `html`, otherwise `directory`.
 * - Starlight (Astro): `site` (or the constant it is set from) + `base`; `trailingSlash:
 *   'never'` is `clean`, otherwise `directory`.
 * - Hugo: `baseURL`; `uglyURLs = true` is `html`, otherwise `directory`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteSettingsOf } from "./site_settings.ts";
 * assert.deepEqual(siteSettingsOf("mkdocs", "site_name: X\nsite_url: https://a.dev/docs/\n"), {
 *   url: "https://a.dev/docs",
 *   urlStyle: "directory",
 * });
 * assert.deepEqual(
 *   siteSettingsOf("docusaurus", "url: 'https://redux.js.org',\nbaseUrl: '/',\nrouteBasePath: '/',"),
 *   { url: "https://redux.js.org", urlStyle: "clean" },
 * );
 * assert.deepEqual(siteSettingsOf("vitepress", "const siteUrl = 'https://vitepress.dev'\ncleanUrls: true,"), {
 *   url: "https://vitepress.dev",
 *   urlStyle: "clean",
 * });
 * ```
 */
export function siteSettingsOf(dialect: Dialect, text: string): SiteSettings {
  const out: SiteSettings = {};
  const set = (url: string | undefined, ...paths: (string | undefined)[]) => {
    if (url && /^https?:\/\//.test(url)) out.url = join(url, ...paths);
  };
  switch (dialect) {
    case "docusaurus":
      set(urlLiteral(text, ["url"]), literal(text, ["baseUrl"]), literal(text, ["routeBasePath"]));
      out.urlStyle = /trailingSlash\s*:\s*true/.test(text) ? "directory" : "clean";
      break;
    case "vitepress":
      set(urlLiteral(text, ["hostname", "siteUrl", "SITE_URL"]), literal(text, ["base"]));
      out.urlStyle = /cleanUrls\s*:\s*true/.test(text) ? "clean" : "html";
      break;
    case "mkdocs":
      set(literal(text, ["site_url"]));
      out.urlStyle = /^use_directory_urls\s*:\s*false/m.test(text) ? "html" : "directory";
      break;
    case "starlight":
      set(urlLiteral(text, ["site"]), literal(text, ["base"]));
      out.urlStyle = /trailingSlash\s*:\s*['"]never['"]/.test(text) ? "clean" : "directory";
      break;
    case "hugo":
      set(literal(text, ["baseURL", "baseurl"]));
      out.urlStyle = /^\s*uglyURLs\s*[:=]\s*true/mi.test(text) ? "html" : "directory";
      break;
    default:
      break;
  }
  return out;
}
