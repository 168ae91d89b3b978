import type { Token } from "./analyzer.ts";
import { occurrences, positionsOf, type WordPositions } from "./word_positions.ts";

/** The words of a text whose index term is one of the query's terms, in text order. */
function matchingWords(words: WordPositions, groups: ReadonlyMap<string, string>): Token[] {
  const out: Token[] = [];
  for (const term of groups.keys()) {
    const list = occurrences(words, term);
    for (let i = 0; i < list.length; i += 2) out.push({ term, start: list[i]!, end: list[i + 1]! });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Options of {@link snippet}. */
export interface SnippetOptions {
  /** Target length in characters (default 200). */
  width?: number;
  /** Escape `<`, `>`, `&`, `"` for HTML output. */
  html?: boolean;
  /**
   * The text's word positions, made once per document (`wordPositions.get(doc, text)`); without
   * them the text is analyzed now.
   */
  words?: WordPositions;
}

/**
 * The best window of about `width` characters of `text` for a query: the one containing the
 * most distinct query terms (matching by stem, fuzzy variants included), then the most matches.
 * `groups` maps each index term to the query term it stands for. The window is the original
 * text with only its whitespace collapsed (identifiers, markup and punctuation stay as written);
 * `…` marks cut ends. Without any match the text's beginning is returned.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { snippet } from "./snippet.ts";
 * const text = "Intro. ".repeat(50) + "Deploy the builds to Netlify quickly. " + "Outro. ".repeat(50);
 * const s = snippet(text, new Map([["deploy", "deploy"], ["build", "build"]]), { width: 60 });
 * assert.ok(s.includes("Deploy the builds"));
 * const code = snippet("Edit `pg_hba.conf` and call `void *malloc(size_t n)`.", new Map([["malloc", "malloc"]]));
 * assert.equal(code, "Edit `pg_hba.conf` and call `void *malloc(size_t n)`.");
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
  const hits = groups.size === 0 ? [] : matchingWords(options.words ?? positionsOf(text), groups);
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

/** The text as written, whitespace runs collapsed to one space. */
function flatten(s: string): string {
  return s.replace(/\s+/g, " ").trim();
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
