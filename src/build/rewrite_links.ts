/**
 * Links between documents, rewritten at build time into the `acdc://` URIs the read tools
 * resolve, so an agent can follow them: `[the spec](../patterns/the-spec.md)`,
 * `[spec](/patterns/the-spec)` and `[menus]: /content-management/menus/#define` become
 * `acdc://<source>/patterns/the-spec` (the fragment kept). Only markdown links and reference
 * definitions outside code are touched, and only when the target is an exposed document of the
 * same source: external URLs, images of files, links to hidden documents and anything that does
 * not resolve stay exactly as written. (HTML pages are converted to text without their link
 * targets, so they have none to rewrite.)
 *
 * @module
 */
import { createFenceTracker } from "../code_fences.ts";

/** Finds the exposed document a link target names, as its URI (see {@link createLinkResolver}). */
export type LinkResolver = (fromFile: string, target: string) => string | undefined;

const EXTENSION = /\.(?:md|mdx|markdown|html?|txt)$/i;
const INDEX_PAGE = /(?:^|\/)(?:_?index|readme)$/i;

/**
 * A resolver over one source's exposed documents, given as `path → uri` (paths without
 * extension). A target resolves when, without its query and fragment, extension, trailing slash
 * and case, it names a document: relative targets against the linking file's folder and
 * against the page's own URL (`guides/setup/` for pretty URLs), root-relative ones from the
 * source's root, or without their first segment (a site prefix such as `/docs/`). A folder's
 * `index`, `_index` or `README` answers for the folder.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLinkResolver } from "./rewrite_links.ts";
 * const resolve = createLinkResolver(new Map([
 *   ["patterns/the-spec", "acdc://s/patterns/the-spec"],
 *   ["guides/images/index", "acdc://s/guides/images/index"],
 * ]));
 * assert.equal(resolve("concepts/a.md", "../patterns/the-spec.md"), "acdc://s/patterns/the-spec");
 * assert.equal(resolve("x.md", "/Patterns/The-Spec/#why"), "acdc://s/patterns/the-spec#why");
 * assert.equal(resolve("x.md", "/docs/patterns/the-spec"), "acdc://s/patterns/the-spec");
 * assert.equal(resolve("x.md", "/guides/images/"), "acdc://s/guides/images/index");
 * assert.equal(resolve("x.md", "https://example.com/patterns/the-spec"), undefined);
 * assert.equal(resolve("x.md", "/patterns/missing"), undefined);
 * assert.equal(resolve("x.md", "#local"), undefined);
 * ```
 */
export function createLinkResolver(uris: ReadonlyMap<string, string>): LinkResolver {
  const byKey = new Map<string, string>();
  for (const [path, uri] of uris) {
    byKey.set(path.toLowerCase(), uri);
    if (INDEX_PAGE.test(path)) {
      const folder = path.replace(INDEX_PAGE, "").replace(/\/$/, "").toLowerCase();
      if (!byKey.has(folder)) byKey.set(folder, uri);
    }
  }
  const find = (path: string): string | undefined => {
    let clean: string;
    try {
      clean = decodeURIComponent(path);
    } catch {
      clean = path;
    }
    clean = clean.replace(/^\/+|\/+$/g, "").replace(EXTENSION, "").toLowerCase();
    return clean === "" ? undefined : byKey.get(clean);
  };
  return (fromFile, target) => {
    if (target === "" || /^(?:[a-z][a-z0-9+.-]*:|#|\/\/|\{\{)/i.test(target)) return undefined;
    const hash = target.indexOf("#");
    const fragment = hash === -1 ? "" : target.slice(hash);
    const bare = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, "");
    if (bare === "") return undefined;
    const candidates: string[] = [];
    if (bare.startsWith("/")) {
      candidates.push(bare, bare.replace(/^\/+[^/]+/, ""));
    } else {
      const page = fromFile.replace(EXTENSION, "");
      for (const base of [fromFile, `${page}/`]) {
        candidates.push(new URL(bare, `http://site/${base}`).pathname);
      }
    }
    for (const candidate of candidates) {
      const uri = find(candidate);
      if (uri) return uri + fragment;
    }
    return undefined;
  };
}

// `](target)` or `](target "title")`, and `[label]: target` at the start of a line.
const INLINE = /\]\((<[^<>\n]*>|[^\s()<>]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*)\)/g;
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^<>\n]*>|\S+)/;

/**
 * `markdown` with every link to another document rewritten by `resolve` (see the module
 * note). Fenced code blocks and inline code are left alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rewriteLinks } from "./rewrite_links.ts";
 * const resolve = (_from: string, t: string) => t === "../b.md" ? "acdc://s/b" : undefined;
 * const text = "See [b](../b.md \"B\") and [x](https://x.org).\n\n[ref]: ../b.md\n\n~~~\n[b](../b.md)\n~~~\n`[b](../b.md)`";
 * assert.equal(
 *   rewriteLinks(text, "a/a.md", resolve),
 *   "See [b](acdc://s/b \"B\") and [x](https://x.org).\n\n[ref]: acdc://s/b\n\n~~~\n[b](../b.md)\n~~~\n`[b](../b.md)`",
 * );
 * ```
 */
export function rewriteLinks(markdown: string, fromFile: string, resolve: LinkResolver): string {
  if (!markdown.includes("](") && !markdown.includes("]:")) return markdown;
  const swap = (target: string): string | undefined => {
    const angled = target.startsWith("<") && target.endsWith(">");
    const uri = resolve(fromFile, angled ? target.slice(1, -1) : target);
    return uri === undefined ? undefined : angled ? `<${uri}>` : uri;
  };
  const lines = markdown.split("\n");
  const isCode = createFenceTracker();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isCode(line)) continue;
    if (!line.includes("](") && !line.includes("]:")) continue;
    // Inline code spans keep their text: only the parts between them are rewritten.
    const parts = line.split(/(`+[^`]*`+)/);
    for (let p = 0; p < parts.length; p += 2) {
      parts[p] = parts[p]!.replace(
        INLINE,
        (whole, target: string, title: string) => {
          const uri = swap(target);
          return uri === undefined ? whole : `](${uri}${title})`;
        },
      );
    }
    let joined = parts.join("");
    joined = joined.replace(DEFINITION, (whole, head: string, target: string) => {
      const uri = swap(target);
      return uri === undefined ? whole : head + uri;
    });
    lines[i] = joined;
  }
  return lines.join("\n");
}
