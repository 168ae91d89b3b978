/**
 * The probes of the leak scan: every tool of every profile, every resource, prompt and completion
 * a client can reach, for a set of queries. Shared by the scan for hidden (draft) articles and the
 * scan for sources a token's scopes do not cover.
 */
// deno-lint-ignore-file no-explicit-any
import { MODERN_META, modernHeaders, post } from "../helpers.ts";

/** One JSON-RPC call as some client makes it; returns the response body. */
export type Ask = (
  method: string,
  params?: Record<string, unknown>,
  modern?: boolean,
) => Promise<any>;

/** A client of `app` on the 2025-11-25 revision (or the modern one), sending `headers` too. */
export function asker(
  app: Parameters<typeof post>[0],
  headers: Record<string, string> = {},
): Ask {
  return async (method, params = {}, modern = false) => {
    if (!modern) {
      return (await post(app, { jsonrpc: "2.0", id: 1, method, params }, {
        "content-type": "application/json",
        "mcp-protocol-version": "2025-11-25",
        ...headers,
      })).body;
    }
    const name = typeof params.name === "string" ? params.name : undefined;
    return (await post(
      app,
      { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: MODERN_META } },
      { ...modernHeaders(method, name), ...headers },
    )).body;
  };
}

/**
 * Everything `ask` gets back for the probes, as JSON texts: section outputs (tables of contents
 * and sections, where a published page may name a heading like a hidden one) apart.
 */
export async function runLeakProbes(
  ask: Ask,
  queries: readonly string[],
  categories: readonly string[],
  completions: readonly string[],
): Promise<{ outputs: string[]; sectionOutputs: string[] }> {
  const outputs: string[] = [];
  const sectionOutputs: string[] = [];
  const tool = async (name: string, args: Record<string, unknown>) => {
    const body = await ask("tools/call", { name, arguments: args });
    (name === "table_of_contents" || name === "read_sections" ? sectionOutputs : outputs)
      .push(JSON.stringify(body));
    return body.result;
  };
  for (const query of queries) {
    await tool("search", { query });
    await tool("search_articles", { query, include_content: true });
    await tool("search_documents", { query, limit: 50 });
    await tool("search_documentation", { query, max_results: 20 });
  }
  const list = await tool("list_articles", { limit: 500 });
  for (const category of categories) await tool("list_articles", { category, limit: 500 });
  const files = await tool("list_documentation_files", {});
  for (const a of list.structuredContent.articles) {
    await tool("get_article", { slug: `${a.category}/${a.slug}` });
    await tool("read", { uri: a.uri });
    await tool("get_document", { document_id: a.uri });
  }
  for (const f of files.structuredContent.files) {
    const toc = await tool("table_of_contents", { filename: f.filename });
    const ids = toc.structuredContent.sections.map((s: { id: string }) => s.id).slice(0, 50);
    if (ids.length > 0) await tool("read_sections", { filename: f.filename, section_ids: ids });
  }
  let cursor: string | undefined;
  do {
    const page = await ask("resources/list", cursor ? { cursor } : {});
    outputs.push(JSON.stringify(page));
    for (const r of page.result.resources) {
      outputs.push(JSON.stringify(await ask("resources/read", { uri: r.uri })));
    }
    cursor = page.result.nextCursor;
  } while (cursor);
  outputs.push(JSON.stringify(await ask("resources/templates/list")));
  outputs.push(JSON.stringify(await ask("prompts/list")));
  for (const value of completions) {
    outputs.push(JSON.stringify(
      await ask("completion/complete", {
        ref: { type: "ref/resource", uri: "acdc://{source}/{+path}" },
        argument: { name: "path", value },
      }),
    ));
  }
  outputs.push(JSON.stringify(await ask("server/discover", {}, true)));
  outputs.push(JSON.stringify(await ask("tools/list", {}, true)));
  return { outputs, sectionOutputs };
}
