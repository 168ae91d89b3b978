/**
 * Compiles a glob to a regular expression over forward-slash paths: `**` spans folders, `*` and
 * `?` stay within one path segment. A glob without `/` matches the file name in any folder
 * (like `.gitignore`).
 *
 * @example
 * ```ts
 * import { globToRegExp } from "./glob.ts";
 * console.assert(globToRegExp("guides/**").test("guides/a/b.md"));
 * console.assert(globToRegExp("*.tmp.md").test("deep/x.tmp.md"));
 * console.assert(!globToRegExp("guides/*.md").test("guides/a/b.md"));
 * ```
 */
export function globToRegExp(glob: string): RegExp {
  const g = glob.replace(/^\.?\//, "");
  let re = "";
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === "*") {
      if (g[i + 1] === "*") {
        i++;
        if (g[i + 1] === "/") {
          i++;
          re += "(?:.*/)?";
        } else re += ".*";
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(g.includes("/") ? `^${re}$` : `(?:^|/)${re}$`);
}

/**
 * Whether a path passes `include` (any match; everything when empty) and no `exclude`.
 *
 * @example
 * ```ts
 * import { pathFilter } from "./glob.ts";
 * const keep = pathFilter(["**\/*.md"], ["drafts/**"]);
 * console.assert(keep("a/b.md") && !keep("drafts/x.md") && !keep("a/b.txt"));
 * ```
 */
export function pathFilter(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): (path: string) => boolean {
  const inc = include.map(globToRegExp);
  const exc = exclude.map(globToRegExp);
  return (path) =>
    (inc.length === 0 || inc.some((r) => r.test(path))) && !exc.some((r) => r.test(path));
}
