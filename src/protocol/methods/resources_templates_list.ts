import type { MethodHandler } from "../method_context.ts";

/** `resources/templates/list`: the one URI template, `acdc://{source}/{+path}`. */
export const resourcesTemplatesList: MethodHandler = ({ store }) => ({
  resourceTemplates: [{
    uriTemplate: "acdc://{source}/{+path}",
    name: "document",
    title: "Knowledge-base document",
    description: `A document by source (${store.sourceNames.join(", ")}) and path without ` +
      "extension; complete both with completion/complete.",
  }],
});
