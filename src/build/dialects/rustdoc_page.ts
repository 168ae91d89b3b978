/**
 * rustdoc's output (Rust's API documentation) read as rustdoc wrote it: see `api_page.ts`.
 *
 * @module
 */
import type { ApiPage } from "./api_page.ts";
import { escapeHtml, inlineText } from "./inline_text.ts";
import { attribute, hasClass, mapElements } from "./map_elements.ts";
import { decodeEntities } from "../html_to_text.ts";

/** rustdoc's item labels (the word before the path in a page's `<h1>`), longest first. */
const KINDS = [
  "Primitive Type",
  "Type Definition",
  "Trait Alias",
  "Foreign Type",
  "Derive Macro",
  "Attribute Macro",
  "Module",
  "Struct",
  "Enum",
  "Trait",
  "Function",
  "Macro",
  "Constant",
  "Static",
  "Union",
  "Keyword",
  "Crate",
];

/** Pages rustdoc and mdBook write for navigation, by file name. */
const NAVIGATION: [RegExp, string][] = [
  [/(^|\/)all\.html$/, "rustdoc's list of all items"],
  [/(^|\/)(settings|help)\.html$/, "rustdoc's settings or help page"],
];

/**
 * Why a page of rustdoc's (or a neighbouring mdBook's) output is navigation, not documentation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rustdocNavigation } from "./rustdoc_page.ts";
 * assert.match(rustdocNavigation("std/all.html", "") ?? "", /all items/);
 * assert.match(rustdocNavigation("src/std/lib.rs.html", '<body class="rustdoc source">') ?? "", /source/);
 * assert.equal(rustdocNavigation("std/vec/struct.Vec.html", '<body class="rustdoc struct">'), undefined);
 * ```
 */
export function rustdocNavigation(path: string, html: string): string | undefined {
  for (const [pattern, reason] of NAVIGATION) if (pattern.test(path)) return reason;
  const head = html.slice(0, 3000);
  if (/<title>Redirection<\/title>/i.test(head)) return "rustdoc's redirect stub";
  if (/<body class="rustdoc source"/.test(html.slice(0, 6000))) {
    return "rustdoc's source listing";
  }
  if (/(^|\/)print\.html$/.test(path) && /mdbook|book\.js/i.test(html)) {
    return "mdBook's whole-book print page";
  }
  if (/edition of the book is no longer distributed/.test(html)) {
    return "a superseded edition's stub";
  }
  return undefined;
}

/**
 * A rustdoc page (see `api_page.ts`): its `<h1>` (`Struct std::collections::HashMap`) gives the
 * kind, the path and the title (the item's name; a module's whole path); each method, associated
 * item, field, variant and `impl` block becomes a heading named `Type::member` with rustdoc's
 * anchor (`method.with_capacity`); the source links, version marks, toggles, "Run" buttons and
 * the auto-trait and blanket implementations are left out; headings inside a member's docs
 * (`Examples`, `Panics`) become bold lines so the member is the deepest section. The item's
 * identity for re-exports is its kind, name and source location.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rustdocPage } from "./rustdoc_page.ts";
 * const html = '<html><head><meta name="generator" content="rustdoc"><title>Vec in std::vec - Rust</title></head>' +
 *   '<body class="rustdoc struct"><nav class="sidebar">Methods</nav><section id="main-content" class="content">' +
 *   '<h1 class="fqn"><span class="in-band">Struct <a>std</a>::<wbr><a>vec</a>::<wbr><a>Vec</a></span></h1>' +
 *   '<span class="out-of-band"><a class="srclink" href="../../src/alloc/vec/mod.rs.html#1">source</a></span>' +
 *   '<details><summary><section id="method.with_capacity" class="method has-srclink"><span class="rightside">source</span>' +
 *   '<h4 class="code-header">pub fn with_capacity(capacity: usize) -&gt; Vec&lt;T&gt;</h4></section></summary>' +
 *   '<div class="docblock"><p>Constructs a new, empty Vec.</p><h5 id="examples-1">Examples</h5></div></details></section></body></html>';
 * const page = rustdocPage("std/vec/struct.Vec.html", html)!;
 * assert.equal(page.title, "Vec");
 * assert.equal(page.kind, "struct");
 * assert.equal(page.path, "std::vec::Vec");
 * assert.equal(page.item, "struct Vec src/alloc/vec/mod.rs.html#1");
 * assert.ok(page.html!.includes('<h4 id="method.with_capacity">`Vec::with_capacity`</h4>'));
 * assert.ok(!page.html!.includes("sidebar") && !page.html!.includes("<h5"));
 * ```
 */
