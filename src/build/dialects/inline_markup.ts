/**
 * The inline part of the dialects: what a framework writes inside a line that its site never
 * shows as written — heading anchors (`{#id}`, `{ #id .class }`, `{/*id*\/}`, `<a id>`), MDX and
 * Vue component tags, MDX comments, attribute lists, MkDocs icon shortcodes, Jinja/Liquid tags.
 * Inline code spans are left exactly as written.
 *
 * @module
 */
import type { Dialect } from "./dialect.ts";

/** Where a component tag (`<Name`, `</Name`, capitalized or dotted) starts. */
const COMPONENT_START = /<\/?[A-Z][\w.]*(?=[\s/>]|$)/g;

/**
 * Where the tag starting at `start` ends (after its `>`), reading attribute values in quotes
 * and in braces (which may hold `>`, as `{() => x}` does); -1 when it does not end in `text`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tagEnd } from "./inline_markup.ts";
 * const tag = '<Card onClick={() => go(">")} title="a>b">';
 * assert.equal(tagEnd(tag + "x", 0), tag.length);
 * assert.equal(tagEnd("<Card\n title={x", 0), -1);
 * ```
 */
export function tagEnd(text: string, start: number): number {
  let depth = 0;
  let quote = "";
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth = Math.max(0, depth - 1);
    else if (c === ">" && depth === 0) return i + 1;
  }
  return -1;
}

