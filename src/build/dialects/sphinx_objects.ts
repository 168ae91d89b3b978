/**
 * Sphinx's Python object descriptions (autodoc and the `py:` directives: Python's library
 * reference, a project's API pages) read as API members: see `api_page.ts`.
 *
 * @module
 */
import type { ApiPage } from "./api_page.ts";
import { codeHeading } from "./rustdoc_page.ts";
import { escapeHtml, inlineText } from "./inline_text.ts";
import { attribute, hasClass, mapElements } from "./map_elements.ts";

/** The heading level of a top-level object (a nested one is one deeper, at most `<h6>`). */
const OBJECT_LEVEL = 4;

/**
 * A Sphinx page that describes Python objects (`<dl class="py class">`, `py function`,
 * `py method`…), each object a heading named by its full name (`collections.OrderedDict`,
 * `collections.OrderedDict.move_to_end`, a member heading `Type.member`) with Sphinx's anchor
 * (the `<dt>`'s id) and its signature below; the kind `module` and the module's name as the path
 * (`<section id="module-collections">`). The rest of the page is the Sphinx dialect's as before.
 * A page without object descriptions, or whose objects belong to no module it documents
 * (Python's built-in types and functions, Sphinx's templating reference), is `undefined` (the
 * Sphinx dialect reads it alone): read as objects, such pages of Sphinx's own manual outranked
 * its configuration reference (its long-page questions, `deno task eval`: MRR@5 0.759 → 0.643).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sphinxObjectsPage } from "./sphinx_objects.ts";
 * const html = '<section id="module-time"><h1>time — Time access</h1>' +
 *   '<dl class="py function"><dt class="sig sig-object py" id="time.sleep">' +
 *   '<span class="sig-prename descclassname">time.</span><span class="sig-name descname">sleep</span>' +
 *   '(<em class="sig-param">secs</em>)<a class="headerlink" href="#time.sleep">¶</a></dt>' +
 *   '<dd><p>Suspend execution.</p></dd></dl></section>';
 * const page = sphinxObjectsPage(html)!;
 * assert.deepEqual([page.kind, page.path], ["module", "time"]);
 * assert.ok(page.html!.includes('<h4 id="time.sleep">`time.sleep`</h4><p><code>time.sleep(secs)</code></p>'));
 * assert.equal(sphinxObjectsPage("<h1>Glossary</h1>"), undefined);
 * ```
 */
export function sphinxObjectsPage(html: string): ApiPage | undefined {
  if (!/<dl class="py /.test(html)) return undefined;
  const module = /<(?:section|span|div) id="module-([\w.]+)"/.exec(html)?.[1];
  if (!module) return undefined;
  return {
    html: objectsAsHeadings(html, OBJECT_LEVEL, module),
    kind: "module",
    path: module,
  };
}

/**
 * Each `<dl class="py …">` as a heading at `level` (see {@link sphinxObjectsPage}): a top-level
 * object by its full name (`time.sleep`, `collections.OrderedDict`), a nested one without its
 * module (`OrderedDict.move_to_end`), as Sphinx's own signatures leave the module out.
 */
function objectsAsHeadings(html: string, level: number, module: string | undefined): string {
  return mapElements(html, ["dl"], (_name, attrs) => {
    if (!hasClass(attrs, "py")) return undefined;
    return (inner) => {
      let heading = "";
      const signatures: string[] = [];
      // One pass over the `<dt>`s and `<dd>`s of this object only: nested objects are inside
      // a `<dd>`, read there one level deeper.
      const body = mapElements(inner, ["dt", "dd"], (tag, dtAttrs) => (dtInner) => {
        if (tag === "dd") return objectsAsHeadings(dtInner, level + 1, module);
        const id = attribute(dtAttrs, "id");
        const signature = inlineText(dtInner.replace(/<a class="headerlink"[^]*?<\/a>/g, ""));
        if (id && heading === "") {
          const h = `h${Math.min(level, 6)}`;
          const name = level > OBJECT_LEVEL && module && id.startsWith(`${module}.`)
            ? id.slice(module.length + 1)
            : id;
          heading = `<${h} id="${escapeHtml(id)}">${codeHeading(name)}</${h}>`;
        }
        signatures.push(`<p><code>${escapeHtml(signature)}</code></p>`);
        return "";
      });
      return heading + signatures.join("") + body;
    };
  });
}
