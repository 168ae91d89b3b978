/**
 * The markup of docs frameworks that readers of the site never see as written, looked for in
 * a text outside fenced and inline code: what `dialect_corpora_test.ts` requires to be gone.
 */

/** Each kind of leftover and the pattern that finds it. */
export const LEFTOVERS: [string, RegExp][] = [
  ["heading anchor {#id}", /\{\s*#[A-Za-z][\w:.-]*(?:\s[^}]*)?\}/],
  ["attribute list", /\{:?\s*\.[A-Za-z][\w-]*[^}]*\}/],
  ["MDX comment", /\{\/\*/],
  ["container fence", /^\s*:::/m],
  ["admonition", /^\s*(?:!!!|\?\?\?\+?)\s+\w/m],
  ["content tab", /^\s*===\+?\s+"/m],
  ["GitHub alert", /\[!(?:NOTE|TIP|WARNING|IMPORTANT|CAUTION)\]/],
  ["component tag", /<\/?[A-Z][\w.]*(?:[\s/>]|$)/m],
  ["ESM import/export", /^(?:import|export)\s+(?:\{|\w|\*)/m],
  ["script or style block", /<(?:script|style)\b/i],
  ["Hugo shortcode", /\{\{[<%]/],
  ["Jinja/Liquid tag", /\{%/],
  ["MkDocs snippet", /-{2}8<-{2}/],
  ["permalink mark ¶", /¶/],
  ["MkDocs icon", /:(?:material|octicons|fontawesome|simple)-[\w-]+:/],
];

/** `text` with fenced code blocks and inline code spans blanked out. */
export function proseOf(text: string): string {
  const out: string[] = [];
  let fence = "";
  for (const line of text.split("\n")) {
    const f = /^\s*(?:>\s*)*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = "";
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    out.push(line.replace(/(`+)[^`]*?\1/g, ""));
  }
  return out.join("\n");
}

/** Kinds that are markup only where MDX or Vue applies (elsewhere `<Enter>` is text). */
const COMPONENT_KINDS = new Set(["component tag", "ESM import/export", "script or style block"]);
const COMPONENT_DIALECTS = new Set(["docusaurus", "starlight", "vitepress"]);
/**
 * API generators' HTML: no template engine runs over it, so `{%` there is the author's text
 * (log4cplus's `%d{%H:%M:%s}` date patterns), not a tag left unrendered.
 */
const NO_TEMPLATES = new Set(["doxygen", "typedoc"]);

/**
 * The leftovers in one field of a document: kind and a short excerpt each. Component kinds
 * count only in MDX and Vue dialects and not in descriptions (plain text, where a code span's
 * `<BigApp>` is text); the permalink mark only in titles.
 */
export function leftoversIn(
  text: string,
  where: { dialect: string; field: "title" | "description" | "section" | "body" },
): { kind: string; excerpt: string }[] {
  const prose = proseOf(text);
  const found: { kind: string; excerpt: string }[] = [];
  for (const [kind, pattern] of LEFTOVERS) {
    if (
      COMPONENT_KINDS.has(kind) &&
      (!COMPONENT_DIALECTS.has(where.dialect) || where.field === "description")
    ) continue;
    if (kind === "Jinja/Liquid tag" && NO_TEMPLATES.has(where.dialect)) continue;
    if (kind === "permalink mark ¶" && (where.field === "body" || where.field === "description")) {
      continue;
    }
    const m = pattern.exec(prose);
    if (m) {
      const excerpt = prose.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\n/g, "⏎");
      found.push({ kind, excerpt });
    }
  }
  return found;
}
