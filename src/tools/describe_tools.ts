import type { StoreOutline } from "../content/manifest_outline.ts";
import type { ToolRegistry } from "./tool_registry.ts";

/**
 * The tools of a registry as clients see them: name, description, input schema (some depend
 * on the store's outline, e.g. the sources a tool offers), annotations; with `structured` (2025-06-18 and
 * later) also `title` and `outputSchema`. `tools/list` and the server card both use it, so they
 * cannot drift.
 */
export function describeTools(
  tools: ToolRegistry,
  store: StoreOutline,
  structured: boolean,
): Record<string, unknown>[] {
  return tools.tools.map((tool) => {
    const entry: Record<string, unknown> = {
      name: tool.name,
      description: tool.description,
      inputSchema: typeof tool.inputSchema === "function"
        ? tool.inputSchema(store)
        : tool.inputSchema,
      annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false },
    };
    if (structured) {
      entry.title = tool.title;
      if (tool.outputSchema) entry.outputSchema = tool.outputSchema;
    }
    return entry;
  });
}
