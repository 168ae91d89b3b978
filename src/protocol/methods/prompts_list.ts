import type { MethodHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";

/** `prompts/list`: every prompt as `<source>:<name>` with its arguments. */
export const promptsList: MethodHandler = ({ params, store }) => {
  const { page, nextCursor } = paginate(store.manifest.prompts ?? [], params.cursor, "prompts");
  const prompts = page.map((p) => ({
    name: p.name,
    ...(p.title ? { title: p.title } : {}),
    description: p.description,
    arguments: p.arguments.map((a) => ({
      name: a.name,
      description: a.description,
      required: a.required,
    })),
  }));
  return nextCursor ? { prompts, nextCursor } : { prompts };
};
