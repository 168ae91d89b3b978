import { META_FRESHNESS } from "../../content/freshness.ts";
import type { HeadHandler } from "../method_context.ts";
import { negotiateVersion } from "../versions.ts";
import { serverCapabilities } from "./capabilities.ts";

/** `initialize` (legacy eras): negotiates the version and reports identity and capabilities. */
export const initialize: HeadHandler = (ctx) => {
  const server = ctx.head.server;
  const result: Record<string, unknown> = {
    protocolVersion: negotiateVersion(ctx.params.protocolVersion),
    capabilities: serverCapabilities(ctx),
    serverInfo: { name: server.name, version: server.version },
  };
  result.instructions = ctx.settings.instructions;
  result._meta = { [META_FRESHNESS]: ctx.settings.freshness };
  return result;
};
