import type { MethodSpec } from "./method_context.ts";
import { discover } from "./methods/discover.ts";
import { initialize } from "./methods/initialize.ts";
import { ping } from "./methods/ping.ts";
import { toolsCall } from "./methods/tools_call.ts";
import { toolsList } from "./methods/tools_list.ts";

/**
 * Every MCP method Shelf answers. Adding a method is one handler file plus one line here; a
 * miss is `-32601` (HTTP 404 in the modern era).
 */
export const METHOD_TABLE: Readonly<Record<string, MethodSpec>> = {
  "initialize": { eras: "legacy", handler: initialize },
  "ping": { eras: "both", handler: ping },
  "server/discover": { eras: "modern", handler: discover, cacheable: true },
  "tools/list": { eras: "both", handler: toolsList, cacheable: true },
  "tools/call": { eras: "both", handler: toolsCall },
};
