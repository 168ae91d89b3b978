import type { MethodContext } from "../method_context.ts";

/**
 * The capabilities Shelf advertises: only what it implements. `listChanged` is false because a
 * stateless server has no connection to deliver the notification on.
 *
 * @example
 * ```ts ignore
 * const caps = serverCapabilities(ctx);
 * ```
 */
export function serverCapabilities(_ctx: MethodContext): Record<string, unknown> {
  return { tools: { listChanged: false } };
}
