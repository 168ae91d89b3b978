import type { OutlineHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";
import { hasStructuredOutput } from "../versions.ts";
import { markReusable } from "../../tools/reusable.ts";
import type { ToolRegistry } from "../../tools/tool_registry.ts";
import { describeTools } from "../../tools/describe_tools.ts";
import type { VisibleOutline } from "../../content/manifest_outline.ts";

// The listing depends only on the registry (one per head), what the request sees of the outline
// (one object per visible set) and the era: built once, reused.
const listings = new WeakMap<
  ToolRegistry,
  WeakMap<VisibleOutline, Map<string, Record<string, unknown>>>
>();

/**
 * `tools/list`: the enabled tools; `title` and `outputSchema` for 2025-06-18 and later. The input
 * schemas name the sources and categories the request sees: answered from the manifest's
 * outline, before any document is read.
 */
export const toolsList: OutlineHandler = ({ params, session, outline, settings }) => {
  const { tools } = settings;
  const structured = hasStructuredOutput(session.protocolVersion);
  const key = `${structured}|${typeof params.cursor === "string" ? params.cursor : ""}`;
  let byOutline = listings.get(tools);
  if (!byOutline) listings.set(tools, byOutline = new WeakMap());
  let byKey = byOutline.get(outline);
  if (!byKey) byOutline.set(outline, byKey = new Map());
  const cached = params.cursor === undefined || typeof params.cursor === "string"
    ? byKey.get(key)
    : undefined;
  if (cached) return cached;
  const listed = describeTools(tools, outline, structured);
  const { page, nextCursor } = paginate(listed, params.cursor, "tools");
  const result = nextCursor ? { tools: page, nextCursor } : { tools: page };
  if (byKey.size < 16) {
    byKey.set(key, result);
    markReusable(result);
  }
  return result;
};
