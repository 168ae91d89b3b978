import { ACDC_TOOLS } from "./acdc.ts";
import { ARTICLE_TOOLS } from "./articles.ts";
import { SECTION_TOOLS } from "./sections.ts";
import { MCP_SERVE_TOOLS } from "./mcp_serve.ts";
import { TECHDOC_TOOLS } from "./techdoc.ts";
import { OPENAI_TOOLS } from "./openai.ts";
import type { ToolDefinition } from "./tool.ts";

/** Tool families listed when the config names none. */
export const DEFAULT_PROFILES: readonly string[] = ["articles", "acdc", "sections"];

/** Every tool Shelf implements, in listing order. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  ...ARTICLE_TOOLS,
  ...ACDC_TOOLS,
  ...SECTION_TOOLS,
  ...MCP_SERVE_TOOLS,
  ...TECHDOC_TOOLS,
];

/**
 * The `openai` profile's registry: ChatGPT's `search` and `fetch`, alone, for the endpoint that
 * serves them (`/mcp/openai`; the ACDC `search` owns the name on `/mcp`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createOpenAiRegistry } from "./tool_registry.ts";
 * assert.deepEqual(createOpenAiRegistry().tools.map((t) => t.name), ["search", "fetch"]);
 * ```
 */
export function createOpenAiRegistry(): ToolRegistry {
  const byName = new Map(OPENAI_TOOLS.map((t) => [t.name, t]));
  return { tools: OPENAI_TOOLS, get: (name) => byName.get(name) };
}

/** The tools one server lists and calls. */
export interface ToolRegistry {
  /** Listed tools, in a stable order. */
  readonly tools: readonly ToolDefinition[];
  get(name: string): ToolDefinition | undefined;
}

/**
 * Picks the tools of the enabled profiles, optionally with overridden descriptions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createToolRegistry } from "./tool_registry.ts";
 * const reg = createToolRegistry({ profiles: ["articles"] });
 * assert.ok(reg.get("get_article") !== undefined && reg.get("nope") === undefined);
 * ```
 */
export function createToolRegistry(
  options: { profiles?: readonly string[]; descriptions?: Readonly<Record<string, string>> } = {},
): ToolRegistry {
  const profiles = new Set(options.profiles ?? DEFAULT_PROFILES);
  const tools = ALL_TOOLS.filter((t) => profiles.has(t.family)).map((t) => {
    const description = options.descriptions?.[t.name];
    return description ? { ...t, description } : t;
  });
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { tools, get: (name) => byName.get(name) };
}
