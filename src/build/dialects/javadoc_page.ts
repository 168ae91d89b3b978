/**
 * javadoc's output (Java's API documentation) read as javadoc wrote it: see `api_page.ts`.
 *
 * @module
 */
import type { ApiPage } from "./api_page.ts";
import { escapeHtml, inlineText } from "./inline_text.ts";
import { codeHeading } from "./rustdoc_page.ts";
import { attribute, hasClass, mapElements } from "./map_elements.ts";
import { decodeEntities } from "../html_to_text.ts";

/** Pages javadoc writes for navigation: indexes, trees, use pages, lists. */
const NAVIGATION: [RegExp, string][] = [
  [/(^|\/)class-use\//, "javadoc's class-use page (Uses of …)"],
  [/(^|\/)package-use\.html$/, "javadoc's package-use page (Uses of …)"],
  [/(^|\/)index-files\/|(^|\/)index-all\.html$/, "javadoc's index"],
  [
    /(^|\/)(allclasses|allpackages)(-index|-frame|-noframe)?\.html$/,
    "javadoc's list of all classes",
  ],
  [/(^|\/)(overview|package)-tree\.html$/, "javadoc's class tree"],
  [
    /(^|\/)(deprecated|new|preview)-list\.html$|(^|\/)(constant-values|serialized-form|system-properties|search)\.html$/,
    "javadoc's generated list",
  ],
  [/(^|\/)(help-doc|overview-frame|package-frame)\.html$/, "javadoc's help or frame page"],
];

/**
 * Why a page of javadoc's output is navigation, not documentation (see {@link NAVIGATION}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { javadocNavigation } from "./javadoc_page.ts";
 * assert.match(javadocNavigation("java.base/java/util/class-use/HashMap.html") ?? "", /Uses of/);
 * assert.match(javadocNavigation("index-files/index-8.html") ?? "", /index/);
 * assert.equal(javadocNavigation("java.base/java/util/HashMap.html"), undefined);
 * ```
 */
export function javadocNavigation(path: string): string | undefined {
  return NAVIGATION.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * A member's heading from its javadoc anchor: `Type.name(Simple, Types)`, a constructor
 * `Type(…)`, a field `Type.NAME`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memberHeading } from "./javadoc_page.ts";
 * assert.equal(memberHeading("HashMap", "computeIfAbsent(K,java.util.function.Function)"), "HashMap.computeIfAbsent(K, Function)");
 * assert.equal(memberHeading("ArrayList", "<init>(int)"), "ArrayList(int)");
 * assert.equal(memberHeading("Integer", "MAX_VALUE"), "Integer.MAX_VALUE");
 * assert.equal(memberHeading("Map.Entry", "getKey()"), "Map.Entry.getKey()");
 * ```
 */
export function memberHeading(type: string, anchor: string): string {
  const paren = anchor.indexOf("(");
  const simpleType = type.slice(type.lastIndexOf(".") + 1);
  if (paren === -1) return `${type}.${anchor}`;
  const name = anchor.slice(0, paren);
  const params = anchor.slice(paren + 1, anchor.lastIndexOf(")")).split(",")
    .filter((p) => p !== "")
    .map((p) => p.slice(p.lastIndexOf(".", p.endsWith("...") ? p.length - 4 : p.length) + 1));
  const args = `(${params.join(", ")})`;
  return name === "<init>" ? `${simpleType}${args}` : `${type}.${name}${args}`;
}

/**
 * A javadoc page (see `api_page.ts`): its `<h1>` (`Class HashMap<K,V>`) gives the kind and the
 * title (type parameters left out), the package line the path (`java.util.HashMap`); each
 * member's detail becomes a heading `Type.member(Params)` with javadoc's anchor (its
 * signature, `computeIfAbsent(K,java.util.function.Function)`); the navigation bar, "Skip
 * navigation links", the inheritance tree and the member summaries (the details repeat them)
 * are left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { javadocPage } from "./javadoc_page.ts";
 * const html = '<html><head><title>HashMap (Java SE 17 &amp; JDK 17)</title></head><body><header><nav>Skip navigation links</nav></header>' +
 *   '<main role="main"><div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;<a>java.util</a></div>' +
 *   '<h1 title="Class HashMap" class="title">Class HashMap&lt;K,<wbr>V&gt;</h1></div>' +
 *   '<section class="summary"><table>computeIfAbsent summary</table></section><section class="details">' +
 *   '<section class="detail" id="computeIfAbsent(K,java.util.function.Function)"><h3>computeIfAbsent</h3>' +
 *   '<div class="block">If the specified key is not already associated…</div></section></section></main></body></html>';
 * const page = javadocPage("java.base/java/util/HashMap.html", html)!;
 * assert.deepEqual([page.title, page.kind, page.path], ["HashMap", "class", "java.util.HashMap"]);
 * assert.ok(page.html!.includes('<h3 id="computeIfAbsent(K,java.util.function.Function)">`HashMap.computeIfAbsent(K, Function)`</h3>'));
 * assert.ok(!page.html!.includes("summary") && !page.html!.includes("Skip"));
 * ```
 */
export function javadocPage(path: string, html: string): ApiPage | undefined {
  const generated = javadocNavigation(path);
  if (generated) return { generated };
  let main: string | undefined;
  mapElements(html, ["main"], () => (inner) => (main ??= inner));
  if (main === undefined) return undefined;
  const h1 = /<h1\b([^<>]*)>([^]*?)<\/h1>/i.exec(main);
  if (!h1) return undefined;
  // `title="Class HashMap"`: the kind, then the name (nested types keep their outer type).
  const label = decodeEntities(attribute(h1[1]!, "title") ?? inlineText(h1[2]!));
  const space = label.lastIndexOf(" ");
  const kind = space === -1 ? undefined : label.slice(0, space).toLowerCase();
  const name = (space === -1 ? label : label.slice(space + 1)).replace(/<.*$/, "");
  const pkg = /<span class="package-label-in-type">[^]*?<a\b[^<>]*>([^<]*)<\/a>/.exec(main)?.[1];
  const fullPath = pkg && kind !== "package" && kind !== "module" ? `${pkg}.${name}` : name;
  const isType = /<section class="details"/.test(main);
  let body = mapElements(main, ["div", "section", "h1"], (tag, attrs) => {
    if (tag === "h1") return () => "";
    if (tag === "div" && (hasClass(attrs, "sub-title") || hasClass(attrs, "inheritance"))) {
      return () => "";
    }
    if (tag === "section" && isType && hasClass(attrs, "summary")) return () => "";
    return undefined;
  });
  body = mapElements(body, ["section"], (_tag, attrs) => {
    if (!hasClass(attrs, "detail")) return undefined;
    const id = decodeEntities(attribute(attrs, "id") ?? "");
    if (id === "") return undefined;
    return (inner) =>
      inner.replace(
        /<h3\b[^<>]*>[^]*?<\/h3>/i,
        `<h3 id="${escapeHtml(id)}">${codeHeading(memberHeading(name, id))}</h3>`,
      );
  });
  const intro = `<h1>${escapeHtml(name)}</h1><p><code>${
    escapeHtml(
      kind ? `${kind} ${fullPath}` : fullPath,
    )
  }</code></p>`;
  // The first sentence block of the type's (or package's) description.
  const block =
    /<section class="(?:class|package|module)-description"[^]*?<div class="block">([^]*?)<\/div>/
      .exec(main)?.[1];
  const description = block ? inlineText(block) : undefined;
  return {
    html: intro + body,
    title: name,
    ...(description ? { description } : {}),
    ...(kind ? { kind } : {}),
    path: fullPath,
  };
}
