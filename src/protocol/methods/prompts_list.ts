import type { OutlineHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";

/**
 * `prompts/list`: every prompt as `<source>:<name>` with its arguments, from the manifest's
 * outline (which keeps them as this method lists them).
 */
export const promptsList: OutlineHandler = ({ params, outline }) => {
  const { page, nextCursor } = paginate(outline.prompts, params.cursor, "prompts");
  return nextCursor ? { prompts: page, nextCursor } : { prompts: page };
};
