/**
 * The peer for `deno task bench`: the same knowledge base served the way the official MCP
 * TypeScript SDK v2 documents it — `McpServer` + `createMcpHandler` (stateless, a fresh server
 * per request) on `Deno.serve` — with `list_articles`, `get_article`, `search_articles` and
 * `search` and `read`, and the simplest honest search a user would add: MiniSearch (fuzzy 0.2, prefix,
 * the same boosts). Data and the MiniSearch index are loaded once per process. Benchmark only.
 *
 * Usage: deno run -A scripts/bench/peer_server.ts MANIFEST.json PORT
 *
 * @module
 */
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import MiniSearch from "minisearch";
import { z } from "zod";
import type { Manifest, ManifestDocument } from "../../src/content/manifest.ts";

const [file, port] = Deno.args as [string, string];
const manifest: Manifest = JSON.parse(await Deno.readTextFile(file));
const docs = [...manifest.documents].sort((a, b) =>
  (b.lastUpdated ?? "").localeCompare(a.lastUpdated ?? "")
);
const bySlug = new Map(docs.map((d) => [d.slug, d]));
const byPath = new Map(docs.map((d) => [d.path, d]));
const byUri = new Map(docs.map((d) => [d.uri, d]));
const mini = new MiniSearch({
  fields: ["title", "keywords", "description", "content"],
  storeFields: ["id"],
});
mini.addAll(docs.map((d, i) => ({
  id: i,
  title: d.title,
  keywords: d.keywords.join(" "),
  description: d.description,
  content: manifest.bodies[d.id],
})));

const meta = (d: ManifestDocument) => ({
  slug: d.slug,
  category: d.category,
  title: d.title,
  description: d.description,
  tags: d.keywords,
  lastUpdated: d.lastUpdated,
  status: d.status,
});
const text = (value: unknown) => ({
  content: [{ type: "text" as const, text: JSON.stringify(value) }],
});
const find = (q: string, boost: Record<string, number>) =>
  mini.search(q, { fuzzy: 0.2, prefix: true, boost }).slice(0, 10).map((r) =>
    docs[r.id as number]!
  );

function makeServer(): McpServer {
  const server = new McpServer({ name: "sdk-peer", version: "1.0.0" });
  server.registerTool("list_articles", {
    description: "List articles",
    inputSchema: z.object({
      category: z.string().optional(),
      limit: z.number().int().min(1).optional(),
    }),
  }, ({ category, limit }) => {
    const list = docs.filter((d) => !category || d.category === category).slice(0, limit ?? 50);
    return text({ articles: list.map(meta), count: list.length });
  });
  server.registerTool("get_article", {
    description: "Get an article",
    inputSchema: z.object({ slug: z.string() }),
  }, ({ slug }) => {
    const d = byPath.get(slug) ?? bySlug.get(slug);
    if (!d) return { ...text(`Article '${slug}' not found`), isError: true };
    return text({ ...meta(d), content: manifest.bodies[d.id] });
  });
  server.registerTool(
    "search_articles",
    {
      description: "Search articles",
      inputSchema: z.object({ query: z.string(), include_content: z.boolean().optional() }),
    },
    ({ query }) =>
      text({ articles: find(query, { title: 3, keywords: 2, description: 1 }).map(meta) }),
  );
  server.registerTool("read", {
    description: "Read a resource by URI",
    inputSchema: z.object({ uri: z.string() }),
  }, ({ uri }) => {
    const d = byUri.get(uri);
    if (!d) return { ...text(`Resource '${uri}' not found`), isError: true };
    return { content: [{ type: "text" as const, text: manifest.bodies[d.id]! }] };
  });
  server.registerTool("search", {
    description: "Full-text search",
    inputSchema: z.object({ query: z.string(), source: z.string().optional() }),
  }, ({ query }) => {
    const hits = find(query, { keywords: 3, title: 2, content: 1 });
    return text(hits.map((d) => ({ name: d.title, uri: d.uri })));
  });
  return server;
}

const handler = createMcpHandler(() => makeServer());
Deno.serve(
  { hostname: "127.0.0.1", port: Number(port), onListen: () => {} },
  (request) => handler.fetch(request),
);
console.error(`peer listening on ${port}`);
