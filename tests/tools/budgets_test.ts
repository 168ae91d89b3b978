/**
 * Every tool answer fits the answer budget (default 6,000 tokens ≈ 24,000 characters of text
 * the agent reads) on every corpus and every evaluation query, and what was left out can be
 * reached: long documents in parts by offset, long lists by offset.
 */
import assert from "node:assert/strict";
import {
  appFor,
  buildFolder,
  callTool,
  CORPORA,
  GIT_DOC,
  ROOT,
  rpc,
  rpcModern,
  SKIP_GIT_DOC,
} from "../helpers.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { DEFAULT_MAX_RESPONSE_TOKENS } from "../../src/search/search_settings.ts";
import { CHARS_PER_TOKEN } from "../../src/tools/page_text.ts";

const BUDGET = DEFAULT_MAX_RESPONSE_TOKENS * CHARS_PER_TOKEN;
const PROFILES = ["articles", "acdc", "sections", "mcp-serve", "techdoc"];

/** Characters of an answer's text blocks: what the agent's context receives. */
function textSize(result: { content: { text: string }[] }): number {
  return result.content.reduce((n, block) => n + block.text.length, 0);
}

async function corpus(name: string): Promise<{ manifest: Manifest; queries: string[] }> {
  const { manifest } = await buildFolder(
    name === "content" ? `${ROOT}/content` : name === "git-doc" ? GIT_DOC : `${CORPORA}/${name}`,
  );
  const queries = name === "content" ? ["search", "deploy netlify", "sections"] : JSON.parse(
    await Deno.readTextFile(`${ROOT}/tests/eval/fixtures/${name}.json`),
  ).cases.map((c: { query: string }) => c.query);
  return { manifest: { ...manifest, settings: { profiles: PROFILES } }, queries };
}

for (const name of ["asdlc", "hugo-docs", "tldr", "git-doc"]) {
  Deno.test({
    name: `budget: no answer over ${BUDGET} characters on ${name}, any tool, any evaluation query`,
    ignore: name === "git-doc" && SKIP_GIT_DOC,
    fn: async () => {
      const { manifest, queries } = await corpus(name);
      const { app, errors } = appFor(manifest);
      let checked = 0;
      const check = async (tool: string, args: Record<string, unknown>) => {
        const result = await callTool(app, tool, args);
        const size = textSize(result);
        assert.ok(size <= BUDGET, `${tool} ${JSON.stringify(args)}: ${size} characters`);
        checked++;
        return result;
      };
      for (const query of queries) {
        await check("search", { query });
        await check("search_articles", { query });
        await check("search_articles", { query, include_content: true, limit: 50 });
        await check("search_documents", { query, limit: 50 });
        await check("search_documentation", { query, max_results: 20 });
      }
      await check("list_articles", { limit: 500 });
      const files = await check("list_documentation_files", {});
      // The longest documents, read whole in parts and by outline.
      const longest = [...manifest.documents].sort((a, b) => b.size - a.size).slice(0, 3);
      for (const doc of longest) {
        await check("get_article", { slug: `${doc.category}/${doc.slug}` });
        await check("read", { uri: doc.uri });
        await check("get_document", { document_id: doc.uri });
        const resource = await rpc(app, "resources/read", { uri: doc.uri });
        const text = resource.result.contents[0].text;
        assert.ok(text.length <= BUDGET, `resources/read ${doc.uri}: ${text.length} characters`);
        const filename = files.structuredContent.files.find((f: { title: string }) =>
          f.title === doc.title
        )?.filename ?? doc.path;
        const toc = await check("table_of_contents", { filename });
        const ids = toc.structuredContent.sections.map((s: { id: string }) => s.id).slice(0, 50);
        if (ids.length > 0) await check("read_sections", { filename, section_ids: ids });
      }
      assert.ok(checked > queries.length * 5);
      assert.deepEqual(errors, []);
    },
  });
}

