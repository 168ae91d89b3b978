import type { MethodHandler } from "../method_context.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";
import { hasStructuredOutput } from "../versions.ts";
import { ToolArgError } from "../../tools/read_args.ts";
import { checkLists } from "../../tools/list_limits.ts";
import { ShardUnavailableError } from "../../content/shard_unavailable_error.ts";
import { errorResult } from "../../tools/tool.ts";
import { createResultCache, SEARCH_CACHE_BOUNDS } from "../../tools/result_cache.ts";
import type { StoreSettings } from "../store_settings.ts";

/** Longest arguments (as JSON) whose answer is kept: a longer call is answered, not cached. */
export const CACHED_ARGUMENTS_MAX_CHARS = 2000;

/**
 * The answers of cacheable tools (searches), per store's resolved settings: one settings object
 * per store and deployment, made and dropped with the store, so its answers go with it and two
 * deployments' settings over one store never share an answer.
 */
const answers = createResultCache<StoreSettings>(SEARCH_CACHE_BOUNDS);

/**
 * The cache key of a cacheable tool's call: tool, era shape and the arguments as sent (the same
 * question in another key order is another key, a miss, never a wrong answer); `undefined` for
 * arguments too long to keep.
 */
function cacheKey(name: string, args: object, structured: boolean): string | undefined {
  const json = JSON.stringify(args);
  return json.length > CACHED_ARGUMENTS_MAX_CHARS
    ? undefined
    : `${name}|${structured ? 1 : 0}|${json}`;
}

/**
 * `tools/call`: an unknown tool, malformed `arguments` or a list argument past its bound is a
 * protocol error (`-32602`); a bad argument value or a business failure is a tool result with
 * `isError: true`.
 */
export const toolsCall: MethodHandler = async (
  { params, session, store, tools, engines, search, settings },
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
  // Before the cache key and the call: a list past its bound costs nothing but this.
  if (tool.lists) checkLists(args as Record<string, unknown>, tool.lists);
  const structured = hasStructuredOutput(session.protocolVersion);
  try {
    const ctx = {
      store,
      structured,
      engine: () => engines.get(store),
      search,
      docsAlias: tools.get("search_documents") !== undefined,
      ...(session.base ? { base: session.base } : {}),
    };
    const key = tool.cacheable ? cacheKey(tool.name, args, structured) : undefined;
    let result = key === undefined ? undefined : answers.get(settings, key);
    if (!result) {
      result = await tool.call(args as Record<string, unknown>, ctx);
      if (key !== undefined) answers.keep(settings, key, result);
    }
    // Returned as is: cached results are shared objects that nothing downstream mutates.
    return result as unknown as Record<string, unknown>;
  } catch (error) {
    // A shard not read (a failed fetch) fails this call only: nothing of it is kept.
    if (error instanceof ToolArgError || error instanceof ShardUnavailableError) {
      return { ...errorResult(error.message) };
    }
    throw error;
  }
};
