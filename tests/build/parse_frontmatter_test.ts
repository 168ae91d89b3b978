import assert from "node:assert/strict";
import { FrontmatterError, parseFrontmatter } from "../../src/build/parse_frontmatter.ts";
import { CORPORA } from "../helpers.ts";

Deno.test("parseFrontmatter: no frontmatter keeps the whole text as body", () => {
  assert.deepEqual(parseFrontmatter("# Title\n\ntext\n"), {
    attrs: {},
    body: "# Title\n\ntext\n",
    bodyLine: 1,
    present: false,
  });
});

Deno.test("parseFrontmatter: ASDLC shapes — quoted/unquoted status, unquoted dates, block lists, nested maps", () => {
  const text = [
    "---",
    'title: "Adversarial Code Review"',
    "status: Experimental",
    "lastUpdated: 2026-05-04",
    "tags:",
    '  - "Adversarial Review"',
    "  - Code Quality",
    'relatedIds: ["patterns/the-spec", "concepts/gherkin"]',
    "references:",
    '  - type: "website"',
    "    title: Thing",
    "    published: 2026-03-12",
    "---",
    "## Overview",
    "",
  ].join("\n");
  const fm = parseFrontmatter(text);
  assert.deepEqual(fm.attrs, {
    title: "Adversarial Code Review",
    status: "Experimental",
    lastUpdated: "2026-05-04",
    tags: ["Adversarial Review", "Code Quality"],
    relatedIds: ["patterns/the-spec", "concepts/gherkin"],
    references: [{ type: "website", title: "Thing", published: "2026-03-12" }],
  });
  assert.equal(fm.body, "## Overview\n");
  assert.equal(fm.bodyLine, 14);
});

Deno.test("parseFrontmatter: CRLF line endings and a BOM", () => {
  const fm = parseFrontmatter("\uFEFF---\r\ntitle: Hi\r\n---\r\nbody\r\n");
  assert.equal(fm.attrs.title, "Hi");
  assert.equal(fm.body, "body\r\n");
});

Deno.test("parseFrontmatter: empty block is an empty mapping", () => {
  assert.deepEqual(parseFrontmatter("---\n---\nx").attrs, {});
});

Deno.test("parseFrontmatter: invalid YAML throws with the file line", () => {
  const text = "---\ntitle: ok\ntags: [a, b\nstatus: Live\n---\nbody";
  assert.throws(() => parseFrontmatter(text), (e: unknown) => {
    assert.ok(e instanceof FrontmatterError);
    assert.match(e.message, /^invalid YAML: /);
    assert.ok(e.line >= 3 && e.line <= 5, `line ${e.line}`);
    return true;
  });
});

Deno.test("parseFrontmatter: a scalar or list is not a mapping", () => {
  assert.throws(() => parseFrontmatter("---\n- a\n- b\n---\n"), /must be a YAML mapping/);
  assert.throws(() => parseFrontmatter("---\njust text\n---\n"), /must be a YAML mapping/);
});

Deno.test("parseFrontmatter: unclosed frontmatter", () => {
  assert.throws(() => parseFrontmatter("---\ntitle: x\n# body"), /not closed/);
});

Deno.test("parseFrontmatter: every ASDLC corpus file parses", async () => {
  let count = 0;
  for (const dir of ["concepts", "patterns", "practices", "recipes"]) {
    for await (const entry of Deno.readDir(`${CORPORA}/asdlc/${dir}`)) {
      if (!entry.name.endsWith(".md")) continue;
      const fm = parseFrontmatter(await Deno.readTextFile(`${CORPORA}/asdlc/${dir}/${entry.name}`));
      assert.ok(fm.present, entry.name);
      assert.equal(typeof fm.attrs.title, "string", entry.name);
      count++;
    }
  }
  assert.equal(count, 72);
});
