import type { MethodHandler } from "../method_context.ts";
import { SUPPORTED_VERSIONS } from "../versions.ts";
import { serverCapabilities } from "./capabilities.ts";

/** `server/discover` (2026-07-28): supported versions, capabilities and instructions. */
export const discover: MethodHandler = (ctx) => {
  const server = ctx.store.manifest.server;
  const result: Record<string, unknown> = {
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: serverCapabilities(ctx),
  };
  if (server.instructions) result.instructions = server.instructions;
  return result;
};
