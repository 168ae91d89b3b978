import type { MethodHandler } from "../method_context.ts";

/** `ping`: an empty result. */
export const ping: MethodHandler = () => ({});
