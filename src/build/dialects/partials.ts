/**
 * Files a framework builds no page from: Docusaurus partials (`_`-prefixed files and folders,
 * for imports only), Hugo's headless pages (`build.render` and `build.list` both `never`, or
 * `headless: true`; also cascaded from a section's `_index.md` to the pages below it, as Hugo's
 * `_common` bundle does — pages listed though not rendered, like glossary terms, stay). They are kept out of the documents but
 * stay available to includes.
 *
 * @module
 */
import type { Dialect } from "./dialect.ts";

/** Whether front matter makes a page headless: never rendered and never listed. */
const headless = (value: unknown): boolean => {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  if (v.headless === true) return true;
  const build = v.build ?? v._build;
  if (build === null || typeof build !== "object") return false;
  const b = build as Record<string, unknown>;
  return (b.render === "never" || b.render === false) && (b.list === "never" || b.list === false);
};

/**
 * A function telling, for a file of the source, why it is not a page (or `undefined`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPartial } from "./partials.ts";
 * const hugo = isPartial("hugo", [
 *   { path: "_common/_index.md", attrs: { cascade: { build: { render: "never", list: "never" } } } },
 *   { path: "_common/a.md", attrs: {} },
 *   { path: "guide.md", attrs: {} },
 * ]);
 * assert.ok(hugo("_common/a.md"));
 * assert.equal(hugo("_common/_index.md"), undefined); // a cascade is for the pages below
 * assert.equal(hugo("guide.md"), undefined);
 * const docusaurus = isPartial("docusaurus", []);
 * assert.ok(docusaurus("components/_Warning.mdx"));
 * assert.equal(docusaurus("intro.md"), undefined);
 * ```
 */
export function isPartial(
  dialect: Dialect,
  files: readonly { path: string; attrs: Record<string, unknown> }[],
): (path: string) => string | undefined {
  if (dialect === "docusaurus") {
    return (path) =>
      path.split("/").some((part) => part.startsWith("_"))
        ? "a Docusaurus partial (a _-prefixed file or folder): no page of its own"
        : undefined;
  }
  if (dialect === "sphinx") {
    return (path) =>
      /^_|\/_/.test(path) || /^(genindex(-\w+)?|search|py-modindex)\.html?$/.test(path)
        ? "Sphinx's own page (sources, module code, indexes): not documentation"
        : undefined;
  }
  if (dialect !== "hugo") return () => undefined;
  const never = new Set<string>();
  const cascading: string[] = [];
  for (const { path, attrs } of files) {
    if (headless(attrs)) never.add(path);
    if (/(^|\/)_index\.md$/.test(path) && headless(attrs.cascade)) {
      cascading.push(path.slice(0, path.lastIndexOf("/") + 1));
    }
  }
  return (path) =>
    never.has(path) ||
      cascading.some((dir) => path.startsWith(dir) && path.slice(dir.length) !== "_index.md")
      ? "Hugo neither renders nor lists it (headless): no page of its own"
      : undefined;
}
