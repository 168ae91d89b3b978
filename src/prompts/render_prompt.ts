import type { ManifestPrompt } from "../content/manifest.ts";
import { InvalidParamsError } from "../invalid_params.ts";

const PLACEHOLDER = /\{\{\s*\.?([A-Za-z_][\w-]*)\s*\}\}/g;

/**
 * Fills a prompt template: `{{.arg}}` and `{{arg}}` (spaces allowed) become the argument's
 * value; optional arguments that were not given become empty, so no placeholder is left. A
 * missing required argument, an unknown argument or a non-string value is `-32602` naming it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPrompt } from "./render_prompt.ts";
 * const p = { name: "d:r", source: "d", description: "", template: "Review {{.file}} {{ tone }}",
 *   arguments: [{ name: "file", description: "", required: true }, { name: "tone", description: "", required: false }] };
 * assert.ok(renderPrompt(p, { file: "a.ts" }) === "Review a.ts ");
 * ```
 */
export function renderPrompt(prompt: ManifestPrompt, args: Record<string, unknown>): string {
  const known = new Set(prompt.arguments.map((a) => a.name));
  for (const [name, value] of Object.entries(args)) {
    if (!known.has(name)) {
      throw new InvalidParamsError(
        `arguments.${name}: prompt '${prompt.name}' has no such argument` +
          (known.size > 0 ? ` (arguments: ${[...known].join(", ")})` : ""),
      );
    }
    if (typeof value !== "string") {
      throw new InvalidParamsError(`arguments.${name}: must be a string`);
    }
    if (value.length > 100_000) {
      throw new InvalidParamsError(`arguments.${name}: longer than 100000 characters`);
    }
  }
  for (const a of prompt.arguments) {
    if (a.required && (typeof args[a.name] !== "string" || (args[a.name] as string) === "")) {
      throw new InvalidParamsError(`arguments.${a.name}: required by prompt '${prompt.name}'`);
    }
  }
  return prompt.template.replace(PLACEHOLDER, (_, name: string) => {
    const v = args[name];
    return typeof v === "string" ? v : "";
  });
}
