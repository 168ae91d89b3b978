/** One step of a compiled glob. */
type Token =
  | { kind: "char"; char: string }
  | { kind: "one" } // `?`: one character but `/`
  | { kind: "star" } // `*`: any run without `/`
  | { kind: "any" } // `**`: any run
  | { kind: "dirs" }; // `**/`: nothing, or any run ending in `/`

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      i++;
      if (glob[i + 1] === "/") {
        i++;
        tokens.push({ kind: "dirs" });
      } else tokens.push({ kind: "any" });
    } else if (c === "*") tokens.push({ kind: "star" });
    else if (c === "?") tokens.push({ kind: "one" });
    else tokens.push({ kind: "char", char: c });
  }
  return tokens;
}

/**
 * Compiles a glob into a matcher over forward-slash paths: `**` spans folders, `*` and `?` stay
 * within one path segment. A glob without `/` matches the file name in any folder (like
 * `.gitignore`). Matching runs the glob as a set of positions advanced one path character at a
 * time (no backtracking), so it costs at most glob length × path length, for any glob:
 * `*a*a*a*…*b` against a long name included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { globMatcher } from "./glob.ts";
 * assert.ok(globMatcher("guides/**")("guides/a/b.md"));
 * assert.ok(globMatcher("*.tmp.md")("deep/x.tmp.md"));
 * assert.ok(!globMatcher("guides/*.md")("guides/a/b.md"));
 * assert.ok(globMatcher("a/**\/b.md")("a/b.md") && globMatcher("a/**\/b.md")("a/x/y/b.md"));
 * assert.ok(!globMatcher("*a".repeat(30) + "*b")("a".repeat(5000)));
 * ```
 */
export function globMatcher(glob: string): (path: string) => boolean {
  const g = glob.replace(/^\.?\//, "");
  const tokens = tokenize(g);
  const m = tokens.length;
  const anywhere = !g.includes("/");
  // State j ≤ m: tokens before j matched (m: all). State m + 1 + j: inside the `dirs` token j.
  const add = (set: Set<number>, j: number) => {
    if (set.has(j)) return;
    set.add(j);
    const t = tokens[j];
    if (j < m && t && (t.kind === "star" || t.kind === "any" || t.kind === "dirs")) {
      add(set, j + 1); // these may match nothing
    }
  };
  return (path) => {
    let states = new Set<number>();
    add(states, 0);
    for (const c of path) {
      const next = new Set<number>();
      for (const j of states) {
        if (j > m) {
          // Inside a `dirs` token: any character, and a `/` may end it.
          add(next, j);
          if (c === "/") add(next, j - m);
          continue;
        }
        const t = tokens[j];
        if (!t) continue;
        if (t.kind === "char" && t.char === c) add(next, j + 1);
        else if (t.kind === "one" && c !== "/") add(next, j + 1);
        else if (t.kind === "star" && c !== "/") add(next, j);
        else if (t.kind === "any") add(next, j);
        else if (t.kind === "dirs") {
          add(next, m + 1 + j);
          if (c === "/") add(next, j + 1);
        }
      }
      if (anywhere && c === "/") add(next, 0);
      states = next;
      if (states.size === 0) return false;
    }
    return states.has(m);
  };
}

/**
 * Whether a path passes `include` (any match; everything when empty) and no `exclude`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathFilter } from "./glob.ts";
 * const keep = pathFilter(["**\/*.md"], ["drafts/**"]);
 * assert.ok(keep("a/b.md") && !keep("drafts/x.md") && !keep("a/b.txt"));
 * ```
 */
export function pathFilter(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): (path: string) => boolean {
  const inc = include.map(globMatcher);
  const exc = exclude.map(globMatcher);
  return (path) => (inc.length === 0 || inc.some((r) => r(path))) && !exc.some((r) => r(path));
}
