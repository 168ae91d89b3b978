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
 * import { decodeEntities } from "./html_to_text.ts";
 * console.assert(decodeEntities("a &amp; b &#65;&#x42;") === "a & b AB");
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

/** Text of the first element `tag` in `html`, tags stripped and entities decoded. */
export function firstElementText(html: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}\\b[^>]*>([^]*?)</${tag}\\s*>`, "i").exec(html);
  if (!m) return undefined;
  const text = decodeEntities(m[1]!.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text;
}

/** Content of `<meta name="…" content="…">` (attribute order free). */
export function metaContent(html: string, name: string): string | undefined {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
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
 * `noscript`, `template` and comments are dropped.
 *
 * @example
 * ```ts
 * import { htmlToText } from "./html_to_text.ts";
 * const md = htmlToText("<h1>Hi</h1><p>One &amp; <b>two</b></p><script>x()</script>");
 * console.assert(md === "# Hi\n\nOne & two\n");
 * ```
 */
export function htmlToText(html: string): string {
  let s = html
    .replace(/<!--[^]*?-->/g, "")
    .replace(/<(head|script|style|noscript|template|svg)\b[^>]*>[^]*?<\/\1\s*>/gi, "")
    .replace(/<!doctype[^>]*>/gi, "");
  s = s.replace(/<pre\b[^>]*>([^]*?)<\/pre\s*>/gi, (_, code: string) => {
    const text = decodeEntities(code.replace(/<[^>]*>/g, "")).replace(/^\n+|\n+$/g, "");
    return `\n\n\`\`\`\n${text}\n\`\`\`\n\n`;
  });
  s = s.replace(/<h([1-6])\b[^>]*>([^]*?)<\/h\1\s*>/gi, (_, level: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
    return `\n\n${"#".repeat(Number(level))} ${text}\n\n`;
  });
  s = s
    .replace(/<\/?code\b[^>]*>/gi, "`")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(
      /<\/?(p|div|section|article|main|header|footer|nav|ul|ol|table|tr|blockquote|dl|dt|dd|figure|hr)\b[^>]*>/gi,
      "\n\n",
    )
    .replace(/<\/t[dh]\s*>/gi, " ")
    .replace(/<[^>]+>/g, "");
  s = decodeEntities(s);
  // Collapse spaces inside lines but keep fenced code as it is.
  const parts = s.split(/(\n```\n[^]*?\n```\n)/);
  const cleaned = parts.map((part, i) =>
    i % 2 === 1 ? part : part.split("\n").map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim())
      .join("\n")
  ).join("");
  return cleaned.replace(/\n{3,}/g, "\n\n").trim() + "\n";
}
