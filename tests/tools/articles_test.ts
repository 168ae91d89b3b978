import assert from "node:assert/strict";
import { INCLUDED_CONTENT_MAX_CHARS } from "../../src/tools/articles.ts";
import {
  appFor,
  ASDLC_HIDDEN,
  buildFolder,
  callTool,
  CORPORA,
  manifestOf,
  testWithoutInternalErrors,
} from "../helpers.ts";

const { manifest: asdlc } = await buildFolder(`${CORPORA}/asdlc`);
const { app, errors } = appFor(asdlc);

/** Each test also asserts that it caused no internal error. */
const test = testWithoutInternalErrors(errors);

test("list_articles: the 64 Live/Experimental articles, newest first, metadata only", async () => {
  // As many as fit the answer's budget per call; nextOffset pages through the rest.
  const articles = [];
  let r;
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    r = await callTool(app, "list_articles", { limit: 500, offset });
    assert.equal(r.structuredContent.total, 64);
    assert.equal(r.structuredContent.count, r.structuredContent.articles.length);
    articles.push(...r.structuredContent.articles);
    offset = r.structuredContent.nextOffset;
  }
  assert.equal(articles.length, 64);
  const dates = articles.map((a: { lastUpdated: string }) => a.lastUpdated);
  assert.deepEqual(dates, [...dates].sort().reverse());
  for (const a of articles) {
    assert.ok(["Live", "Experimental"].includes(a.status));
    assert.equal(a.content, undefined);
    assert.ok(!ASDLC_HIDDEN.includes(`${a.category}/${a.slug}`));
  }
  assert.deepEqual(JSON.parse(r!.content[0].text), r!.structuredContent);
});

test("list_articles: default limit 50, limit clamps at 500, bad limits are tool errors", async () => {
  // 50 unless fewer fit the answer's budget (asdlc: 38 articles of metadata in 6,000 tokens).
  const first = (await callTool(app, "list_articles", {})).structuredContent;
  assert.ok(first.count > 30 && first.count <= 50, `${first.count}`);
  assert.equal(first.nextOffset, first.count);
  assert.equal((await callTool(app, "list_articles", { limit: 3 })).structuredContent.count, 3);
  const all = (await callTool(app, "list_articles", { limit: 10_000 })).structuredContent;
  assert.equal(all.count, first.count, "clamped to 500, then the budget");
  for (const limit of [0, -1, 2.5, "10"]) {
    const r = await callTool(app, "list_articles", { limit });
    assert.equal(r.isError, true, String(limit));
    assert.match(r.content[0].text, /^limit: /);
  }
});

test("list_articles: category filter over the folders that exist", async () => {
  const r = await callTool(app, "list_articles", { category: "patterns", limit: 500 });
  const cats = new Set(r.structuredContent.articles.map((a: { category: string }) => a.category));
  assert.deepEqual([...cats], ["patterns"]);
  const recipes = await callTool(app, "list_articles", { category: "Recipes" });
  assert.equal(recipes.structuredContent.total, 3);
  const unknown = await callTool(app, "list_articles", { category: "tutorials" });
  assert.equal(unknown.isError, true);
  assert.match(
    unknown.content[0].text,
    /Unknown category 'tutorials'.*concepts, patterns, practices, recipes/,
  );
});

test("get_article: full markdown and metadata; category/slug; URIs", async () => {
  const r = await callTool(app, "get_article", { slug: "context-engineering" });
  const a = r.structuredContent;
  assert.equal(a.title, "Context Engineering");
  assert.equal(a.category, "concepts");
  assert.equal(a.status, "Live");
  assert.ok(a.content.length > 1000);
  assert.ok(!a.content.startsWith("---"));
  assert.deepEqual(
    a.relatedIds.filter((id: string) => ASDLC_HIDDEN.includes(id)),
    [],
    "related ids never point at hidden articles",
  );
  const qualified = await callTool(app, "get_article", { slug: "concepts/context-engineering" });
  assert.equal(qualified.structuredContent.slug, "context-engineering");
});

