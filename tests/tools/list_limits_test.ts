import assert from "node:assert/strict";
import { ALL_TOOLS } from "../../src/tools/tool_registry.ts";
import { OPENAI_TOOLS } from "../../src/tools/openai.ts";
import { LIST_LIMITS } from "../../src/tools/list_limits.ts";
import type { JsonSchema, ToolDefinition } from "../../src/tools/tool.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { appFor, buildMultiFixture, post } from "../helpers.ts";

const { manifest } = await buildMultiFixture();
const store = createContentStore(manifest);

/** Every tool's list (`type: "array"`) arguments, from its input schema. */
function listArguments(tool: ToolDefinition): [string, JsonSchema][] {
  const schema = typeof tool.inputSchema === "function"
    ? tool.inputSchema(store)
    : tool.inputSchema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).filter(([, p]) => p.type === "array");
}

const TOOLS = [...ALL_TOOLS, ...OPENAI_TOOLS];

Deno.test("list limits: every list argument of every tool is bounded, and its schema says so", () => {
  const found: string[] = [];
  for (const tool of TOOLS) {
    for (const [name, schema] of listArguments(tool)) {
      found.push(`${tool.name}.${name}`);
      const limit = tool.lists?.[name];
      assert.ok(limit, `${tool.name}.${name} has no bound`);
      assert.equal(limit, LIST_LIMITS[name as keyof typeof LIST_LIMITS], name);
      assert.equal(schema.maxItems, limit.maxItems, `${tool.name}.${name} maxItems`);
      assert.deepEqual(schema.items, { type: "string", maxLength: limit.maxItemLength }, name);
    }
    // A bound on an argument the schema does not list would be checked but never advertised.
    const listed = new Set(listArguments(tool).map(([name]) => name));
    for (const name of Object.keys(tool.lists ?? {})) assert.ok(listed.has(name), name);
  }
  assert.deepEqual(found.sort(), ["read_sections.section_ids", "search_documents.fileTypes"]);
});

/** The other arguments each tool with a list needs to get past its own checks. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  search_documents: { query: "conventions" },
  read_sections: { filename: "api/rest/conventions.md" },
};

async function call(name: string, args: Record<string, unknown>) {
  const { app, errors } = appFor(manifest);
  const res = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  }, { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" });
  assert.deepEqual(errors, []);
  return res.body;
}

for (const tool of TOOLS) {
  for (const [name] of listArguments(tool)) {
    const limit = LIST_LIMITS[name as keyof typeof LIST_LIMITS];
    Deno.test(`list limits: ${tool.name}'s ${name} past its bound is -32602 naming it`, async () => {
      const base = REQUIRED[tool.name];
      assert.ok(base, `no arguments for ${tool.name}`);
      const items = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);
      const tooMany = await call(tool.name, { ...base, [name]: items(limit.maxItems + 1) });
      assert.equal(tooMany.error?.code, -32602, JSON.stringify(tooMany));
      assert.equal(
        tooMany.error.message,
        `${name}: at most ${limit.maxItems} items (${limit.maxItems + 1} given)`,
      );
      const long = items(limit.maxItems);
      long[limit.maxItems - 1] = "a".repeat(limit.maxItemLength + 1);
      const tooLong = await call(tool.name, { ...base, [name]: long });
      assert.equal(tooLong.error?.code, -32602, JSON.stringify(tooLong));
      assert.equal(
        tooLong.error.message,
        `${name}[${limit.maxItems - 1}]: at most ${limit.maxItemLength} characters ` +
          `(${limit.maxItemLength + 1} given)`,
      );
      // At the bound the call is the tool's: an answer (an error result at worst), not refused.
      const full = items(limit.maxItems);
      full[0] = "a".repeat(limit.maxItemLength);
      const atBound = await call(tool.name, { ...base, [name]: full });
      assert.equal(atBound.error, undefined, JSON.stringify(atBound));
      assert.ok(atBound.result.content.length > 0);
    });
  }
}