export function rustdocPage(path: string, html: string): ApiPage | undefined {
  const generated = rustdocNavigation(path, html);
  if (generated) return { generated };
  if (!/<meta\s+name="generator"\s+content="rustdoc"/i.test(html.slice(0, 3000))) {
    return undefined;
  }
  let main: string | undefined;
  mapElements(
    html,
    ["section"],
    (_name, attrs) =>
      attribute(attrs, "id") === "main-content" ? (inner) => (main ??= inner) : undefined,
  );
  if (main === undefined) return undefined;
  let heading = "";
  main = mapElements(main, ["h1"], () => (inner) => {
    heading = inlineText(inner.replace(/<button\b[^]*?<\/button>/gi, ""));
    return "";
  });
  const kindLabel = KINDS.find((k) => heading.startsWith(k + " "));
  const kind = kindLabel?.toLowerCase();
  const fullPath = kindLabel ? heading.slice(kindLabel.length + 1).trim() : heading;
  const name = fullPath.includes("::") ? fullPath.slice(fullPath.lastIndexOf("::") + 2) : fullPath;
  const title = kind === "module" || kind === "crate" ? fullPath : name;
  const source = /<a class="srclink" href="([^"#]*)(#[^"]*)?"/.exec(main);
  const item = source && kind
    ? `${kind} ${name} ${resolve(path, source[1]!)}${source[2] ?? ""}`
    : undefined;
  const body = membersAsHeadings(dropRustdocChrome(main), name);
  const intro = `<h1>${escapeHtml(title)}</h1><p><code>${
    escapeHtml(
      kind ? `${kind} ${fullPath}` : fullPath,
    )
  }</code></p>`;
  const description = /<meta name="description" content="([^"]*)"/.exec(html.slice(0, 3000))?.[1];
  return {
    html: intro + body,
    title,
    ...(description ? { description: decodeEntities(description) } : {}),
    ...(kind ? { kind } : {}),
    path: fullPath,
    ...(item ? { item } : {}),
  };
}

/**
 * A member's name as heading text: in backticks, so that the heading's markdown reading keeps
 * its underscores (`with_capacity`), not taken for emphasis.
 */
export const codeHeading = (name: string) => "`" + escapeHtml(name) + "`";

/** The path `href` names, relative to the page at `from` (both inside the source). */
function resolve(from: string, href: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of href.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/**
 * rustdoc's marks around the documentation: source links, versions, toggles, buttons, the
 * "Notable traits" tooltips in signatures.
 */
function dropRustdocChrome(html: string): string {
  const dropped = mapElements(html, ["span", "div", "a", "button", "summary"], (name, attrs) => {
    const id = attribute(attrs, "id") ?? "";
    if (
      name === "span" &&
      (hasClass(attrs, "out-of-band") || hasClass(attrs, "rightside") ||
        hasClass(attrs, "notable-traits"))
    ) {
      return () => "";
    }
    if (name === "div" && /^(synthetic|blanket)-implementations-list$/.test(id)) return () => "";
    if (name === "a" && (hasClass(attrs, "anchor") || hasClass(attrs, "test-arrow"))) {
      return () => "";
    }
    if (name === "button") return () => "";
    if (name === "summary" && hasClass(attrs, "hideme")) return () => "";
    return undefined;
  });
  // The headings of the auto-trait and blanket implementations whose lists went above.
  return dropped.replace(
    /<h2 id="(?:synthetic|blanket)-implementations"[^<>]*>[^]*?<\/h2>/g,
    "",
  );
}

/** Members as headings named `Type::member` with rustdoc's anchors (see {@link rustdocPage}). */
function membersAsHeadings(html: string, type: string): string {
  const memberName = (id: string) => id.slice(id.indexOf(".") + 1).replace(/-\d+$/, "");
  // Headings inside a member's documentation are not addresses of their own.
  let out = html.replace(/<h([56])\b[^<>]*>([^]*?)<\/h\1>/gi, "<p><strong>$2</strong></p>");
  // A trait's implementors are a list of types, not parts of the trait.
  out = mapElements(
    out,
    ["div"],
    (_name, attrs) =>
      /implementors-list$/.test(attribute(attrs, "id") ?? "")
        ? (inner) =>
          mapElements(
            inner,
            ["section"],
            () => (impl) =>
              `<p><code>${
                escapeHtml(inlineText(/<h3\b[^<>]*>([^]*?)<\/h3>/i.exec(impl)?.[1] ?? ""))
              }</code></p>`,
          )
        : undefined,
  );
  out = mapElements(out, ["section", "div", "span", "h3"], (name, attrs) => {
    const id = attribute(attrs, "id");
    if (!id) return undefined;
    if (name === "section" && hasClass(attrs, "impl")) {
      return (inner) => {
        const header = /<h3\b[^<>]*>([^]*?)<\/h3>/i.exec(inner)?.[1] ?? "";
        return `<h3 id="${id}">${escapeHtml(inlineText(header))}</h3>`;
      };
    }
    // A trait's own members are `<div>`s (implementations' are `<section>`s).
    if (
      (name === "section" || name === "div") &&
      /^(method|tymethod|associatedtype|associatedconstant)\./.test(id)
    ) {
      return (inner) => {
        const signature = /<h4\b[^<>]*>([^]*?)<\/h4>/i.exec(inner)?.[1] ?? "";
        return `<h4 id="${id}">${codeHeading(`${type}::${memberName(id)}`)}</h4>` +
          `<p><code>${escapeHtml(inlineText(signature))}</code></p>`;
      };
    }
    if ((name === "span" && id.startsWith("structfield.")) || id.startsWith("variant.")) {
      return (inner) =>
        `<h3 id="${id}">${codeHeading(`${type}::${memberName(id)}`)}</h3>` +
        `<p><code>${escapeHtml(inlineText(inner))}</code></p>`;
    }
    return undefined;
  });
  return out;
}
