/** An ESM statement's first line in MDX (`import X from "y"`, `export const meta = {…}`). */
const ESM = /^(?:import|export)\s/;
/** A JSX tag of a component (capitalized or dotted name), opening, closing or self-closing. */
const JSX_TAG = /<\/?[A-Z][\w.]*(?:\s(?:[^<>{}]|\{[^{}]*\})*)?\/?>/g;

/**
 * MDX (Astro, Docusaurus, Starlight) as plain markdown: ESM `import`/`export` statements and
 * `{/* comments *\/}` are dropped, component tags (`<Tabs>`, `<TabItem value="a">`, `<Aside />`)
 * are removed while the text inside them stays; fenced code is left exactly as written. Line
 * by line, linear in the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxToMarkdown } from "./mdx_to_markdown.ts";
 * const mdx = 'import { Tabs } from "@astrojs/starlight/components";\n\n# Install\n\n' +
 *   '<Tabs>\n<TabItem label="npm">Run `npm i`.</TabItem>\n</Tabs>\n{/* note *\/}\n' +
 *   "~~~jsx\n<Tabs />\n~~~\n";
 * assert.equal(mdxToMarkdown(mdx), "\n# Install\n\nRun `npm i`.\n~~~jsx\n<Tabs />\n~~~\n");
 * ```
 */
export function mdxToMarkdown(text: string): string {
  const out: string[] = [];
  let fence = "";
  let depth = 0; // open braces of a multi-line import/export statement
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    if (fence) {
      out.push(line);
      if (trimmed.startsWith(fence)) fence = "";
      continue;
    }
    const open = /^(```+|~~~+)/.exec(trimmed);
    if (open) {
      fence = open[1]!;
      out.push(line);
      continue;
    }
    if (depth > 0 || ESM.test(line)) {
      for (const c of line) depth += c === "{" ? 1 : c === "}" ? -1 : 0;
      if (depth < 0) depth = 0;
      continue;
    }
    const cleaned = line.replace(/\{\/\*[^]*?\*\/\}/g, "").replace(JSX_TAG, "");
    // A line that held only tags or comments disappears; other lines keep their text.
    if (cleaned.trim() === "" && line.trim() !== "") continue;
    out.push(cleaned);
  }
  return out.join("\n");
}
