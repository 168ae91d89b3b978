import assert from "node:assert/strict";
import { apiPage } from "../../../src/build/dialects/api_page.ts";
import { sphinxObjectsPage } from "../../../src/build/dialects/sphinx_objects.ts";
import { isPartial } from "../../../src/build/dialects/partials.ts";

const object = (kind: string, id: string, signature: string, body: string) =>
  `<dl class="py ${kind}"><dt class="sig sig-object py" id="${id}">${signature}` +
  `<a class="headerlink" href="#${id}" title="Permalink to this definition">¶</a></dt>` +
  `<dd>${body}</dd></dl>`;

Deno.test("a class's methods are headings one level under the class, with Sphinx's anchors", () => {
  const html = '<section id="module-collections"><h1>collections</h1>' +
    object(
      "class",
      "collections.OrderedDict",
      "<em>class</em> collections.OrderedDict",
      "<p>A dict that remembers order.</p>" +
        object(
          "method",
          "collections.OrderedDict.move_to_end",
          "move_to_end(key, last=True)",
          "<p>Move.</p>",
        ) +
        '<dl class="field-list"><dt>Returns</dt><dd>None</dd></dl>',
    ) + "</section>";
  const page = sphinxObjectsPage(html)!;
  assert.deepEqual([page.kind, page.path], ["module", "collections"]);
  const out = page.html!;
  assert.ok(out.includes('<h4 id="collections.OrderedDict">`collections.OrderedDict`</h4>'), out);
  assert.ok(
    out.includes(
      '<h5 id="collections.OrderedDict.move_to_end">`OrderedDict.move_to_end`</h5>' +
        "<p><code>move_to_end(key, last=True)</code></p><p>Move.</p>",
    ),
    out,
  );
  // A field list's terms are no objects.
  assert.ok(out.includes("<dt>Returns</dt>"), out);
  assert.ok(!out.includes("¶"), out);
});

Deno.test("a page of objects outside a module, or of none, is no API page", () => {
  const html = object("method", "str.split", "str.split()", "");
  assert.equal(apiPage("sphinx", "library/stdtypes.html", html), undefined);
  assert.equal(
    apiPage("sphinx", "glossary.html", "<h1>Glossary</h1><dl><dt>term</dt></dl>"),
    undefined,
  );
  assert.ok(apiPage("sphinx", "library/time.html", `<section id="module-time">${html}</section>`));
});

Deno.test("Sphinx's split index pages (genindex-A.html) are not pages", () => {
  const partial = isPartial("sphinx", []);
  assert.ok(partial("genindex-A.html"));
  assert.ok(partial("genindex-all.html"));
  assert.equal(partial("library/index.html"), undefined);
});
