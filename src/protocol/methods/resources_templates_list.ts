import type { OutlineHandler } from "../method_context.ts";
import { paginate } from "../paginate.ts";

/**
 * `resources/templates/list`: the one URI template, `acdc://{source}/{+path}`. It is a list
 * like the others: a cursor it did not issue is `-32602`.
 */
export const resourcesTemplatesList: OutlineHandler = ({ outline, params }) => {
  const { page } = paginate(
    [{
      uriTemplate: "acdc://{source}/{+path}",
      name: "document",
      title: "Knowledge-base document",
      description: `A document by source (${outline.sourceNames.join(", ")}) and path without ` +
        "extension; complete both with completion/complete.",
    }],
    params.cursor,
    "templates",
  );
  return { resourceTemplates: page };
};
