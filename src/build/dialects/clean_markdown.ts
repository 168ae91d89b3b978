/**
 * A docs framework's markdown as its readers see it: containers and admonitions become labelled
 * quotes, components and template tags go while their text stays, includes are resolved, and
 * explicit heading anchors leave the text to become the sections' ids. Fenced code is left
 * exactly as written. Line by line, each line looked at a bounded number of times.
 *
 * @module
 */
import type { Dialect } from "./dialect.ts";
import { ANCHOR_MARK, cleanInline, headingAnchor, outsideCode, tagEnd } from "./inline_markup.ts";
import { codeShortcode, expandShortcodes } from "./hugo_shortcodes.ts";
import { parseHeading } from "../split_sections.ts";
import { createFenceTracker } from "../../code_fences.ts";

/** What {@link cleanMarkdown} needs besides the text. */
export interface CleanOptions {
  dialect: Dialect;
  /** MDX rules apply: ESM `import`/`export` lines go (a `.mdx` file, or Docusaurus/Starlight). */
  mdx: boolean;
  /**
   * The text of a file an include names (MkDocs `--8<--`, Hugo `include`), or `undefined` when
   * it is not inside the source. `path` is as written.
   */
  include?: (path: string) => string | undefined;
  /** Told each construct dropped rather than resolved, by kind (`include`, a shortcode name…). */
  dropped?: (kind: string) => void;
}

/** The cleaned text and each heading's explicit anchor, by heading number (as sections count). */
export interface Cleaned {
  text: string;
  anchors: (string | undefined)[];
}

const FENCE = /^( {0,3})(`{3,}|~{3,})/;
/** Labels of admonition types, as sites show them. */
const LABELS: Record<string, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  warning: "Warning",
  caution: "Caution",
  danger: "Danger",
  important: "Important",
  details: "Details",
  example: "Example",
  question: "Question",
  abstract: "Abstract",
  success: "Success",
  failure: "Failure",
  bug: "Bug",
  quote: "Quote",
  summary: "Summary",
  hint: "Hint",
  attention: "Attention",
  error: "Error",
  seealso: "See also",
};
/** Includes nest at most this deep (a file including itself stops here). */
const MAX_INCLUDE_DEPTH = 3;

const label = (type: string) =>
  LABELS[type.toLowerCase()] ?? type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();

/** A labelled quote: `> **Tip:** Title`, a blank quote line, then the content quoted. */
function quoted(type: string, title: string, content: string[]): string[] {
  const head = title.trim() === ""
    ? `> **${label(type)}**`
    : `> **${label(type)}:** ${title.trim()}`;
  const body = trimBlank(content).map((l) => (l === "" ? ">" : `> ${l}`));
  return body.length === 0 ? [head] : [head, ">", ...body];
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]!.trim() === "") a++;
  while (b > a && lines[b - 1]!.trim() === "") b--;
  return lines.slice(a, b);
}

/** Removes `n` columns of leading spaces (a tab counts as four) from each line. */
function dedent(lines: readonly string[], n: number): string[] {
  return lines.map((line) => {
    let i = 0;
    let col = 0;
    while (i < line.length && col < n && (line[i] === " " || line[i] === "\t")) {
      col += line[i] === "\t" ? 4 : 1;
      i++;
    }
    return line.slice(i);
  });
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Cleans a markdown text of its framework's dialect (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cleanMarkdown } from "./clean_markdown.ts";
 * const md = "# Props {#props}\n\n::: tip Heads up\nUse **it**.\n:::\n\n!!! note\n    Indented.\n";
 * const { text, anchors } = cleanMarkdown(md, { dialect: "mkdocs", mdx: false });
 * assert.equal(text, "# Props\n\n> **Tip:** Heads up\n>\n> Use **it**.\n\n> **Note**\n>\n> Indented.\n");
 * assert.deepEqual(anchors, ["props"]);
 * ```
 */
export function cleanMarkdown(text: string, options: CleanOptions): Cleaned {
  return takeAnchors(cleanLines(text.split("\n"), options, 0).join("\n"));
}

/**
 * Takes the anchors marked on heading lines (`ANCHOR_MARK`) out of a text: the text without
 * them, and each heading's anchor by its number as the section splitter numbers headings
 * (outside fences, in order). Marks elsewhere are removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { takeAnchors } from "./clean_markdown.ts";
 * import { ANCHOR_MARK } from "./inline_markup.ts";
 * assert.deepEqual(takeAnchors(`# A${ANCHOR_MARK}a\n## B\n`), { text: "# A\n## B\n", anchors: ["a", undefined] });
 * ```
 */
export function takeAnchors(text: string): Cleaned {
  const lines = text.split("\n");
  const anchors: (string | undefined)[] = [];
  const isCode = createFenceTracker();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isCode(line)) continue;
    const mark = line.indexOf(ANCHOR_MARK);
    if (!parseHeading(line.replace(/\r$/, ""))) {
      if (mark !== -1) lines[i] = line.slice(0, mark);
      continue;
    }
    anchors.push(mark === -1 ? undefined : line.slice(mark + ANCHOR_MARK.length) || undefined);
    if (mark !== -1) lines[i] = line.slice(0, mark);
  }
  return { text: lines.join("\n"), anchors };
}

