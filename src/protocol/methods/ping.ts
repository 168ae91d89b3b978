import type { HeadHandler } from "../method_context.ts";

/** `ping`: an empty result. */
export const ping: HeadHandler = () => ({});
