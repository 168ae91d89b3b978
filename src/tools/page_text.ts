/** Characters per token used to turn a token budget into a text size (a common estimate). */
export const CHARS_PER_TOKEN = 4;

/**
 * Characters an answer may give its variable part: the answer budget (`maxResponseTokens`, as
 * characters) less `reserve` characters for the envelope around it (metadata, notes, escapes).
 * The one place a token budget becomes a text size.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerChars } from "./page_text.ts";
 * assert.equal(answerChars({ maxResponseTokens: 6000 }, 1000), 23_000);
 * ```
 */
export function answerChars(settings: { maxResponseTokens: number }, reserve: number): number {
  return settings.maxResponseTokens * CHARS_PER_TOKEN - reserve;
}

/** One part of a long text. */
export interface TextPage {
  /** The part itself. */
  text: string;
  /** Where it starts in the whole text. */
  offset: number;
  /** Where the next part starts; absent on the last part. */
  nextOffset?: number;
  /** Length of the whole text. */
  total: number;
}

/**
 * The part of `text` that starts at `offset` and fits `max` characters, cut at a paragraph
 * break, else a line break, else a space in the second half of the window (else at `max`, never
 * inside a surrogate pair). A text that fits is returned whole. `offset` past the end gives an
 * empty last part.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageText } from "./page_text.ts";
 * const text = "First paragraph.\n\nSecond one, longer.\n\nThird.";
 * assert.deepEqual(pageText(text, 0, 100), { text, offset: 0, total: text.length });
 * const first = pageText(text, 0, 25);
 * assert.equal(first.text, "First paragraph.\n\n");
 * const second = pageText(text, first.nextOffset!, 25);
 * assert.equal(second.text, "Second one, longer.\n\n");
 * assert.equal(pageText(text, second.nextOffset!, 25).text, "Third.");
 * assert.equal(pageText(text, second.nextOffset!, 25).nextOffset, undefined);
 * ```
 */
export function pageText(text: string, offset: number, max: number): TextPage {
  const start = Math.min(Math.max(0, Math.floor(offset)), text.length);
  if (text.length - start <= max) {
    return { text: text.slice(start), offset: start, total: text.length };
  }
  const limit = start + max;
  const floor = start + Math.floor(max / 2);
  let end = -1;
  for (const sep of ["\n\n", "\n", " "]) {
    const at = text.lastIndexOf(sep, limit - sep.length);
    if (at >= floor) {
      end = at + sep.length;
      break;
    }
  }
  if (end === -1) {
    end = limit;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--; // keep a surrogate pair together
  }
  return { text: text.slice(start, end), offset: start, nextOffset: end, total: text.length };
}

/**
 * The line that ends a part, telling the agent where it is and how to go on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { continuation } from "./page_text.ts";
 * const line = continuation({ text: "", offset: 0, nextOffset: 24000, total: 81200 }, "get_article", { slug: "a" });
 * assert.match(line, /characters 0–24,000 of 81,200/);
 * assert.match(line, /get_article \{"slug":"a","offset":24000\}/);
 * ```
 */
export function continuation(
  page: TextPage,
  tool: string,
  args: Record<string, unknown>,
): string {
  return partNote(page, (next) => `${tool} ${JSON.stringify({ ...args, offset: next })}`);
}

/**
 * The line that ends a part, with `next(offset)` naming the request that reads the next one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partNote } from "./page_text.ts";
 * const page = { text: "", offset: 0, nextOffset: 10, total: 30 };
 * const next = (n: number) => `resources/read ?offset=${n}`;
 * assert.match(partNote(page, next), /Continue with resources\/read \?offset=10,/);
 * assert.match(partNote({ text: "", offset: 20, total: 30 }, next), /This is the last part/);
 * ```
 */
export function partNote(page: TextPage, next: (offset: number) => string): string {
  const end = page.nextOffset ?? page.total;
  const n = (x: number) => x.toLocaleString("en-US");
  return `[Part of a long document: characters ${n(page.offset)}–${n(end)} of ${n(page.total)}. ` +
    (page.nextOffset === undefined
      ? "This is the last part.]"
      : `Continue with ${next(page.nextOffset)}, ` +
        "or read single sections with table_of_contents and read_sections.]");
}

/**
 * How many of `items` (in order) fit `budget` characters, each costing `size(item)`; at least
 * one, so an answer is never empty when there is something to give.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitCount } from "./page_text.ts";
 * assert.equal(fitCount(["aaaa", "bbbb", "cccc"], 9, (s) => s.length), 2);
 * assert.equal(fitCount(["a very long item"], 3, (s) => s.length), 1);
 * assert.equal(fitCount([], 3, (s: string) => s.length), 0);
 * ```
 */
export function fitCount<T>(
  items: readonly T[],
  budget: number,
  size: (item: T) => number,
): number {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += size(items[i]!);
    if (used > budget) return Math.max(1, i);
  }
  return items.length;
}
