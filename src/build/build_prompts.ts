import type { BuildReport, SourceFile } from "./types.ts";
import type { ManifestPrompt, PromptArgument } from "../content/manifest.ts";
import { FrontmatterError, parseFrontmatter } from "./parse_frontmatter.ts";
import { publicationVerdict } from "./publication.ts";
import { stringList } from "./extract_metadata.ts";

const ARG_NAME = /^[A-Za-z_][\w-]*$/;

/**
 * Turns a source's `mcp-prompts/*.md` files into prompts named `<source>:<name>`: frontmatter
 * `name` (default: the file name), `description`, `arguments [{name, description, required,
 * enum?, examples?}]`; the body is the template. A prompt with a status other than Live or
 * Experimental, or `draft: true`, is hidden like a document. Problems go to the report.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPrompts } from "./build_prompts.ts";
 * const report = { seen: 0, exposed: 0, hidden: [], warnings: [], errors: [] };
 * const [p] = buildPrompts("docs", [{ path: "review.md", text:
 *   "---\ndescription: Review\narguments:\n  - name: file\n    required: true\n---\nReview {{.file}}" }], report);
 * assert.ok(p?.name === "docs:review" && p.arguments[0]?.required === true);
 * ```
 */
export function buildPrompts(
  source: string,
  files: readonly SourceFile[],
  report: BuildReport,
): ManifestPrompt[] {
  const prompts: ManifestPrompt[] = [];
  const names = new Set<string>();
  for (const file of files) {
    const label = `${source}/mcp-prompts/${file.path}`;
    let fm;
    try {
      fm = parseFrontmatter(file.text);
    } catch (error) {
      if (!(error instanceof FrontmatterError)) throw error;
      report.errors.push({ file: label, line: error.line, reason: error.message });
      continue;
    }
    const verdict = publicationVerdict(fm.attrs, {
      statuses: ["Live", "Experimental"],
      requireStatus: false,
    });
    if (!verdict.exposed) {
      report.hidden.push({ file: label, reason: verdict.reason });
      continue;
    }
    const base = typeof fm.attrs.name === "string" && fm.attrs.name.trim() !== ""
      ? fm.attrs.name.trim()
      : file.path.replace(/\.md$/, "");
    const name = `${source}:${base}`;
    if (names.has(name)) {
      report.warnings.push({
        file: label,
        line: 1,
        reason: `duplicate prompt name ${name}; skipped`,
      });
      continue;
    }
    names.add(name);
    const args = parseArguments(fm.attrs.arguments, label, report);
    const prompt: ManifestPrompt = {
      name,
      source,
      description: typeof fm.attrs.description === "string" ? fm.attrs.description.trim() : "",
      arguments: args,
      template: fm.body.trim(),
    };
    if (typeof fm.attrs.title === "string") prompt.title = fm.attrs.title;
    prompts.push(prompt);
  }
  return prompts;
}

function parseArguments(value: unknown, label: string, report: BuildReport): PromptArgument[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    report.warnings.push({ file: label, line: 1, reason: "arguments must be a list; ignored" });
    return [];
  }
  const out: PromptArgument[] = [];
  for (const [i, raw] of value.entries()) {
    const a = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const name = typeof a.name === "string" ? a.name.trim() : "";
    if (!ARG_NAME.test(name)) {
      report.warnings.push({
        file: label,
        line: 1,
        reason: `arguments[${i}].name must be a word (letters, digits, _ or -); skipped`,
      });
      continue;
    }
    const arg: PromptArgument = {
      name,
      description: typeof a.description === "string" ? a.description.trim() : "",
      required: a.required === true,
    };
    const values = [...stringList(a.enum), ...stringList(a.examples)];
    if (values.length > 0) arg.values = [...new Set(values)];
    out.push(arg);
  }
  return out;
}