Deno.test("budget: a long article is read whole through its parts, in order, nothing lost", async () => {
  const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}: ${"word ".repeat(40)}`);
  const text = `# Long\n\n${paragraphs.join("\n\n")}\n`;
  const { buildManifest } = await import("../../src/build/build_manifest.ts");
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files: [{ path: "guides/long.md", text }] }],
  });
  const { app } = appFor(manifest);
  const body = manifest.bodies[manifest.documents[0]!.id]!;
  for (
    const [tool, args, nextOf] of [
      [
        "get_article",
        { slug: "long" },
        (r: { structuredContent: { nextOffset?: number } }) => r.structuredContent.nextOffset,
      ],
      ["read", { uri: "acdc://docs/guides/long" }, (r: { content: { text: string }[] }) => {
        const m = /"offset":(\d+)\}/.exec(r.content[0]!.text);
        return m ? Number(m[1]) : undefined;
      }],
    ] as const
  ) {
    let offset: number | undefined = 0;
    let joined = "";
    let parts = 0;
    while (offset !== undefined) {
      const result = await callTool(app, tool, { ...args, offset });
      assert.ok(textSize(result) <= BUDGET, `${tool} part ${parts}`);
      const text: string = tool === "get_article"
        ? result.structuredContent.content
        : result.content[0].text;
      const next: number | undefined = nextOf(result as never);
      // Each part but a whole text ends with the line saying where it is.
      const part = text.replace(/\n\n\[Part of a long document: [^\n]*\]$/, "");
      assert.notEqual(part, text, `${tool}: part ${parts} says where it is`);
      joined += part;
      offset = next;
      parts++;
    }
    assert.ok(parts >= 3, `${tool}: ${parts} parts`);
    assert.equal(joined, body, `${tool}: the parts are the article`);
  }
  // resources/read: the note names the URI of the next part (`?offset=N`), in both eras.
  const eras = [
    (uri: string) => rpc(app, "resources/read", { uri }),
    async (uri: string) => (await rpcModern(app, "resources/read", { uri })).body,
  ];
  for (const read of eras) {
    let uri: string | undefined = "acdc://docs/guides/long";
    let joined = "";
    let parts = 0;
    while (uri !== undefined) {
      const res = await read(uri);
      const text: string = res.result.contents[0].text;
      assert.equal(res.result.contents[0].uri, uri);
      assert.ok(text.length <= BUDGET, `resources/read part ${parts}: ${text.length}`);
      const note = /\n\n\[Part of a long document: [^\n]*\]$/.exec(text);
      assert.ok(note, `resources/read part ${parts} says where it is`);
      joined += text.slice(0, note.index);
      uri = /resources\/read \{"uri":"([^"]+)"\}/.exec(note[0])?.[1];
      parts++;
    }
    assert.ok(parts >= 3, `resources/read: ${parts} parts`);
    assert.equal(joined, body, "resources/read: the parts are the article");
  }
  const short = await rpc(app, "resources/read", { uri: "acdc://docs/guides/long?offset=x" });
  assert.equal(short.error.code, -32002);
});

Deno.test("budget: lists page by offset; every article reachable", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/tldr`);
  const { app } = appFor({ ...manifest, settings: { profiles: PROFILES } });
  const seen = new Set<string>();
  let offset: number | undefined = 0;
  let calls = 0;
  while (offset !== undefined && calls < 400) {
    const page = await callTool(app, "list_documentation_files", { offset });
    for (const f of page.structuredContent.files) seen.add(f.filename);
    offset = page.structuredContent.nextOffset;
    calls++;
  }
  assert.equal(seen.size, manifest.documents.length, `${calls} calls`);
  const first = await callTool(app, "list_articles", { limit: 500 });
  assert.ok(first.structuredContent.count < 500);
  assert.equal(first.structuredContent.nextOffset, first.structuredContent.count);
  assert.match(first.structuredContent.message, /ask again with offset/);
  const searched = await callTool(app, "search_articles", { query: "file" });
  assert.equal(searched.structuredContent.count, 10, "10 by default");
  const next = await callTool(app, "search_articles", { query: "file", offset: 10 });
  assert.notDeepEqual(next.structuredContent.articles[0], searched.structuredContent.articles[0]);
  assert.equal(searched.structuredContent.total, next.structuredContent.total);
});

Deno.test("budget: maxResponseTokens from the manifest, the flag or the environment", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/hugo-docs`);
  const longest = [...manifest.documents].sort((a, b) => b.size - a.size)[0]!;
  for (const tokens of [1000, 20_000]) {
    const { app } = appFor({ ...manifest, settings: { maxResponseTokens: tokens } });
    const result = await callTool(app, "read", { uri: longest.uri });
    const size = textSize(result);
    assert.ok(size <= tokens * CHARS_PER_TOKEN, `${tokens} tokens: ${size}`);
    assert.ok(size >= Math.min(longest.size, tokens * CHARS_PER_TOKEN) / 2, `${tokens}: ${size}`);
  }
  const { app } = appFor(manifest, { search: { maxResponseTokens: 1000 } });
  const result = await callTool(app, "read", { uri: longest.uri });
  assert.ok(textSize(result) <= 4000, "the deployment's setting wins");
});
