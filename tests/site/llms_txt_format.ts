/**
 * The llms.txt format (llmstxt.org) as a checker, written from the proposal's rules:
 *
 * 1. The file starts with an H1 (`# name`) — the only required part.
 * 2. Then, optionally, a blockquote summary (`> …`).
 * 3. Then any markdown that is not a heading (paragraphs, lists).
 * 4. Then zero or more H2 sections (`## title`), each a "file list": markdown list items, each
 *    a required link `[name](url)` optionally followed by `: notes`. A section titled
 *    `Optional` holds links an agent may skip.
 *
 * No other heading level appears. Throws an `Error` naming the line for any violation and
 * returns the parsed parts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLlmsTxt } from "./llms_txt_format.ts";
 * const parsed = parseLlmsTxt("# kb\n\n> Docs.\n\nHow to use.\n\n## Guides\n\n- [A](https://x/a.md): notes\n");
 * assert.equal(parsed.title, "kb");
 * assert.deepEqual(parsed.sections[0]!.links, [{ name: "A", url: "https://x/a.md", notes: "notes" }]);
 * assert.throws(() => parseLlmsTxt("## no h1\n"), /line 1: .*H1/);
 * assert.throws(() => parseLlmsTxt("# kb\n\n## S\n\nplain text\n"), /line 5: .*list item/);
 * ```
 */
export interface LlmsTxt {
  title: string;
  summary?: string;
  sections: { title: string; links: { name: string; url: string; notes?: string }[] }[];
}

const LINK_ITEM = /^- \[([^\]\n]+)\]\(([^()\s]+)\)(?:: (.+))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split("\n");
  const fail = (i: number, why: string): never => {
    throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(lines[i]?.slice(0, 120))}`);
  };
  const h1 = /^# (\S.*)$/.exec(lines[0] ?? "");
  if (!h1) fail(0, "the file must start with an H1");
  const out: LlmsTxt = { title: h1![1]!, sections: [] };
  let i = 1;
  while (i < lines.length && lines[i] === "") i++;
  if (lines[i]?.startsWith("> ")) {
    const quote: string[] = [];
    while (lines[i]?.startsWith(">")) quote.push(lines[i++]!.replace(/^> ?/, ""));
    out.summary = quote.join(" ");
  }
  for (; i < lines.length && !lines[i]!.startsWith("## "); i++) {
    if (lines[i]!.startsWith("#")) fail(i, "only an H1 and H2 sections may be headings");
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const h2 = /^## (\S.*)$/.exec(line);
    if (h2) {
      out.sections.push({ title: h2[1]!, links: [] });
      continue;
    }
    if (line.startsWith("#")) fail(i, "only an H1 and H2 sections may be headings");
    const item = LINK_ITEM.exec(line);
    if (!item) fail(i, "an H2 section holds only list items of the form - [name](url): notes");
    out.sections.at(-1)!.links.push({
      name: item![1]!,
      url: item![2]!,
      ...(item![3] !== undefined ? { notes: item![3] } : {}),
    });
  }
  return out;
}
