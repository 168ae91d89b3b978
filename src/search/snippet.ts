import { occurrences, positionsOf, type WordPositions } from "./word_positions.ts";

/** A query's terms numbered by the query term each stands for, made once per groups map. */
interface Numbered {
  terms: string[];
  group: number[];
  groupCount: number;
}
const numberedGroups = new WeakMap<ReadonlyMap<string, string>, Numbered>();

function numbered(groups: ReadonlyMap<string, string>): Numbered {
  let found = numberedGroups.get(groups);
  if (found === undefined) {
    const numbers = new Map<string, number>();
    const terms: string[] = [];
    const group: number[] = [];
    groups.forEach((g, term) => {
      let n = numbers.get(g);
      if (n === undefined) numbers.set(g, n = numbers.size);
      terms.push(term);
      group.push(n);
    });
    found = { terms, group, groupCount: numbers.size };
    numberedGroups.set(groups, found);
  }
  return found;
}

// Scratch lists of the matching words, reused by every snippet (made synchronously, one at a
// time) and grown as needed up to SCRATCH_MAX words: no arrays allocated per hit. A text with
// more matches gets lists of its own for that snippet, so no one text keeps megabytes alive.
const SCRATCH_MAX = 65_536;
let matchStarts = new Int32Array(256);
let matchEnds = new Int32Array(256);
let matchGroups = new Int32Array(256);
let groupCounts = new Int32Array(32);
const lists: number[][] = [];
const listGroups: number[] = [];
const listAt: number[] = [];
const NONE: number[] = [];

function sizeScratch(size: number): void {
  matchStarts = new Int32Array(size);
  matchEnds = new Int32Array(size);
  matchGroups = new Int32Array(size);
}

/**
 * The words of a text whose index term is one of the query's terms, in text order, into the
 * scratch lists: their offsets (`matchStarts`, `matchEnds`) and the number of the query term each
 * stands for (`matchGroups`: `groups`' values, numbered in order of appearance); returns how many.
 * Each term's occurrences come sorted: they are merged, not re-sorted.
 */
