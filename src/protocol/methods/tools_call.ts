import type { MethodHandler } from "../method_context.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";
import { hasStructuredOutput } from "../versions.ts";
import { ToolArgError } from "../../tools/read_args.ts";
import { errorResult } from "../../tools/tool.ts";

/**
 * `tools/call`: an unknown tool or malformed `arguments` is a protocol error (`-32602`); a bad
 * argument value or a business failure is a tool result with `isError: true`.
 */
export const toolsCall: MethodHandler = async (
  { params, session, store, tools, engines, search },
) => {
  const name = params.name;
  if (typeof name !== "string" || name === "") {
    throw new RpcError(ErrorCode.InvalidParams, "name: must be the name of a tool");
  }
  const tool = tools.get(name);
  if (!tool) {
    throw new RpcError(
      ErrorCode.InvalidParams,
      `Unknown tool: ${name.slice(0, 100)}. Tools: ${tools.tools.map((t) => t.name).join(", ")}`,
    );
  }
  const args = params.arguments ?? {};
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new RpcError(ErrorCode.InvalidParams, "arguments: must be an object");
  }
  const structured = hasStructuredOutput(session.protocolVersion);
  try {
    const ctx = {
      store,
      structured,
      engine: () => engines.get(store),
      search,
      docsAlias: tools.get("search_documents") !== undefined,
    };
    // Returned as is: cached results are shared objects that nothing downstream mutates.
    return (await tool.call(args as Record<string, unknown>, ctx)) as unknown as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (error instanceof ToolArgError) return { ...errorResult(error.message) };
    throw error;
  }
};
