import type { MethodSpec } from "./method_context.ts";
import { discover } from "./methods/discover.ts";
import { initialize } from "./methods/initialize.ts";
import { ping } from "./methods/ping.ts";
import { toolsCall } from "./methods/tools_call.ts";
import { toolsList } from "./methods/tools_list.ts";
import { resourcesList } from "./methods/resources_list.ts";
import { resourcesRead } from "./methods/resources_read.ts";
import { resourcesTemplatesList } from "./methods/resources_templates_list.ts";
import { promptsList } from "./methods/prompts_list.ts";
import { promptsGet } from "./methods/prompts_get.ts";
import { completionComplete } from "./methods/completion_complete.ts";
import { loggingSetLevel } from "./methods/logging_set_level.ts";

/**
 * Every MCP method Shelf answers. Adding a method is one handler file plus one line here; a
 * miss is `-32601` (HTTP 404 in the modern era). `head` and `outline` methods need no document:
 * a server started from a sharded build's root answers them before it reads the manifest (the
 * listings from the root's outline of the sources and prompts). `completion/complete` completes
 * paths too, which needs the documents.
 */
export const METHOD_TABLE: Readonly<Record<string, MethodSpec>> = {
  "initialize": { eras: "legacy", head: initialize },
  "ping": { eras: "legacy", head: ping },
  "server/discover": { eras: "modern", head: discover, cacheable: true },
  "tools/list": { eras: "both", outline: toolsList, cacheable: true },
  "tools/call": { eras: "both", handler: toolsCall },
  "resources/list": { eras: "both", handler: resourcesList, cacheable: true },
  "resources/read": { eras: "both", handler: resourcesRead, cacheable: true },
  "resources/templates/list": { eras: "both", outline: resourcesTemplatesList, cacheable: true },
  "prompts/list": { eras: "both", outline: promptsList, cacheable: true },
  "prompts/get": { eras: "both", handler: promptsGet },
  "completion/complete": { eras: "both", handler: completionComplete },
  "logging/setLevel": { eras: "legacy", head: loggingSetLevel },
};
