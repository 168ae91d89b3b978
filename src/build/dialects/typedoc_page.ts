/**
 * TypeDoc's HTML output (TypeScript API documentation) read as TypeDoc wrote it: see
 * `api_page.ts`.
 *
 * @module
 */
import type { ApiPage } from "./api_page.ts";
import { escapeHtml, inlineText } from "./inline_text.ts";
import { codeHeading } from "./rustdoc_page.ts";
import { hasClass, mapElements } from "./map_elements.ts";

/** Pages TypeDoc writes for navigation, by file name. */
const NAVIGATION: [RegExp, string][] = [
  [/(^|\/)(hierarchy|modules)\.html$/, "TypeDoc's hierarchy or list of modules"],
  [/(^|\/)assets\//, "TypeDoc's assets"],
];

/**
 * Why a page of TypeDoc's output is navigation, not documentation (see {@link NAVIGATION}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typedocNavigation } from "./typedoc_page.ts";
 * assert.match(typedocNavigation("hierarchy.html") ?? "", /hierarchy/);
 * assert.equal(typedocNavigation("classes/Lexer.html"), undefined);
 * ```
 */
export function typedocNavigation(path: string): string | undefined {
  return NAVIGATION.find(([pattern]) => pattern.test(path))?.[1];
}

/** TypeDoc's kind labels (the words before the name in a page's `<h1>`), longest first. */
const KINDS = [
  "Type Alias",
  "Enumeration",
  "Interface",
  "Namespace",
  "Function",
  "Variable",
  "Module",
  "Class",
  "Enum",
];

/**
 * A TypeDoc page (see `api_page.ts`): its `<h1>` (`Class LineCounter`, `Type Alias Node<T>`)
 * gives the kind and the title (type parameters left out), the breadcrumbs the path
 * (`CST.BlockMap`); the body is the page's content column alone — the toolbar, search box,
 * settings menu, navigation tree, "On This Page" and "Generated using TypeDoc" footer are outside
 * it, and the index and hierarchy panels, the "Defined in" notes and the permalink icons are left
 * out — each member (`<section class="tsd-member">`) a heading `Type.member` with TypeDoc's
 * anchor (`tojs`), its signatures below as code, the headings inside a member's docs
 * (`Parameters`, `Returns`) bold lines so the member is the deepest section.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typedocPage } from "./typedoc_page.ts";
 * const html = '<html><body><header class="tsd-page-toolbar">Search the docs</header><div class="col-content">' +
 *   '<div class="tsd-page-title"><ul class="tsd-breadcrumb"><li><a>LineCounter</a></li></ul><h1>Class LineCounter</h1></div>' +
 *   '<section class="tsd-panel tsd-comment"><div class="tsd-comment tsd-typography"><p>Tracks newlines.</p></div></section>' +
 *   '<section class="tsd-panel-group tsd-index-group">linePos addNewLine</section>' +
 *   '<section class="tsd-panel tsd-member"><h3 class="tsd-anchor-link" id="linepos"><span>line<wbr/>Pos</span>' +
 *   '<a href="#linepos" class="tsd-anchor-icon"><svg></svg></a></h3><div class="tsd-signature">linePos: number</div>' +
 *   '<aside class="tsd-sources">Defined in line-counter.d.ts:6</aside></section></div>' +
 *   '<footer><p class="tsd-generator">Generated using TypeDoc</p></footer></body></html>';
 * const page = typedocPage("classes/LineCounter.html", html)!;
 * assert.deepEqual([page.title, page.kind, page.path, page.description], ["LineCounter", "class", "LineCounter", "Tracks newlines."]);
 * assert.ok(page.html!.includes('<h3 id="linepos">`LineCounter.linePos`</h3><p><code>linePos: number</code></p>'));
 * assert.ok(!/addNewLine|Defined in|Generated using|Search the docs/.test(page.html!));
 * ```
 */
export function typedocPage(path: string, html: string): ApiPage | undefined {
  const generated = typedocNavigation(path);
  if (generated) return { generated };
  let content: string | undefined;
  mapElements(
    html,
    ["div"],
    (_name, attrs) => hasClass(attrs, "col-content") ? (inner) => (content ??= inner) : undefined,
  );
  if (content === undefined) return undefined;
  const h1 = /<h1\b[^<>]*>([^]*?)<\/h1>/i.exec(content);
  if (!h1) return undefined;
  const label = inlineText(h1[1]!);
  const kindLabel = KINDS.find((k) => label.startsWith(k + " "));
  const kind = kindLabel?.toLowerCase();
  const name = (kindLabel ? label.slice(kindLabel.length + 1) : label).replace(/<.*$/, "").trim();
  const crumbs = [
    ...(/<ul class="tsd-breadcrumb"[^]*?<\/ul>/.exec(content)?.[0] ?? "").matchAll(
      /<li>([^]*?)<\/li>/g,
    ),
  ].map((m) => inlineText(m[1]!));
  const fullPath = crumbs.length > 0 ? crumbs.join(".") : name;
  const body = membersAsHeadings(dropTypedocChrome(content), name);
  // The page's own comment (a member's is no section of the page's).
  const comment =
    /<section class="tsd-panel tsd-comment">\s*<div class="tsd-comment tsd-typography">\s*<p>([^]*?)<\/p>/
      .exec(content)?.[1] ??
      // A function's or type's comment is under its signature.
      (/class="tsd-panel tsd-member"/.test(content)
        ? undefined
        : /<div class="tsd-comment tsd-typography">\s*<p>([^]*?)<\/p>/.exec(content)?.[1]);
  const description = comment ? inlineText(comment) : undefined;
  const intro = `<h1>${escapeHtml(name)}</h1>` +
    (kind ? `<p><code>${escapeHtml(`${kind} ${fullPath}`)}</code></p>` : "");
  return {
    html: intro + body,
    title: name,
    ...(description ? { description } : {}),
    ...(kind ? { kind, path: fullPath } : {}),
  };
}

/** TypeDoc's marks in the content column (see {@link typedocPage}). */
function dropTypedocChrome(html: string): string {
  return mapElements(html, ["div", "section", "aside", "a", "svg", "summary"], (name, attrs) => {
    if (name === "div" && hasClass(attrs, "tsd-page-title")) return () => "";
    if (
      name === "section" && (hasClass(attrs, "tsd-index-group") || hasClass(attrs, "tsd-hierarchy"))
    ) {
      return () => "";
    }
    if (name === "aside" && hasClass(attrs, "tsd-sources")) return () => "";
    if (name === "a" && hasClass(attrs, "tsd-anchor-icon")) return () => "";
    if (name === "svg") return () => "";
    // A group's `<summary>` holds its heading (`Methods`) and a chevron.
    if (name === "summary") return (inner) => inner;
    return undefined;
  });
}

/** Members as headings `Type.member` with TypeDoc's anchors (see {@link typedocPage}). */
function membersAsHeadings(html: string, type: string): string {
  // Headings inside a member's documentation are not addresses of their own.
  let out = html.replace(/<h([456])\b[^<>]*>([^]*?)<\/h\1>/gi, "<p><strong>$2</strong></p>");
  out = out.replace(
    /<h3 class="tsd-anchor-link" id="([^"]*)">([^]*?)<\/h3>/g,
    (_m, id: string, text: string) =>
      `<h3 id="${id}">${
        codeHeading(
          `${type}.${inlineText(text.replace(/<code class="tsd-tag">[^]*?<\/code>/g, ""))}`,
        )
      }</h3>`,
  );
  out = out.replace(
    /<h2 class="tsd-anchor-link" id="([^"]*)">/g,
    (_m, id: string) => `<h2 id="${id}">`,
  );
  return mapElements(
    out,
    ["div"],
    (_name, attrs) =>
      hasClass(attrs, "tsd-signature")
        ? (inner) => `<p><code>${escapeHtml(inlineText(inner))}</code></p>`
        : undefined,
  );
}

/** Whether a page's head is TypeDoc's (its `tsd-` toolbar or scripts, or an older generator meta). */
export function isTypedoc(head: string): boolean {
  return /<meta\s+name="generator"\s+content="typedoc/i.test(head) ||
    /class="tsd-page-toolbar"|id="tsd-search-script"/.test(head);
}
