import { ANCHOR_MARK } from "./dialects/inline_markup.ts";
import { mapElements } from "./dialects/map_elements.ts";

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  copy: "©",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

/**
 * Decodes the common named entities and all numeric ones.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeEntities } from "./html_to_text.ts";
 * assert.ok(decodeEntities("a &amp; b &#65;&#x42;") === "a & b AB");
 * ```
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X"
        ? parseInt(name.slice(2), 16)
        : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Replaces every `<tag …>…</tag>` element whose name matches `names` (case-insensitive) with
 * `replace(inner, name)`, in one left-to-right pass: the closing tag is found with `indexOf`,
 * an element without one runs to the end of the text (`unclosed: "drop"`) or is left as it is
 * (`"keep"`), and no scan ever restarts from a later opening tag, so the work is linear in the
 * text whatever it holds (`"<h1>"` a hundred thousand times included).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replaceElements } from "./html_to_text.ts";
 * const out = replaceElements("a<b x=1>B</B>c<i>I", ["b", "i"], (inner, n) => `[${n}:${inner}]`, "keep");
 * assert.equal(out, "a[b:B]c<i>I");
 * ```
 */
export function replaceElements(
  html: string,
  names: readonly string[],
  replace: (inner: string, name: string, openTag: string) => string,
  unclosed: "drop" | "keep",
): string {
  const open = new RegExp(`<(${names.join("|")})(?=[\\s/>])[^<>]*>`, "gi");
  const lower = html.toLowerCase();
  const noClose = new Set<string>();
  let out = "";
  let pos = 0;
  for (let m = open.exec(html); m !== null; m = open.exec(html)) {
    const name = m[1]!.toLowerCase();
    if (noClose.has(name)) continue;
    const innerStart = m.index + m[0].length;
    const close = lower.indexOf(`</${name}`, innerStart);
    if (close === -1) {
      noClose.add(name);
      if (unclosed === "drop") {
        out += html.slice(pos, m.index);
        pos = html.length;
        break;
      }
      continue;
    }
    const closeEnd = lower.indexOf(">", close);
    const after = closeEnd === -1 ? html.length : closeEnd + 1;
    out += html.slice(pos, m.index) + replace(html.slice(innerStart, close), name, m[0]);
    pos = after;
    open.lastIndex = after;
  }
  return out + html.slice(pos);
}

/** Class, id or role words that mark navigation chrome (DocBook, Sphinx, Javadoc, asciidoc…). */
const CHROME =
  /\b(?:navheader|navfooter|navigation|navbar|related|sphinxsidebar|sidebar|breadcrumbs?|footer|header-nav|skip-?nav|toc|subnav|topnav|bottomnav)\b/i;

/**
 * Drops navigation chrome: `nav`, `footer` and `aside` elements, and any `div`, `section`,
 * `table`, `ul` or `span` whose class, id or role names navigation ({@link CHROME}: DocBook's
 * `navheader`/`navfooter`, Sphinx's `related`/`sphinxsidebar`/`footer`, `role="navigation"`),
 * so "Prev / Up / Next" footers neither match queries nor show in snippets. Nested elements of
 * the same name are matched by depth; each dropped region is scanned once, so the work stays
 * linear in the page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dropChrome } from "./html_to_text.ts";
 * const page = '<div class="navheader"><div>Prev: Install</div></div><p>Body</p>' +
 *   '<nav>menu</nav><div id="footer">Next: Usage</div>';
 * assert.equal(dropChrome(page), "<p>Body</p>");
 * ```
 */
export function dropChrome(html: string): string {
  return mapElements(
    html,
    CHROME_ELEMENTS,
    (name, attrs) =>
      name === "nav" || name === "footer" || name === "aside" ||
        [...attrs.matchAll(/\b(?:class|id|role)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)]
          .some((a) => CHROME.test(a[1] ?? a[2] ?? a[3] ?? ""))
        ? () => ""
        : undefined,
  );
}

/** The elements {@link dropChrome} looks at (the matching close tag found by `mapElements`). */
const CHROME_ELEMENTS = ["nav", "footer", "aside", "div", "section", "table", "ul", "span"];

/** Removes `<!-- … -->` comments in one pass; an unclosed comment runs to the end. */
function dropComments(html: string): string {
  let out = "";
  let pos = 0;
  for (let at = html.indexOf("<!--"); at !== -1; at = html.indexOf("<!--", pos)) {
    out += html.slice(pos, at);
    const end = html.indexOf("-->", at + 4);
    if (end === -1) return out;
    pos = end + 3;
  }
  return out + html.slice(pos);
}

