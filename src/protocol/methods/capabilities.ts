import type { MethodContext } from "../method_context.ts";

/**
 * The capabilities Shelf advertises: only what it implements. `listChanged` is false because a
 * stateless server has no connection to deliver the notification on; `logging` only in the
 * legacy eras.
 *
 * @example
 * ```ts ignore
 * const caps = serverCapabilities(ctx);
 * ```
 */
export function serverCapabilities(ctx: MethodContext): Record<string, unknown> {
  const caps: Record<string, unknown> = {
    tools: { listChanged: false },
    resources: { subscribe: false, listChanged: false },
    prompts: { listChanged: false },
    completions: {},
  };
  // Logging was removed from the 2026-07-28 core; legacy clients may still set a level.
  if (!ctx.session.modern) caps.logging = {};
  return caps;
}
