import type { DocumentFormat } from "../content/manifest.ts";

const FORMATS: Record<string, DocumentFormat> = {
  ".md": "markdown",
  ".markdown": "markdown",
  ".mdx": "markdown", // MDX rules of the dialect cleaner apply (dialects/clean_markdown.ts)
  ".html": "html",
  ".htm": "html",
  ".txt": "text",
};

/**
 * The format of a file by its extension, or `undefined` for files Shelf does not serve.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatOf } from "./format_of.ts";
 * assert.ok(formatOf("a/b.MD") === "markdown");
 * assert.ok(formatOf("a/b.png") === undefined);
 * ```
 */
export function formatOf(path: string): DocumentFormat | undefined {
  const dot = path.lastIndexOf(".");
  return dot === -1 ? undefined : FORMATS[path.slice(dot).toLowerCase()];
}
