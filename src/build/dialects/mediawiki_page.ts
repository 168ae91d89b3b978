/**
 * A MediaWiki site exported as HTML (cppreference) read as the wiki wrote it: see
 * `api_page.ts`.
 *
 * @module
 */
import type { ApiPage } from "./api_page.ts";
import { escapeHtml, inlineText } from "./inline_text.ts";
import { attribute, hasClass, mapElements } from "./map_elements.ts";

/**
 * A MediaWiki page (see `api_page.ts`): the title is its `<h1>` (`std::vector::reserve`, the
 * `- cppreference.com` suffix and the `cpp | container | vector` breadcrumbs gone); the body is
 * the article alone — the sibling-name sidebar (`div.t-navbar`), the table of contents, the edit
 * links and the "Retrieved from …" footer left out — and each heading carries its
 * `mw-headline` anchor.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mediawikiPage } from "./mediawiki_page.ts";
 * const html = '<html><head><title>std::vector::reserve - cppreference.com</title></head><body>' +
 *   '<h1 id="firstHeading" class="firstHeading"><span style="font-size:0.7em">std::vector::</span>reserve</h1>' +
 *   '<div id="contentSub">cpp | container</div><div id="mw-content-text"><div class="t-navbar"><div>vector::at</div></div>' +
 *   '<p>Increase the capacity.</p><h3><span class="mw-headline" id="Parameters">Parameters</span></h3></div>' +
 *   '<div class="printfooter">Retrieved from "http://en.cppreference.com/…"</div></body></html>';
 * const page = mediawikiPage("en/cpp/container/vector/reserve.html", html)!;
 * assert.equal(page.title, "std::vector::reserve");
 * assert.ok(page.html!.includes('<h3 id="Parameters">Parameters</h3>'));
 * assert.ok(!/vector::at|Retrieved|cpp \|/.test(page.html!));
 * ```
 */
export function mediawikiPage(_path: string, html: string): ApiPage | undefined {
  const h1 = /<h1\b[^<>]*>([^]*?)<\/h1>/i.exec(html);
  let content: string | undefined;
  mapElements(
    html,
    ["div"],
    (_name, attrs) =>
      attribute(attrs, "id") === "mw-content-text" ? (inner) => (content ??= inner) : undefined,
  );
  if (!h1 || content === undefined) return undefined;
  const title = inlineText(h1[1]!);
  const body = mapElements(content, ["div", "table", "span"], (name, attrs) => {
    const id = attribute(attrs, "id") ?? "";
    if (name === "div" && (hasClass(attrs, "t-navbar") || hasClass(attrs, "printfooter"))) {
      return () => "";
    }
    if (name === "table" && id === "toc") return () => "";
    if (name === "span" && hasClass(attrs, "editsection")) return () => "";
    return undefined;
  }).replace(
    /<(h[2-6])\b[^<>]*>\s*<span class="mw-headline" id="([^"]*)">([^]*?)<\/span>\s*<\/\1>/gi,
    (_m, tag: string, id: string, text: string) => `<${tag} id="${id}">${text}</${tag}>`,
  );
  // The first paragraph with words (the declarations come before it, in a table).
  const paragraph = [...body.replace(/<table\b[^]*?<\/table>/gi, "").matchAll(/<p>([^]*?)<\/p>/gi)]
    .map((m) => inlineText(m[1]!)).find((t) => t !== "");
  return {
    html: `<h1>${escapeHtml(title)}</h1>${body}`,
    title,
    path: title,
    ...(paragraph ? { description: paragraph } : {}),
  };
}
