import assert from "node:assert/strict";
import { rustdocPage } from "../../../src/build/dialects/rustdoc_page.ts";

/** A rustdoc 1.63 page around `main` (the `<section id="main-content">`'s inside). */
const page = (main: string) =>
  '<html><head><meta name="generator" content="rustdoc"></head><body class="rustdoc">' +
  `<section id="main-content" class="content">${main}</section></body></html>`;

const h1 = (label: string, path: string) =>
  `<h1 class="fqn"><span class="in-band">${label} ${path}<button id="copy-path">` +
  '<img alt="Copy item path"></button></span></h1>';

Deno.test("a primitive's or keyword's name is its title (no :: in its heading)", () => {
  const slice = rustdocPage(
    "std/primitive.slice.html",
    page(h1("Primitive Type", "<a>slice</a>")),
  )!;
  assert.deepEqual([slice.title, slice.kind, slice.path], ["slice", "primitive type", "slice"]);
  const fn = rustdocPage("std/keyword.fn.html", page(h1("Keyword", "<a>fn</a>")))!;
  assert.equal(fn.title, "fn");
});

Deno.test("a trait's own methods (rustdoc's <div>s) are member headings", () => {
  const html = page(
    h1("Trait", "<a>std</a>::<wbr><a>iter</a>::<wbr><a>Iterator</a>") +
      '<details class="rustdoc-toggle" open><summary><div id="method.peekable" ' +
      'class="method has-srclink"><div class="rightside"><a class="srclink">source</a></div>' +
      '<h4 class="code-header">fn <a class="fnname">peekable</a>(self) -&gt; Peekable&lt;Self&gt;' +
      '<span class="notable-traits"><span class="notable-traits-tooltip">ⓘ' +
      '<span class="notable-traits-tooltiptext"><span class="docblock">Notable traits for ' +
      "Peekable</span></span></span></span></h4></div></summary>" +
      '<div class="docblock"><p>Creates an iterator which can use peek.</p></div></details>',
  );
  const out = rustdocPage("std/iter/trait.Iterator.html", html)!.html!;
  assert.ok(out.includes('<h4 id="method.peekable">`Iterator::peekable`</h4>'), out);
  assert.ok(!out.includes("Notable traits") && !out.includes("ⓘ"), out);
});
