import { META_FRESHNESS } from "../../content/freshness.ts";
import type { HeadHandler } from "../method_context.ts";
import { SUPPORTED_VERSIONS } from "../versions.ts";
import { serverCapabilities } from "./capabilities.ts";

/** `server/discover` (2026-07-28): supported versions, capabilities and instructions. */
export const discover: HeadHandler = (ctx) => {
  const result: Record<string, unknown> = {
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: serverCapabilities(ctx),
  };
  result.instructions = ctx.settings.instructions;
  result._meta = { [META_FRESHNESS]: ctx.settings.freshness };
  return result;
};