/** What a block rule sees: the options, the include depth, and the cleaner for inner lines. */
interface Context {
  options: CleanOptions;
  depth: number;
  drop: (kind: string) => void;
}

/** A block rule's result: the cleaned lines of the block, and the first line after it. */
type Block = { out: string[]; next: number };

/** A rule that recognises a block starting at line `i`, or leaves it (`undefined`). */
type BlockRule = (lines: readonly string[], i: number, ctx: Context) => Block | undefined;

/** Fenced code: as written, to its closing fence. */
const fencedCode: BlockRule = (lines, i) => {
  const fence = FENCE.exec(lines[i]!);
  if (!fence) return undefined;
  const marker = fence[2]!;
  const out = [lines[i]!];
  let next = i + 1;
  while (next < lines.length) {
    const l = lines[next]!;
    out.push(l);
    next++;
    const close = FENCE.exec(l);
    if (close && close[2]![0] === marker[0] && close[2]!.length >= marker.length) {
      if (l.trim().length === close[0].trim().length) break;
    }
  }
  return { out, next };
};

/** MDX ESM statements (one line, or braces over several): dropped. */
const esmStatement: BlockRule = (lines, i, { options }) => {
  if (!options.mdx || !/^(?:import|export)\s/.test(lines[i]!)) return undefined;
  let depth = 0;
  let next = i;
  do {
    for (const c of lines[next]!) depth += c === "{" ? 1 : c === "}" ? -1 : 0;
    if (depth < 0) depth = 0;
    next++;
  } while (depth > 0 && next < lines.length);
  return { out: [], next };
};

/** `<script>` and `<style>` blocks of Vue and MDX pages: dropped. */
const scriptBlock: BlockRule = (lines, i) => {
  const block = /^\s*<(script|style)\b/i.exec(lines[i]!);
  if (!block) return undefined;
  const close = `</${block[1]!.toLowerCase()}>`;
  let next = i;
  while (next < lines.length && !lines[next]!.toLowerCase().includes(close)) next++;
  return { out: [], next: next + 1 };
};

/** `:::` containers (VitePress, Docusaurus, Starlight), to the matching bare colon line. */
const colonContainer: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  if (/^\s*:{3,}\s*$/.test(line)) return { out: [], next: i + 1 }; // a stray closing line
  const container = /^\s*(:{3,})\s*([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{[^}\n]*\})?\s*(.*)$/
    .exec(line);
  if (!container) return undefined;
  const end = containerEnd(lines, i);
  const inner = cleanLines(lines.slice(i + 1, end), ctx.options, ctx.depth);
  const type = container[2]!;
  const title = container[3] ?? container[4] ?? "";
  const out = ["code-group", "raw", "v-pre"].includes(type)
    ? inner
    : quoted(type, cleanInline(title, ctx.options.dialect), inner);
  return { out, next: end + 1 };
};

/** MkDocs admonitions (`!!!`, `???`, `???+`) and content tabs (`===`): indented blocks. */
const indentedBlock: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  const m = /^(\s*)(!!!|\?\?\?\+?|===\+?)\s+("[^"]*"|[\w-]+)(?:\s+[\w-]+)*(?:\s+"([^"]*)")?\s*$/
    .exec(line);
  if (!m) return undefined;
  const base = indentOf(line);
  let end = i + 1;
  while (end < lines.length) {
    const l = lines[end]!;
    if (l.trim() !== "" && indentOf(l) < base + 4) break;
    end++;
  }
  const inner = cleanLines(dedent(lines.slice(i + 1, end), base + 4), ctx.options, ctx.depth);
  const pad = " ".repeat(base);
  const { dialect } = ctx.options;
  if (m[2]!.startsWith("===")) {
    const tab = cleanInline(m[3]!.replace(/^"|"$/g, ""), dialect).trim();
    return {
      out: [`${pad}**${tab}**`, "", ...trimBlank(inner).map((l) => pad + l), ""],
      next: end,
    };
  }
  const type = m[3]!.replace(/^"|"$/g, "");
  const out = quoted(type, cleanInline(m[4] ?? "", dialect), inner).map((l) => pad + l);
  return { out: [...out, ""], next: end };
};