/** Removes every tag (`<…>` with no `<` inside), linearly. */
const stripTags = (html: string) => html.replace(/<[^<>]*>/g, "");
/** A permalink mark (`<a class="headerlink" href="#x">¶</a>`: Sphinx, MkDocs, Pandoc). */
const HEADERLINK =
  /<a\b[^<>]*\bclass=["'][^"']*\b(?:headerlink|anchorlink|permalink)\b[^<>]*>[^<]*<\/a>/gi;

/** Text of the first element `tag` in `html`, tags stripped and entities decoded. */
export function firstElementText(html: string, tag: string): string | undefined {
  let found: string | undefined;
  replaceElements(html, [tag], (inner) => {
    found ??= inner;
    return "";
  }, "keep");
  if (found === undefined) return undefined;
  const text = decodeEntities(stripTags((found as string).replace(HEADERLINK, "")))
    .replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text;
}

/** Content of `<meta name="…" content="…">` (attribute order free). */
export function metaContent(html: string, name: string): string | undefined {
  for (const m of html.matchAll(/<meta\b[^<>]*>/gi)) {
    const tag = m[0];
    const n = /\bname\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (n?.toLowerCase() !== name) continue;
    const c = /\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/i.exec(tag);
    const value = decodeEntities(c?.[1] ?? c?.[2] ?? "").trim();
    if (value !== "") return value;
  }
  return undefined;
}

/**
 * Converts an HTML document to markdown-like text: headings become `#` lines, list items
 * `- ` lines, `pre` blocks fenced code, links keep their label; `head`, `script`, `style`,
 * `noscript`, `template`, comments and navigation chrome ({@link dropChrome}) are dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { htmlToText } from "./html_to_text.ts";
 * const md = htmlToText("<h1>Hi</h1><p>One &amp; <b>two</b></p><script>x()</script>");
 * assert.ok(md === "# Hi\n\nOne & two\n");
 * ```
 */
export function htmlToText(html: string): string {
  let s = replaceElements(
    dropChrome(dropComments(html)),
    ["head", "script", "style", "noscript", "template", "svg"],
    () => "",
    "drop",
  ).replace(/<!doctype[^<>]*>/gi, "");
  s = replaceElements(s, ["pre"], (code) => {
    // Entities stay encoded until the whole text is decoded, after its tags are stripped:
    // decoded here, `#include <vector>` would lose `<vector>` as a tag.
    const text = stripTags(code).replace(/^\n+|\n+$/g, "");
    return `\n\n\`\`\`\n${text}\n\`\`\`\n\n`;
  }, "keep");
  s = replaceElements(s, ["h1", "h2", "h3", "h4", "h5", "h6"], (inner, name, openTag) => {
    // The author's anchor: the heading's id, else the target of its permalink (Sphinx puts
    // the id on the enclosing section and links it from the heading's `¶`).
    const link = HEADERLINK.exec(inner);
    HEADERLINK.lastIndex = 0;
    const id = /\sid=["']([^"'#]+)["']/i.exec(openTag)?.[1] ??
      (link ? /\shref=["']#([^"']+)["']/i.exec(link[0])?.[1] : undefined);
    const text = stripTags(inner.replace(HEADERLINK, "")).replace(/\s+/g, " ").trim();
    return `\n\n${"#".repeat(Number(name[1]))} ${text}${id ? ANCHOR_MARK + id : ""}\n\n`;
  }, "keep");
  s = s
    .replace(HEADERLINK, "")
    .replace(/<\/?code\b[^<>]*>/gi, "`")
    .replace(/<li\b[^<>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(
      /<\/?(p|div|section|article|main|header|footer|nav|ul|ol|table|tr|blockquote|dl|dt|dd|figure|hr)\b[^<>]*>/gi,
      "\n\n",
    )
    .replace(/<\/t[dh]\s*>/gi, " ");
  s = stripTags(s);
  s = decodeEntities(s);
  // Collapse spaces inside lines but keep fenced code as it is.
  const parts = s.split(/(\n```\n[^]*?\n```\n)/);
  const cleaned = parts.map((part, i) =>
    i % 2 === 1 ? part : part.split("\n").map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim())
      .join("\n")
  ).join("");
  return cleaned.replace(/\n{3,}/g, "\n\n").trim() + "\n";
}
