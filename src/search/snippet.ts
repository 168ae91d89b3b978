import { termOf, type Token } from "./analyzer.ts";

const matchers = new WeakMap<ReadonlyMap<string, string>, RegExp>();

/**
 * One regular expression per query (cached on its term map) that finds the words that may be
 * query terms: words starting with the first four letters of any term. Only those words are
 * analyzed, so a snippet costs a regex scan instead of stemming every word of the body.
 */
function matcherFor(groups: ReadonlyMap<string, string>): RegExp {
  let re = matchers.get(groups);
  if (!re) {
    const prefixes = [...new Set([...groups.keys()].map((t) => t.slice(0, 4)))]
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    re = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${prefixes.join("|")})[\\p{L}\\p{N}]*(?:['’][\\p{L}]+)?`,
      "giu",
    );
    matchers.set(groups, re);
  }
  return re;
}

/** The words of `text` whose index term is one of the query's terms. */
function matchingWords(text: string, groups: ReadonlyMap<string, string>): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(matcherFor(groups))) {
    const term = termOf(m[0]);
    if (groups.has(term)) out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Options of {@link snippet}. */
export interface SnippetOptions {
  /** Target length in characters (default 200). */
  width?: number;
  /** Escape `<`, `>`, `&`, `"` for HTML output. */
  html?: boolean;
}

/**
 * The best window of about `width` characters of `text` for a query: the one containing the
 * most distinct query terms (matching by stem, fuzzy variants included), then the most matches.
 * `groups` maps each index term to the query term it stands for. Markdown markup is flattened
 * and `…` marks cut ends. Without any match the text's beginning is returned.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { snippet } from "./snippet.ts";
 * const text = "Intro. ".repeat(50) + "Deploy the builds to Netlify quickly. " + "Outro. ".repeat(50);
 * const s = snippet(text, new Map([["deploy", "deploy"], ["build", "build"]]), { width: 60 });
 * assert.ok(s.includes("Deploy the builds"));
 * ```
 */
export function snippet(
  text: string,
  groups: ReadonlyMap<string, string>,
  options: SnippetOptions = {},
): string {
  return bestWindow(text, groups, options).text;
}

/** A snippet with where it starts in the text and how many matches it holds. */
export interface Window {
  text: string;
  /** Offset of the window in the original text. */
  start: number;
  /** Matching words inside the window (0 when nothing matched). */
  matches: number;
  /** Offsets of those matching words in the original text. */
  matchOffsets: number[];
}

/**
 * The window behind {@link snippet}, with its offset (to find the enclosing section) and its
 * match count (to tell whether the body matched at all).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bestWindow } from "./snippet.ts";
 * const w = bestWindow("aaa bbb deploy ccc", new Map([["deploi", "deploi"]]), { width: 200 });
 * assert.ok(w.matches === 1 && w.start === 0);
 * ```
 */
export function bestWindow(
  text: string,
  groups: ReadonlyMap<string, string>,
  options: SnippetOptions = {},
): Window {
  const width = options.width ?? 200;
  const hits = groups.size === 0 ? [] : matchingWords(text, groups);
  let from = 0;
  let matchOffsets: number[] = [];
  if (hits.length > 0) {
    let best = { distinct: 0, count: 0, start: hits[0]!.start, left: 0 };
    const counts = new Map<string, number>();
    let left = 0;
    for (let right = 0; right < hits.length; right++) {
      const g = groups.get(hits[right]!.term)!;
      counts.set(g, (counts.get(g) ?? 0) + 1);
      while (hits[right]!.end - hits[left]!.start > width) {
        const lg = groups.get(hits[left]!.term)!;
        const c = counts.get(lg)! - 1;
        if (c === 0) counts.delete(lg);
        else counts.set(lg, c);
        left++;
      }
      const count = right - left + 1;
      if (counts.size > best.distinct || (counts.size === best.distinct && count > best.count)) {
        best = { distinct: counts.size, count, start: hits[left]!.start, left };
      }
    }
    matchOffsets = hits.slice(best.left, best.left + best.count).map((h) => h.start);
    // Start a little before the first match, at a word boundary.
    from = Math.max(0, best.start - Math.floor(width / 5));
    if (from > 0) {
      const space = text.lastIndexOf(" ", from);
      const newline = text.lastIndexOf("\n", best.start);
      from = Math.max(space === -1 ? from : space + 1, newline + 1);
    }
  }
  let to = Math.min(text.length, from + width);
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    if (space > from + width / 2) to = space;
  }
  let out = flatten(text.slice(from, to));
  if (from > 0) out = "…" + out;
  if (to < text.length) out += "…";
  return {
    text: options.html ? escapeHtml(out) : out,
    start: from,
    matches: matchOffsets.length,
    matchOffsets,
  };
}

function flatten(s: string): string {
  return s
    .replace(/\{\{[<%][^]*?[%>]\}\}/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`]{1,3}/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Escapes text for HTML.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./snippet.ts";
 * assert.ok(escapeHtml('<a href="x">&</a>') === "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
 * ```
 */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}
