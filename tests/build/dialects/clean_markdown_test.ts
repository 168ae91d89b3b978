import assert from "node:assert/strict";
import { cleanMarkdown } from "../../../src/build/dialects/clean_markdown.ts";

const clean = (text: string, dialect: Parameters<typeof cleanMarkdown>[1]["dialect"], extra = {}) =>
  cleanMarkdown(text, { dialect, mdx: false, ...extra });

Deno.test("clean: MDX imports, components and comments go; text and code stay", () => {
  const mdx = 'import { Tabs } from "@astrojs/starlight/components";\n\n# Install\n\n' +
    '<Tabs>\n<TabItem label="npm">Run `npm i`.</TabItem>\n</Tabs>\n{/* note */}\n' +
    "~~~jsx\n<Tabs />\n~~~\n" + '<Card\n  title="A"\n  onClick={() => go(">")}\n/>\nAfter.\n';
  assert.equal(
    clean(mdx, "starlight", { mdx: true }).text,
    "\n# Install\n\nRun `npm i`.\n~~~jsx\n<Tabs />\n~~~\nAfter.\n",
  );
});

Deno.test("clean: containers and admonitions of every framework become labelled quotes", () => {
  assert.equal(
    clean(":::tip[Heads up]\nKeep **this**.\n:::\n", "docusaurus").text,
    "> **Tip:** Heads up\n>\n> Keep **this**.\n",
  );
  assert.equal(
    clean("::::note\nOuter\n:::warning\nInner\n:::\n::::\n", "docusaurus").text,
    "> **Note**\n>\n> Outer\n> > **Warning**\n> >\n> > Inner\n",
  );
  assert.equal(clean("> [!WARNING]\n> Careful.\n", "plain").text, "> **Warning**\n> Careful.\n");
  assert.equal(
    clean('??? example "Expand"\n\n    ``` yaml\n    a: 1\n    ```\n\nAfter.\n', "mkdocs").text,
    "> **Example:** Expand\n>\n> ``` yaml\n> a: 1\n> ```\n\nAfter.\n",
  );
  assert.equal(
    clean('=== "C"\n\n    ``` c\n    int x;\n    ```\n\n=== "C++"\n\n    Text.\n', "mkdocs").text,
    "**C**\n\n``` c\nint x;\n```\n\n**C++**\n\nText.\n",
  );
  assert.equal(
    clean('<Aside type="caution" title="Mind">\nThis.\n</Aside>\n', "starlight", { mdx: true })
      .text,
    "> **Caution:** Mind\n>\n> This.\n",
  );
});

Deno.test("clean: Vue blocks, Hugo shortcodes and includes; one report per dropped kind", () => {
  const dropped: string[] = [];
  const include = (
    path: string,
  ) => (path === "_common/a.md" ? "---\nx: 1\n---\nIncluded." : undefined);
  const hugo = [
    '{{% include "_common/a.md" %}}',
    '{{% include "/elsewhere.md" %}}',
    "{{< code-toggle file=hugo >}}",
    "[build]",
    "  x = 1",
    "{{< /code-toggle >}}",
    "Since {{< new-in 0.140.0 />}}. {{% eturl figure %}}",
  ].join("\n");
  assert.equal(
    clean(hugo, "hugo", { include, dropped: (k: string) => dropped.push(k) }).text,
    "Included.\n\n```toml\n[build]\n  x = 1\n```\nSince New in v0.140.0. ",
  );
  assert.deepEqual(dropped, ["include", "shortcode eturl"]);
  assert.equal(
    clean(
      "<script setup>\nimport X from './x'\n</script>\n\n# Page\n<Badge text=\"new\" />\n",
      "vitepress",
    )
      .text,
    "\n# Page\n",
  );
});

Deno.test("clean: heading anchors leave the text and are numbered as sections count", () => {
  const { text, anchors } = clean(
    '# Props {#props}\n```md\n# in code {#no}\n```\n## Usage {/*usage*/}\n## Plain\n### 3.2.0 { id="3.2.0" }\n',
    "vitepress",
  );
  assert.equal(text, "# Props\n```md\n# in code {#no}\n```\n## Usage\n## Plain\n### 3.2.0\n");
  assert.deepEqual(anchors, ["props", "usage", undefined, "3.2.0"]);
});

Deno.test("clean: a plain page is left as written", () => {
  const page = "# tar\n\n> Archiving utility.\n\n- Create: `tar cf {{target.tar}} {{file}}`\n";
  assert.equal(clean(page, "plain").text, page);
});