/** GitHub alerts: `> [!NOTE]` opens a quote that keeps its lines. */
const githubAlert: BlockRule = (lines, i, ctx) => {
  const alert = /^(\s*>\s*)\[!(\w+)\]\s*(.*)$/.exec(lines[i]!);
  if (!alert) return undefined;
  const rest = alert[3]!.trim();
  const text = rest ? ` ${cleanInline(rest, ctx.options.dialect)}` : "";
  return { out: [`${alert[1]}**${label(alert[2]!)}**${text}`], next: i + 1 };
};

/** Starlight's `<Aside>` and Docusaurus's `<Admonition>`: a labelled quote to the closing tag. */
const asideBlock: BlockRule = (lines, i, ctx) => {
  const aside = /^\s*<(Aside|Admonition)\b([^>]*?)(\/)?>(.*)$/.exec(lines[i]!);
  if (!aside || aside[3]) return undefined;
  const tag = aside[1]!;
  const attrs = aside[2]!;
  const type = /\btype=["']([\w-]+)["']/.exec(attrs)?.[1] ?? "note";
  const title = /\btitle=["']([^"']*)["']/.exec(attrs)?.[1] ?? "";
  const content: string[] = [];
  let rest = aside[4]!;
  let end = i;
  for (;;) {
    const close = rest.indexOf(`</${tag}>`);
    if (close !== -1) {
      content.push(rest.slice(0, close));
      break;
    }
    content.push(rest);
    end++;
    if (end >= lines.length) break;
    rest = lines[end]!;
  }
  const first = content.find((l) => l.trim()) ?? "";
  const inner = cleanLines(dedent(content, indentOf(first)), ctx.options, ctx.depth);
  return { out: quoted(type, title, inner), next: end + 1 };
};

/** MkDocs snippets: `--8<-- "file"` (one line, or a block of file names), resolved. */
const snippetInclude: BlockRule = (lines, i, ctx) => {
  const snippet = /^\s*-{2,}8<-{2,}\s*(?:"([^"]+)"|'([^']+)')?\s*$/.exec(lines[i]!);
  if (!snippet) return undefined;
  const names: string[] = [];
  let next = i + 1;
  if (snippet[1] ?? snippet[2]) names.push((snippet[1] ?? snippet[2])!);
  else {
    while (next < lines.length && !/^\s*-{2,}8<-{2,}\s*$/.test(lines[next]!)) {
      if (lines[next]!.trim()) names.push(lines[next]!.trim());
      next++;
    }
    next++;
  }
  return { out: names.flatMap((name) => included(name, ctx.options, ctx.depth)), next };
};

/** VitePress code imports (`<<< @/snippets/a.js`, reported) and `[[toc]]`: dropped. */
const vitepressMarkers: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  if (/^\s*<<<\s+\S/.test(line)) {
    ctx.drop("code import");
    return { out: [], next: i + 1 };
  }
  const trimmed = line.trim();
  return trimmed === "[[toc]]" || trimmed === "[TOC]" ? { out: [], next: i + 1 } : undefined;
};

/** Hugo shortcodes wrapping code (`code-toggle`, `highlight`): a fenced block of their content. */
const hugoCode: BlockRule = (lines, i) => {
  const code = codeShortcode(lines[i]!);
  if (!code) return undefined;
  const close = new RegExp(`\\{\\{[<%]\\s*/${code.name}\\s*[>%]\\}\\}`);
  let end = i + 1;
  while (end < lines.length && !close.test(lines[end]!)) end++;
  const body = dedent(lines.slice(i + 1, end), indentOf(lines[i]!));
  return { out: ["```" + code.lang, ...body, "```"], next: end + 1 };
};

/** Hugo shortcodes, possibly over several lines: expanded (`hugo_shortcodes.ts`). */
const hugoShortcodes: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  if (!line.includes("{{<") && !line.includes("{{%")) return undefined;
  let joined = line;
  let end = i;
  while (end + 1 < lines.length && end - i < 20 && unclosedShortcode(joined)) {
    end++;
    joined += "\n" + lines[end]!;
  }
  const { options, depth, drop } = ctx;
  const expanded = expandShortcodes(joined, {
    include: (path) => included(path, options, depth).join("\n"),
    dropped: drop,
  });
  // What an expansion left (an escaped `{{</* x */>}}`, a shortcode in inline code) is not
  // expanded again: the expanded lines are cleaned once more only while includes nest.
  const again = expanded !== joined && depth < MAX_INCLUDE_DEPTH;
  const out = again
    ? cleanLines(expanded.split("\n"), { ...options, mdx: false }, depth + 1)
    : expanded.split("\n").map((l) => cleanInline(l, options.dialect, drop));
  return { out, next: end + 1 };
};

