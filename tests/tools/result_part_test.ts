/**
 * A search result names the section its snippet is in — its id for read_sections, its heading,
 * and its URL with the anchor when the page has a public URL — in every search tool's format;
 * search_articles, which shows no snippet, names the same section.
 */
import assert from "node:assert/strict";
import { appFor, callTool, manifestOf } from "../helpers.ts";

const filler = (topic: string) => `${topic} notes about gardens, rivers and mountains. `.repeat(60);

const body = `# Caching guide\n\nAn overview.\n\n## Setup\n\n${filler("setup")}\n\n` +
  `## Eviction {#evict}\n\nHow eviction works.\n\n### Cache eviction policies\n\n` +
  `Least recently used cache eviction drops the oldest entries.\n\n## Themes\n\n${
    filler("themes")
  }`;
const manifest = await manifestOf([{
  name: "docs",
  description: "",
  dialect: "docusaurus",
  site: { url: "https://docs.example", urlStyle: "clean" },
  files: [
    { path: "caching.md", text: body },
    { path: "other.md", text: "# Other\n\nA page about eviction notices." },
  ],
}]);
const { app } = appFor(manifest, {});
const tools = appFor({
  ...manifest,
  settings: { profiles: ["techdoc", "mcp-serve"] },
  contentHash: "section-profiles",
}).app;
const QUERY = "cache eviction policies";

/** A structured result names the eviction policies section: id, heading, URL with anchor. */
function assertNamesPolicies(
  result: { section: string; sectionTitle: string; sectionUrl: string },
) {
  assert.equal(result.section, "caching-guide/evict/cache-eviction-policies");
  assert.equal(result.sectionTitle, "Cache eviction policies");
  assert.equal(result.sectionUrl, "https://docs.example/caching#cache-eviction-policies");
}

Deno.test("search: the result names its best section, with the section's URL, snippet from it", async () => {
  const r = await callTool(app, "search", { query: QUERY });
  const [first] = r.structuredContent.results;
  assert.equal(first.uri, "acdc://docs/caching");
  assertNamesPolicies(first);
  assert.match(first.snippet, /Least recently used cache eviction/);
  assert.match(r.content[0].text, /: § Cache eviction policies — .*Least recently used/);
  // read_sections reads exactly that part.
  const part = await callTool(app, "read_sections", {
    filename: "caching.md",
    section_ids: [first.section],
  });
  assert.match(JSON.stringify(part), /Least recently used cache eviction/);
  assert.doesNotMatch(JSON.stringify(part), /setup notes/);
});

Deno.test("search_documentation, search_documents: the snippet's section", async () => {
  const docs = await callTool(tools, "search_documentation", { query: QUERY });
  assert.equal(docs.content[0].metadata.section, "Cache eviction policies");
  assert.equal(
    docs.content[0].metadata.section_id,
    "caching-guide/evict/cache-eviction-policies",
  );
  assert.equal(
    docs.content[0].metadata.section_url,
    "https://docs.example/caching#cache-eviction-policies",
  );
  const served = await callTool(tools, "search_documents", { query: QUERY });
  assert.match(
    served.content[0].text,
    /Section: Cache eviction policies \(https:\/\/docs\.example\/caching#cache-eviction-policies\)/,
  );
});

Deno.test("search_articles: the article names the section search names", async () => {
  const r = await callTool(app, "search_articles", { query: QUERY });
  const [first] = r.structuredContent.articles;
  assert.equal(first.slug, "caching");
  assertNamesPolicies(first);
  assert.equal(first.content, undefined, "no body unless include_content");
  const intro = await callTool(app, "search_articles", { query: "caching guide overview" });
  assert.equal(intro.structuredContent.articles[0].section, "caching-guide");
  assert.equal(intro.structuredContent.articles[0].sectionTitle, undefined);
});

Deno.test("search: a match in the page's introduction names the title section by id only", async () => {
  const r = await callTool(app, "search", { query: "caching guide overview" });
  const [first] = r.structuredContent.results;
  assert.equal(first.uri, "acdc://docs/caching");
  assert.equal(first.section, "caching-guide");
  assert.equal(first.sectionTitle, undefined);
  assert.equal(first.sectionUrl, undefined);
  assert.doesNotMatch(r.content[0].text.split("\n")[2], /§/);
});