test("get_article: ambiguous slug lists the candidates", async () => {
  const r = await callTool(app, "get_article", { slug: "adversarial-code-review" });
  assert.equal(r.isError, true);
  assert.equal(
    r.content[0].text,
    "Article 'adversarial-code-review' is ambiguous: it matches patterns/adversarial-code-review, " +
      "practices/adversarial-code-review. Ask again with one of these.",
  );
  const ok = await callTool(app, "get_article", { slug: "practices/adversarial-code-review" });
  assert.equal(ok.structuredContent.category, "practices");
});

test("get_article: hidden, unknown and hostile slugs are 'not found'", async () => {
  for (
    const slug of [
      ...ASDLC_HIDDEN,
      "guardrails",
      "does-not-exist",
      "../concepts/guardrails",
      "/etc/passwd",
      "a\0b",
    ]
  ) {
    const r = await callTool(app, "get_article", { slug });
    assert.equal(r.isError, true, slug);
    assert.equal(r.content[0].text, `Article '${slug}' not found`);
    assert.equal(r.structuredContent, undefined);
  }
  for (const args of [{}, { slug: "" }, { slug: 5 }, { slug: "x".repeat(600) }]) {
    const r = await callTool(app, "get_article", args);
    assert.equal(r.isError, true, JSON.stringify(args).slice(0, 40));
    assert.match(r.content[0].text, /^slug: /);
  }
});

test("search_articles: ASDLC weights title 3, tags 2, description 1; ties newest first", async () => {
  const m = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      { path: "a/title.md", text: "---\ntitle: Gates\nlastUpdated: 2024-01-01\n---\n" },
      { path: "a/tag.md", text: "---\ntitle: X\ntags: [gates]\nlastUpdated: 2024-01-01\n---\n" },
      {
        path: "a/desc.md",
        text: "---\ntitle: Y\ndescription: about gates\nlastUpdated: 2024-01-01\n---\n",
      },
      {
        path: "a/all.md",
        text:
          "---\ntitle: Gates\ntags: [Gates]\ndescription: gates\nlastUpdated: 2020-01-01\n---\n",
      },
      { path: "a/newer.md", text: "---\ntitle: Gates too\nlastUpdated: 2025-01-01\n---\n" },
      { path: "a/body.md", text: "---\ntitle: Z\ndescription: none\n---\ngates only in the body" },
    ],
  }]);
  const { app: small } = appFor(m);
  const r = await callTool(small, "search_articles", { query: "GATES" });
  const order = r.structuredContent.articles.map((a: { slug: string }) => a.slug);
  // Title matches first (the all-fields one on top), then tag, description and body-only
  // matches. "Gates" and "Gates too" tie ("too" is a stop word), so the newer one comes first.
  assert.deepEqual(order, ["all", "newer", "title", "tag", "desc", "body"]);
  const scores = r.structuredContent.articles.map((a: { score: number }) => a.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  const m2 = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      { path: "a/old.md", text: "---\ntitle: Gates one\nlastUpdated: 2020-01-01\n---\n" },
      { path: "a/new.md", text: "---\ntitle: Gates two\nlastUpdated: 2025-01-01\n---\n" },
    ],
  }]);
  const ties = await callTool(appFor(m2).app, "search_articles", { query: "gates" });
  assert.deepEqual(ties.structuredContent.articles.map((a: { slug: string }) => a.slug), [
    "new",
    "old",
  ]);
});