/**
 * A component tag over several lines (`<Badge\n  text="x"\n/>`), or one opening a line (its
 * attributes may hold backticks, `title={`a`}`): removed whole (MDX and VitePress).
 */
const componentTag: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  const { options } = ctx;
  if (!options.mdx && options.dialect !== "vitepress") return undefined;
  const open = /<\/?[A-Z][\w.]*(?=[\s/>]|$)/.exec(line);
  if (!open) return undefined;
  const atStart = line.slice(0, open.index).trim() === "";
  if (!atStart && tagEnd(line, open.index) !== -1) return undefined;
  let joined = line;
  let end = i;
  while (end + 1 < lines.length && end - i < 400 && tagEnd(joined, open.index) === -1) {
    end++;
    joined += "\n" + lines[end]!;
  }
  const close = tagEnd(joined, open.index);
  if (close === -1) return undefined;
  const rest = (joined.slice(0, open.index) + joined.slice(close)).split("\n");
  return {
    out: cleanLines(rest, options, ctx.depth).filter((l) => l.trim() !== ""),
    next: end + 1,
  };
};

/** Headings: the explicit anchor is kept aside (marked) and leaves the text. */
const heading: BlockRule = (lines, i, ctx) => {
  const line = lines[i]!;
  const h = parseHeading(line);
  if (!h) return undefined;
  const prefix = line.slice(0, line.indexOf("#")) + "#".repeat(h.level) + " ";
  const { text, anchor } = headingAnchor(h.text);
  const clean = cleanInline(text, ctx.options.dialect, ctx.drop).trim();
  return { out: [prefix + clean + (anchor ? ANCHOR_MARK + anchor : "")], next: i + 1 };
};

/** The block rules, in the order they are tried on each line. */
const BLOCK_RULES: readonly BlockRule[] = [
  fencedCode,
  esmStatement,
  scriptBlock,
  colonContainer,
  indentedBlock,
  githubAlert,
  asideBlock,
  snippetInclude,
  vitepressMarkers,
  hugoCode,
  hugoShortcodes,
  componentTag,
  heading,
];

function cleanLines(lines: readonly string[], options: CleanOptions, depth: number): string[] {
  const out: string[] = [];
  const ctx: Context = { options, depth, drop: (kind) => options.dropped?.(kind) };
  let i = 0;
  next: while (i < lines.length) {
    for (const rule of BLOCK_RULES) {
      const block = rule(lines, i, ctx);
      if (block) {
        out.push(...block.out);
        i = block.next;
        continue next;
      }
    }
    // Any other line: its inline markup cleaned; a line that held only tags or comments
    // disappears, other lines keep their text.
    const line = lines[i]!;
    const cleaned = cleanInline(line, options.dialect, ctx.drop);
    if (cleaned.trim() !== "" || line.trim() === "") out.push(cleaned);
    i++;
  }
  return out;
}

/** The index of the line closing the `:::` container opened at `start` (or the last line). */
function containerEnd(lines: readonly string[], start: number): number {
  let depth = 1;
  const isCode = createFenceTracker();
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (isCode(line)) continue;
    if (/^\s*:{3,}\s*$/.test(line)) {
      if (--depth === 0) return j;
    } else if (/^\s*:{3,}\s*[A-Za-z]/.test(line)) depth++;
  }
  return lines.length;
}

/** The cleaned lines of an included file, or none (reported) when it is not in the source. */
function included(path: string, options: CleanOptions, depth: number): string[] {
  const text = depth < MAX_INCLUDE_DEPTH ? options.include?.(path) : undefined;
  if (text === undefined) {
    options.dropped?.("include");
    return [];
  }
  // An included file's own front matter is not part of the page.
  const body = text.replace(/^---\r?\n[^]*?\r?\n---\r?\n/, "");
  return cleanLines(body.split("\n"), options, depth + 1);
}

/** Whether a shortcode opened in `text` is not closed yet (`{{<` without `>}}`). */
function unclosedShortcode(text: string): boolean {
  const open = Math.max(text.lastIndexOf("{{<"), text.lastIndexOf("{{%"));
  return open !== -1 && text.indexOf(">}}", open) === -1 && text.indexOf("%}}", open) === -1;
}

export { outsideCode };
