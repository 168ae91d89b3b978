import type { HeadContext } from "../method_context.ts";

/**
 * The capabilities Shelf advertises: only what it implements. `listChanged` is true only on a
 * connection that can receive the notification (stdio or a legacy SSE stream while
 * `deno task dev` watches the content); stateless HTTP has nowhere to deliver it. `logging`
 * only in the legacy eras.
 *
 * @example
 * ```ts ignore
 * const caps = serverCapabilities(ctx);
 * ```
 */
export function serverCapabilities(ctx: HeadContext): Record<string, unknown> {
  const listChanged = ctx.session.listChanged === true;
  const caps: Record<string, unknown> = {
    tools: { listChanged },
    resources: { subscribe: false, listChanged },
    prompts: { listChanged },
    completions: {},
  };
  // Logging was removed from the 2026-07-28 core; legacy clients may still set a level.
  if (!ctx.session.modern) caps.logging = {};
  return caps;
}