test("search_articles: 'context' finds the Context Engineering articles; content on request", async () => {
  const r = await callTool(app, "search_articles", { query: "context" });
  const slugs = r.structuredContent.articles.map((a: { slug: string }) => a.slug);
  assert.ok(slugs.includes("context-engineering"));
  assert.ok(
    r.structuredContent.articles.every((a: { content?: string }) => a.content === undefined),
  );
  const full = await callTool(app, "search_articles", { query: "context", include_content: true });
  // Each article has its content or is named in contentOmitted (the answer keeps a budget).
  const articles = full.structuredContent.articles as { slug: string; content?: string }[];
  const omitted = full.structuredContent.contentOmitted ?? [];
  assert.ok(articles.every((a) => typeof a.content === "string" || omitted.includes(a.slug)));
  assert.equal(typeof articles[0]!.content, "string", "the best hit's content is there");
  const sent = articles.reduce((n, a) => n + (a.content?.length ?? 0), 0);
  assert.ok(sent <= INCLUDED_CONTENT_MAX_CHARS, `${sent} characters of content`);
  assert.ok(omitted.length > 0 && /get_article/.test(full.structuredContent.message));
  const none = await callTool(app, "search_articles", { query: "zzzyxq" });
  assert.equal(none.isError, undefined);
  assert.equal(none.structuredContent.count, 0);
  assert.match(none.structuredContent.message, /No articles match 'zzzyxq'/);
  for (const args of [{}, { query: "  " }, { query: 1 }, { query: "a", include_content: "yes" }]) {
    assert.equal(
      (await callTool(app, "search_articles", args)).isError,
      true,
      JSON.stringify(args),
    );
  }
});

test("no hidden ASDLC article appears in any list, get or search output", async () => {
  const outputs: string[] = [];
  outputs.push(JSON.stringify(await callTool(app, "list_articles", { limit: 500 })));
  for (const category of ["concepts", "patterns", "practices", "recipes"]) {
    outputs.push(JSON.stringify(await callTool(app, "list_articles", { category, limit: 500 })));
  }
  const queries = [
    "context",
    "agent",
    "review",
    "spec",
    "skills",
    "guardrails",
    "amplification",
    "coverage",
    "civil",
    "attention",
    "feature",
    "vision",
    "a",
    "e",
  ];
  for (const query of queries) {
    outputs.push(
      JSON.stringify(await callTool(app, "search_articles", { query, include_content: true })),
    );
  }
  const all = (await callTool(app, "list_articles", { limit: 500 })).structuredContent.articles;
  for (const a of all) {
    outputs.push(
      JSON.stringify(await callTool(app, "get_article", { slug: `${a.category}/${a.slug}` })),
    );
  }
  const text = outputs.join("\n");
  const hiddenTitles = [
    "Agent Skills",
    "AI Amplification",
    "Coverage Metric",
    "Software Civil Engineering",
    "External Attention",
    "Feature Assembly",
    "Product Vision Authoring",
  ];
  for (const path of ASDLC_HIDDEN) {
    assert.ok(
      !text.includes(`"slug": "${path.split("/")[1]}"`) &&
        !text.includes(`"slug":"${path.split("/")[1]}"`),
      path,
    );
    assert.ok(!text.includes(`acdc://docs/${path}"`), path);
  }
  for (const title of hiddenTitles) assert.ok(!text.includes(`"title":"${title}"`), title);
});

test("search_articles: a category narrows the search; an unknown one is a tool error", async () => {
  const all = await callTool(app, "search_articles", { query: "context", limit: 50 });
  const categories = new Set(
    all.structuredContent.articles.map((a: { category: string }) => a.category),
  );
  assert.ok(categories.size > 1, "the whole search spans categories");
  const r = await callTool(app, "search_articles", {
    query: "context",
    category: "Patterns",
    limit: 50,
  });
  const got = r.structuredContent.articles;
  assert.ok(got.length > 0);
  assert.ok(got.every((a: { category: string }) => a.category === "patterns"));
  assert.equal(r.structuredContent.total, got.length);
  const bad = await callTool(app, "search_articles", { query: "context", category: "nope" });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /Unknown category 'nope'\. Categories: concepts, patterns/);
});
