import assert from "node:assert/strict";
import {
  appFor,
  ASDLC_HIDDEN,
  buildFolder,
  callTool,
  CORPORA,
  manifestOf,
  testWithoutInternalErrors,
} from "../helpers.ts";
import { createApp } from "../../src/app.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";

const { manifest: asdlc } = await buildFolder(`${CORPORA}/asdlc`);
const { app, errors } = appFor(asdlc);

/** Each test also asserts that it caused no internal error. */
const test = testWithoutInternalErrors(errors);

test("search: the ACDC text format, line by line", async () => {
  const r = await callTool(app, "search", { query: "context engineering" });
  const lines = r.content[0].text.split("\n");
  assert.equal(lines[0], "Search results for 'context engineering':");
  assert.equal(lines[1], "");
  assert.ok(lines.length >= 3 && lines.length <= 12, `${lines.length} lines`);
  for (const line of lines.slice(2)) {
    assert.match(
      line,
      /^- \[docs\] \[[^\]]+\]\(acdc:\/\/docs\/[a-z0-9/-]+\): .+ \(relevance: \d+\.\d\d\)$/,
    );
  }
  assert.match(
    lines[2],
    /^- \[docs\] \[Context Engineering\]\(acdc:\/\/docs\/concepts\/context-engineering\)/,
  );
  const s = r.structuredContent;
  assert.equal(s.results.length, lines.length - 2);
  assert.ok(s.total >= s.results.length);
  assert.ok(s.results.every((x: { snippet: string }) => x.snippet.length <= 210));
});

test("search: snippets contain the query terms, stems and typo variants", async () => {
  const r = await callTool(app, "search", { query: "adversarial reviewing" });
  const first = r.structuredContent.results[0];
  assert.match(first.snippet, /adversarial/i);
  const typo = await callTool(app, "search", { query: "adversarail" });
  assert.ok(typo.structuredContent.results.length > 0, "one transposition still finds it");
  assert.match(typo.structuredContent.results[0].snippet, /adversarial/i);
});

test("search: max results, source filter, unknown source, no results", async () => {
  const { app: three } = appFor(asdlc, {
    search: { maxResults: 3, boosts: { keywords: 3, name: 2, content: 1 } },
  });
  assert.equal(
    (await callTool(three, "search", { query: "agent" })).structuredContent.results.length,
    3,
  );
  const filtered = await callTool(app, "search", { query: "agent", source: "docs" });
  assert.ok(filtered.structuredContent.results.length > 0);
  const unknown = await callTool(app, "search", { query: "agent", source: "other" });
  assert.equal(unknown.isError, true);
  assert.equal(unknown.content[0].text, "Unknown source 'other'. Sources: docs");
  const none = await callTool(app, "search", { query: "qwxzv plmoknij" });
  assert.equal(none.isError, undefined);
  assert.match(none.content[0].text, /^No results found for 'qwxzv plmoknij'/);
  assert.deepEqual(none.structuredContent.results, []);
  for (const args of [{}, { query: "" }, { query: 3 }, { query: "x".repeat(1001) }]) {
    assert.equal((await callTool(app, "search", args)).isError, true);
  }
});

test("search: boosts change the ranking", async () => {
  const m = await manifestOf([{
    name: "kb",
    description: "",
    files: [
      { path: "k.md", text: "---\nname: Alpha\nkeywords: [widget]\ndescription: x\n---\nnothing" },
      { path: "c.md", text: "---\nname: Beta\ndescription: x\n---\nwidget widget" },
    ],
  }]);
  const first = async (boosts: { keywords: number; name: number; content: number }) => {
    const a = createApp({
      stores: createStoreCache({ load: () => m }),
      search: { maxResults: 10, boosts },
    });
    return (await callTool(a, "search", { query: "widget" })).structuredContent.results[0].uri;
  };
  assert.equal(await first({ keywords: 3, name: 2, content: 1 }), "acdc://kb/k");
  assert.equal(await first({ keywords: 0.1, name: 2, content: 5 }), "acdc://kb/c");
});

test("read: the body without frontmatter; extensions tolerated", async () => {
  const r = await callTool(app, "read", { uri: "acdc://docs/concepts/context-engineering" });
  assert.ok(!r.content[0].text.startsWith("---"));
  assert.ok(r.content[0].text.includes("Context Engineering"));
  const ext = await callTool(app, "read", { uri: "acdc://docs/concepts/context-engineering.md" });
  assert.equal(ext.content[0].text, r.content[0].text);
});

test("read: unknown, hidden and hostile URIs are not found, with the closest URIs", async () => {
  const typo = await callTool(app, "read", { uri: "acdc://docs/concepts/context-engineerin" });
  assert.equal(typo.isError, true);
  assert.match(
    typo.content[0].text,
    /^Resource not found: acdc:\/\/docs\/concepts\/context-engineerin\. Did you mean: acdc:\/\/docs\/concepts\/context-engineering,/,
  );
  for (const hidden of ASDLC_HIDDEN) {
    const r = await callTool(app, "read", { uri: `acdc://docs/${hidden}` });
    assert.equal(r.isError, true);
    assert.ok(!r.content[0].text.split("Did you mean")[1]?.includes(hidden), hidden);
  }
  for (
    const uri of [
      "acdc://docs/../concepts/guardrails",
      "acdc://other/../docs/x",
      "/etc/passwd",
      "file:///etc/passwd",
      "acdc://docs/a%00b",
      "..\\..\\x",
    ]
  ) {
    const r = await callTool(app, "read", { uri });
    assert.equal(r.isError, true, uri);
    assert.match(r.content[0].text, /^Resource not found: /);
  }
});

test("every URI search returns resolves with read; every search_articles slug with get_article", async () => {
  for (
    const query of ["context", "agent loop", "spec driven", "review", "modle context protocol"]
  ) {
    const s = await callTool(app, "search", { query });
    for (const { uri } of s.structuredContent.results) {
      assert.equal((await callTool(app, "read", { uri })).isError, undefined, uri);
    }
    const a = await callTool(app, "search_articles", { query });
    for (const { category, slug } of a.structuredContent.articles) {
      const got = await callTool(app, "get_article", { slug: `${category}/${slug}` });
      assert.equal(got.isError, undefined, slug);
    }
  }
});

test("no hidden ASDLC article in search output", async () => {
  const queries = [
    "skills",
    "guardrails",
    "amplification",
    "coverage metric",
    "civil engineering",
    "external attention",
    "feature assembly",
    "product vision authoring",
    "agent",
    "a",
  ];
  for (const query of queries) {
    const text = JSON.stringify(await callTool(app, "search", { query }));
    for (const hidden of ASDLC_HIDDEN) {
      assert.ok(
        !text.includes(`acdc://docs/${hidden})`) && !text.includes(`acdc://docs/${hidden}"`),
        `${query}: ${hidden}`,
      );
    }
  }
});
