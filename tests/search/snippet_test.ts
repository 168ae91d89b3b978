import assert from "node:assert/strict";
import { escapeHtml, snippet } from "../../src/search/snippet.ts";

const groups = (...pairs: [string, string][]) => new Map(pairs);

Deno.test("snippet: the window with the most distinct query terms wins over more hits of one", () => {
  const text = "cache cache cache cache. " + "filler words here. ".repeat(30) +
    "The edge cache keeps the manifest warm. " + "more filler. ".repeat(30);
  const s = snippet(text, groups(["cach", "cach"], ["manifest", "manifest"]), { width: 80 });
  assert.match(s, /edge cache keeps the manifest/);
  assert.ok(s.startsWith("…") && s.endsWith("…"));
  assert.ok(s.length <= 84, `${s.length}`);
});

Deno.test("snippet: fuzzy variants and stems count; markup is flattened", () => {
  const text = "# Title\n\n" + "x ".repeat(200) +
    "**Deploying** to [Netlify](https://n.dev) works.";
  const s = snippet(text, groups(["deploi", "deploi"], ["netlifi", "netlifi"]), { width: 60 });
  assert.match(s, /Deploying to Netlify works\./);
});

Deno.test("snippet: no match gives the beginning; short text is whole", () => {
  assert.equal(snippet("Short text.", groups(["zzz", "zzz"])), "Short text.");
  const long = "word ".repeat(100);
  const s = snippet(long, new Map(), { width: 50 });
  assert.ok(s.endsWith("…") && !s.startsWith("…"));
});

Deno.test("snippet: HTML output is escaped, text output is not", () => {
  const text = "Use <b>bold</b> & friends";
  assert.equal(snippet(text, groups(["bold", "bold"])), "Use <b>bold</b> & friends");
  assert.equal(
    snippet(text, groups(["bold", "bold"]), { html: true }),
    "Use &lt;b&gt;bold&lt;/b&gt; &amp; friends",
  );
  assert.equal(escapeHtml('"'), "&quot;");
});