function matchingWords(
  words: WordPositions,
  terms: readonly string[],
  group: readonly number[],
  mayHold: ((position: number) => boolean) | undefined,
): number {
  let count = 0;
  let total = 0;
  for (let i = 0; i < terms.length; i++) {
    if (mayHold !== undefined && !mayHold(i)) continue;
    const list = occurrences(words, terms[i]!);
    if (list.length > 0) {
      lists[count] = list;
      listGroups[count] = group[i]!;
      listAt[count] = 0;
      count++;
      total += list.length;
    }
  }
  total >>= 1;
  if (matchStarts.length < total) sizeScratch(Math.max(total, matchStarts.length * 2));
  for (let n = 0; n < total; n++) {
    // The list whose next word comes first (a word has one term: starts never tie).
    let best = -1;
    let bestStart = Infinity;
    for (let l = 0; l < count; l++) {
      const list = lists[l]!;
      const i = listAt[l]!;
      if (i < list.length && list[i]! < bestStart) {
        best = l;
        bestStart = list[i]!;
      }
    }
    const i = listAt[best]!;
    matchStarts[n] = bestStart;
    matchEnds[n] = lists[best]![i + 1]!;
    matchGroups[n] = listGroups[best]!;
    listAt[best] = i + 2;
  }
  for (let l = 0; l < count; l++) lists[l] = NONE; // the texts' lists are not held past use
  return total;
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
  /**
   * False for the term at `position` in `groups` (the map's order) when the text is known not
   * to hold it (the index's postings say so: a search hit's `mayHold`), which is then not
   * looked for; the window is the same either way.
   */
  mayHold?: (position: number) => boolean;
  /**
   * Look for the window inside this part of the text (a section's `start` and `end`) when any
   * match is there; the whole text otherwise.
   */
  within?: { start: number; end: number };
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
  let from = 0;
  let matchOffsets: number[] = [];
  const numberedTerms = groups.size === 0 ? undefined : numbered(groups);
  let total = numberedTerms === undefined ? 0 : matchingWords(
    options.words ?? positionsOf(text),
    numberedTerms.terms,
    numberedTerms.group,
    options.mayHold,
  );
  const within = options.within;
  if (within !== undefined && total > 0) {
    // Only the matches inside `within`, in order, when there are any.
    let kept = 0;
    for (let j = 0; j < total; j++) {
      if (matchStarts[j]! < within.start || matchEnds[j]! > within.end) continue;
      matchStarts[kept] = matchStarts[j]!;
      matchEnds[kept] = matchEnds[j]!;
      matchGroups[kept] = matchGroups[j]!;
      kept++;
    }
    if (kept > 0) total = kept;
  }
  if (numberedTerms !== undefined && total > 0) {
    const starts = matchStarts;
    const ends = matchEnds;
    const groupOf = matchGroups;
    // The window of matches (at most `width` characters from the first's start to the last's
    // end) with the most distinct query terms, then the most matches; the first such one.
    let bestDistinct = 0;
    let bestCount = 0;
    let bestLeft = 0;
    if (groupCounts.length < numberedTerms.groupCount) {
      groupCounts = new Int32Array(numberedTerms.groupCount * 2);
    }
    const counts = groupCounts.fill(0, 0, numberedTerms.groupCount);
    let distinct = 0;
    let left = 0;
    for (let right = 0; right < total; right++) {
      if (counts[groupOf[right]!]!++ === 0) distinct++;
      while (ends[right]! - starts[left]! > width) {
        if (--counts[groupOf[left]!]! === 0) distinct--;
        left++;
      }
      const count = right - left + 1;
      if (distinct > bestDistinct || (distinct === bestDistinct && count > bestCount)) {
        bestDistinct = distinct;
        bestCount = count;
        bestLeft = left;
      }
    }
    matchOffsets = new Array(bestCount);
    for (let j = 0; j < bestCount; j++) matchOffsets[j] = starts[bestLeft + j]!;
    if (starts.length > SCRATCH_MAX) sizeScratch(256);
    const first = starts[bestLeft]!;
    // Start a little before the first match, at a word boundary.
    from = Math.max(0, first - Math.floor(width / 5));
    if (from > 0) {
      const space = text.lastIndexOf(" ", from);
      const newline = text.lastIndexOf("\n", first);
      from = Math.max(space === -1 ? from : space + 1, newline + 1);
    }
  }
  let to = Math.min(text.length, from + width);
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    if (space > from + width / 2) to = space;
  }
  const out = flatten(text, from, to, from > 0 ? "…" : "", to < text.length ? "…" : "");
  return {
    text: options.html ? escapeHtml(out) : out,
    start: from,
    matches: matchOffsets.length,
    matchOffsets,
  };
}

/**
 * `text.slice(from, to)` as written, whitespace runs collapsed to one space and none at the ends
 * (`s.replace(/\s+/g, " ").trim()`), between `head` and `tail`: one pass over the characters,
 * without a regular expression, joining the stretches between whitespace that is not already a
 * single space (snippets are made for every hit of every search). A window of markdown has a few
 * such places (line ends, indents), so it is a few slices of the text; copying every character
 * into a buffer and making a string of it, as this did until 2026-11-25, cost a snippet about a
 * microsecond more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flatten } from "./snippet.ts";
 * const s = " a\t\n b\u00a0\u2028c \ufeff";
 * assert.equal(flatten(s), s.replace(/\s+/g, " ").trim());
 * assert.equal(flatten("xx  one\n two  xx", 2, 14, "…", "…"), "…one two…");
 * assert.equal(flatten("a b  c", 0, 6), "a b c");
 * assert.equal(flatten("   ", 0, 3, "<", ">"), "<>");
 * ```
 */
export function flatten(
  text: string,
  from = 0,
  to: number = text.length,
  head = "",
  tail = "",
): string {
  let out = head;
  let i = from;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  // The stretch being kept runs from `kept` to `i`.
  let kept = i;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (!isSpace(c)) {
      i++;
    } else if (c === 0x20 && i + 1 < to && !isSpace(text.charCodeAt(i + 1))) {
      // One plain space before a word: already as it should be.
      i += 2;
    } else {
      out += text.slice(kept, i);
      i++;
      while (i < to && isSpace(text.charCodeAt(i))) i++;
      if (i < to) out += " ";
      kept = i;
    }
  }
  return out + text.slice(kept, to) + tail;
}

/** Whether a UTF-16 unit is one of `\s`'s whitespace characters. */
function isSpace(c: number): boolean {
  return c <= 0x20
    ? c === 0x20 || (c >= 0x09 && c <= 0x0d)
    : c >= 0xa0 && (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 ||
      c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff);
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
