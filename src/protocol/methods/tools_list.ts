import type { MethodHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";
import { hasStructuredOutput } from "../versions.ts";
import { markReusable } from "../../tools/reusable.ts";
import type { ToolRegistry } from "../../tools/tool_registry.ts";
import { describeTools } from "../../tools/describe_tools.ts";

// The listing depends only on the registry (one per store) and the era: built once, reused.
const listings = new WeakMap<ToolRegistry, Map<string, Record<string, unknown>>>();

/** `tools/list`: the enabled tools; `title` and `outputSchema` for 2025-06-18 and later. */
export const toolsList: MethodHandler = ({ params, session, store, tools }) => {
  const structured = hasStructuredOutput(session.protocolVersion);
  const key = `${structured}|${typeof params.cursor === "string" ? params.cursor : ""}`;
  let byKey = listings.get(tools);
  if (!byKey) listings.set(tools, byKey = new Map());
  const cached = params.cursor === undefined || typeof params.cursor === "string"
    ? byKey.get(key)
    : undefined;
  if (cached) return cached;
  const listed = describeTools(tools, store, structured);
  const { page, nextCursor } = paginate(listed, params.cursor, "tools");
  const result = nextCursor ? { tools: page, nextCursor } : { tools: page };
  if (byKey.size < 16) {
    byKey.set(key, result);
    markReusable(result);
  }
  return result;
};
