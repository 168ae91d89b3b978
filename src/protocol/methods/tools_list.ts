import type { MethodHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";
import { hasStructuredOutput } from "../versions.ts";

/** `tools/list`: the enabled tools; `title` and `outputSchema` for 2025-06-18 and later. */
export const toolsList: MethodHandler = ({ params, session, store, tools }) => {
  const structured = hasStructuredOutput(session.protocolVersion);
  const listed = tools.tools.map((tool) => {
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
  const { page, nextCursor } = paginate(listed, params.cursor, "tools");
  return nextCursor ? { tools: page, nextCursor } : { tools: page };
};