/** `text` without its component tags (their content stays); an unclosed tag is left. */
export function dropComponentTags(text: string): string {
  let out = "";
  let at = 0;
  COMPONENT_START.lastIndex = 0;
  for (let m = COMPONENT_START.exec(text); m; m = COMPONENT_START.exec(text)) {
    if (m.index < at) continue;
    const end = tagEnd(text, m.index);
    if (end === -1) break;
    out += text.slice(at, m.index);
    at = end;
    COMPONENT_START.lastIndex = end;
  }
  return out + text.slice(at);
}
/** MDX comment. */
const MDX_COMMENT = /\{\/\*[^]*?\*\/\}/g;
/** An attribute list (`{ .class }`, `{: #id }`, `{ target=_blank }` after a link). */
const ATTRIBUTE_LIST = /\s?\{:?\s*(?:[.#][\w-]|[\w-]+=)[^{}\n]*\}/g;
/** MkDocs Material icon and emoji shortcodes (`:octicons-file-code-16:`, `:material-check:`). */
const ICON = /:(?:material|octicons|fontawesome|simple|sparkles|smile|bug|rocket)[\w-]*:/g;
/** A Jinja or Liquid tag or comment (`{% if x %}`, `{# note #}`). */
const TEMPLATE_TAG = /\{%-?[^%\n]*-?%\}|\{#[^#\n]*#\}/g;

/**
 * Applies `fn` to the parts of a line outside inline code spans (backtick runs of equal length),
 * leaving code spans as written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outsideCode } from "./inline_markup.ts";
 * assert.equal(outsideCode("a `<B>` <B>", (s) => s.replaceAll("<B>", "")), "a `<B>` ");
 * ```
 */
export function outsideCode(line: string, fn: (text: string) => string): string {
  if (!line.includes("`")) return fn(line);
  let out = "";
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf("`", at);
    if (open === -1) break;
    let run = open;
    while (line[run] === "`") run++;
    const ticks = line.slice(open, run);
    const close = findRun(line, ticks, run);
    if (close === -1) {
      // An unmatched run is text.
      out += fn(line.slice(at, run));
      at = run;
      continue;
    }
    out += fn(line.slice(at, open)) + line.slice(open, close + ticks.length);
    at = close + ticks.length;
  }
  return out + fn(line.slice(at));
}

/** Where a backtick run of exactly `ticks` starts at or after `from`, or -1. */
function findRun(line: string, ticks: string, from: number): number {
  let at = line.indexOf(ticks, from);
  while (at !== -1) {
    const end = at + ticks.length;
    if (line[at - 1] !== "`" && line[end] !== "`") return at;
    let next = end;
    while (line[next] === "`") next++;
    at = line.indexOf(ticks, next);
  }
  return -1;
}

/** What {@link cleanInline} removed that a caller may want to report (one warning per kind). */
export type DroppedKind = "template tag";

/**
 * One line of text as the site shows it: component tags and MDX comments go (their inner text
 * stays), attribute lists and icon shortcodes go, template tags go (reported through `dropped`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cleanInline } from "./inline_markup.ts";
 * assert.equal(cleanInline("Use <Badge text=\"x\" /> `<Tabs>` now", "vitepress"), "Use  `<Tabs>` now");
 * assert.equal(cleanInline("[Start](a.md){ .md-button } :material-check:", "mkdocs"), "[Start](a.md) ");
 * assert.equal(cleanInline("a {/* note *\/}b", "docusaurus"), "a b");
 * ```
 */
export function cleanInline(
  line: string,
  dialect: Dialect,
  dropped?: (kind: DroppedKind) => void,
): string {
  if (!/[<{:]/.test(line)) return line;
  return outsideCode(line, (text) => {
    let t = text;
    if (t.includes("{/*")) t = t.replace(MDX_COMMENT, "");
    if (t.includes("<")) t = dropComponentTags(t);
    if (t.includes("{")) {
      t = t.replace(ATTRIBUTE_LIST, "");
      if (TEMPLATE_TAG.test(t)) {
        TEMPLATE_TAG.lastIndex = 0;
        dropped?.("template tag");
        t = t.replace(TEMPLATE_TAG, "");
      }
    }
    if (dialect === "mkdocs" && t.includes(":")) t = t.replace(ICON, "");
    return t;
  });
}

/** Marks a heading's explicit anchor in a cleaned line until the sections are made. */
export const ANCHOR_MARK = "\u0000#";

/**
 * A heading's text without its explicit anchor, and the anchor: a trailing `{#id}` or
 * `{ #id .class key=value }` (VitePress, MkDocs, Hugo, Docusaurus, Pandoc), a trailing MDX
 * comment `{/*id*\/}` (react.dev), or an `<a id="…">`/`<a name="…">` inside the heading.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headingAnchor } from "./inline_markup.ts";
 * assert.deepEqual(headingAnchor("LLM test file { #llm-test-file }"), { text: "LLM test file", anchor: "llm-test-file" });
 * assert.deepEqual(headingAnchor("Props {#props}"), { text: "Props", anchor: "props" });
 * assert.deepEqual(headingAnchor("Usage {/*usage*\/}"), { text: "Usage", anchor: "usage" });
 * assert.deepEqual(headingAnchor('<a id="x"></a>Setup'), { text: "Setup", anchor: "x" });
 * assert.deepEqual(headingAnchor("Plain"), { text: "Plain", anchor: undefined });
 * ```
 */
export function headingAnchor(text: string): { text: string; anchor: string | undefined } {
  let anchor: string | undefined;
  let t = text.replace(/<a\s+(?:id|name)=["']([^"']+)["']\s*(?:\/>|>\s*<\/a>)/i, (_, id) => {
    anchor = id;
    return "";
  });
  t = t.replace(/\s*\{\/\*\s*([\w:.-]+)\s*\*\/\}\s*$/, (_, id) => {
    anchor ??= id;
    return "";
  });
  t = t.replace(
    /\s*\{:?\s*((?:[.#][\w:-]+|[\w-]+=\S+)(?:\s+(?:[.#][\w:-]+|[\w-]+=\S+))*)\s*\}\s*$/,
    (
      whole,
      attrs: string,
    ) => {
      const id = /(?:^|\s)#([\w:.-]+)/.exec(attrs)?.[1] ??
        /(?:^|\s)id=["']?([\w:.-]+)/.exec(attrs)?.[1];
      anchor ??= id;
      return whole.startsWith("{") || /\s/.test(whole[0]!) ? "" : whole;
    },
  );
  return { text: t.trim(), anchor };
}
