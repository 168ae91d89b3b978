import assert from "node:assert/strict";
import { extractMetadata, truncateAtWord } from "../../src/build/extract_metadata.ts";
import { htmlToText } from "../../src/build/html_to_text.ts";

Deno.test("markdown: frontmatter wins, then H1, then file name", () => {
  const base = { format: "markdown" as const, source: "", slug: "file-name" };
  assert.equal(
    extractMetadata({ ...base, attrs: { title: "FM", name: "N" }, body: "# H1\n" }).title,
    "FM",
  );
  assert.equal(extractMetadata({ ...base, attrs: { name: "N" }, body: "# H1\n" }).title, "N");
  assert.equal(extractMetadata({ ...base, attrs: { Title: "T" }, body: "" }).title, "T");
  assert.equal(
    extractMetadata({ ...base, attrs: {}, body: "text\n## H2\n# H1 `x`\n" }).title,
    "H1 x",
  );
  assert.equal(
    extractMetadata({ ...base, attrs: {}, body: "```\n# code\n```\n" }).title,
    "file-name",
  );
});

Deno.test("markdown: description from the first paragraph, trimmed near 150 characters", () => {
  const long = "word ".repeat(60).trim();
  const md = extractMetadata({
    format: "markdown",
    attrs: {},
    source: "",
    body: `# T\n\n{{< note >}}\n\n${long}\nmore\n\nsecond paragraph`,
    slug: "x",
  });
  assert.ok(md.description.length <= 151, `${md.description.length}`);
  assert.ok(md.description.endsWith("…"));
  assert.ok(md.description.startsWith("word word"));
});

Deno.test("markdown: frontmatter description capped at 200", () => {
  const md = extractMetadata({
    format: "markdown",
    attrs: { Description: "d ".repeat(150) },
    source: "",
    body: "",
    slug: "x",
  });
  assert.ok(md.description.length <= 201);
});

Deno.test("keywords: union of keywords, Keywords and tags, lists or comma strings", () => {
  const md = extractMetadata({
    format: "markdown",
    attrs: { keywords: ["REST", "API"], Keywords: "http, api", tags: ["Design"] },
    source: "",
    body: "",
    slug: "x",
  });
  assert.deepEqual(md.keywords, ["REST", "API", "http", "Design"]);
});

Deno.test("html: <title>, then <h1>; <meta description>, then first <p>", () => {
  const source =
    `<html><head><title>Page &amp; Title</title><meta content="Meta desc" name="description"></head><body><h1>H</h1><p>First</p></body></html>`;
  const body = htmlToText(source);
  const md = extractMetadata({ format: "html", attrs: {}, source, body, slug: "p" });
  assert.equal(md.title, "Page & Title");
  assert.equal(md.description, "Meta desc");
  const noHead = "<h1>Only H1</h1><p>Para <b>one</b>.</p>";
  const md2 = extractMetadata({
    format: "html",
    attrs: {},
    source: noHead,
    body: htmlToText(noHead),
    slug: "p",
  });
  assert.deepEqual([md2.title, md2.description], ["Only H1", "Para one."]);
});

Deno.test("html: conversion drops script and style, keeps structure", () => {
  const text = htmlToText(
    "<style>x{}</style><h2>Sub</h2><ul><li>a</li><li>b</li></ul><pre>let x = 1 &lt; 2;</pre><script>alert(1)</script>",
  );
  assert.ok(!text.includes("alert") && !text.includes("x{}"));
  assert.match(text, /^## Sub$/m);
  assert.match(text, /^- a$/m);
  assert.match(text, /```\nlet x = 1 < 2;\n```/);
});

Deno.test("text: first line is the title, lines 2-4 the description", () => {
  const body = "My Title\nline two\nline three\nline four\nline five\n";
  const md = extractMetadata({ format: "text", attrs: {}, source: body, body, slug: "t" });
  assert.deepEqual([md.title, md.description], ["My Title", "line two line three line four"]);
  const empty = extractMetadata({
    format: "text",
    attrs: {},
    source: "\nx",
    body: "\nx",
    slug: "t",
  });
  assert.equal(empty.title, "t");
});

Deno.test("truncateAtWord", () => {
  assert.equal(truncateAtWord("a b c", 10), "a b c");
  assert.equal(truncateAtWord("alpha beta gamma delta", 12), "alpha beta…");
  assert.equal(truncateAtWord("x".repeat(20), 10), "x".repeat(9) + "…");
});

Deno.test("heading: the H1 is handed on where the title came from <title> or frontmatter", () => {
  const html = "<title>Install — Docs</title><h1>Install</h1>";
  const fromHtml = extractMetadata({
    format: "html",
    attrs: {},
    source: html,
    body: "",
    slug: "i",
  });
  assert.deepEqual([fromHtml.title, fromHtml.heading], ["Install — Docs", "Install"]);
  const md = (attrs: Record<string, unknown>) =>
    extractMetadata({
      format: "markdown",
      attrs,
      source: "# Install\n",
      body: "# Install\n",
      slug: "i",
    });
  assert.deepEqual([
    md({ title: "Install | Guide" }).title,
    md({ title: "Install | Guide" }).heading,
  ], [
    "Install | Guide",
    "Install",
  ]);
  assert.equal(md({}).heading, undefined);
});
