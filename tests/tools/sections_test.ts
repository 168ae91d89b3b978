import assert from "node:assert/strict";
import {
  appFor,
  buildFolder,
  buildMultiFixture,
  callTool,
  CORPORA,
  FIXTURE_HIDDEN,
} from "../helpers.ts";
import { DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { answerChars, fitCount } from "../../src/tools/page_text.ts";
import { fileChars } from "../../src/tools/sections.ts";

const { manifest } = await buildMultiFixture();
const { app, errors } = appFor(manifest);
const { manifest: hugo } = await buildFolder(`${CORPORA}/hugo-docs`);
const { app: hugoApp } = appFor(hugo);

Deno.test("list_documentation_files: filename, title, description, keywords, size as b/kb", async () => {
  const r = await callTool(app, "list_documentation_files", {});
  const files = r.structuredContent.files;
  assert.deepEqual(JSON.parse(r.content[0].text), files);
  const conventions = files.find((f: { filename: string }) =>
    f.filename === "api/rest/conventions.md"
  );
  assert.deepEqual(conventions, {
    filename: "api/rest/conventions.md",
    source: "api",
    title: "REST Conventions",
    description: "Conventions for RESTful API design, including naming, versioning and errors.",
    keywords: ["REST", "HTTP", "API", "Design"],
    size: conventions.size,
  });
  assert.match(conventions.size, /^\d+b$|^\d+\.\d+kb$/);
  const names = files.map((f: { filename: string }) => f.filename);
  assert.ok(!names.some((n: string) => /secret|scratch/.test(n)));
  // hugo-docs' 993 files come in parts that fit the answer's budget, paged by offset: each part
  // as many as fit of all the files after its offset (only those whose details it read).
  const hugoFiles: { filename: string }[] = [];
  const starts: number[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const part = await callTool(hugoApp, "list_documentation_files", { offset });
    starts.push(offset);
    hugoFiles.push(...part.structuredContent.files);
    offset = part.structuredContent.nextOffset;
    if (offset !== undefined) {
      assert.equal(part.structuredContent.total, hugo.documents.length);
      assert.match(part.content[1].text, /call list_documentation_files with offset \d+/);
    }
  }
  assert.equal(hugoFiles.length, hugo.documents.length);
  assert.ok(starts.length > 2, `${starts.length} parts`);
  const budget = answerChars(DEFAULT_SEARCH_SETTINGS, 1000);
  starts.forEach((start, k) => {
    const count = (starts[k + 1] ?? hugoFiles.length) - start;
    assert.equal(count, fitCount(hugoFiles.slice(start), budget, fileChars), `part ${k}`);
  });
  assert.ok(
    hugoFiles.some((f: { filename: string }) => f.filename === "content-management/shortcodes.md"),
  );
});

Deno.test("table_of_contents: path ids, duplicates -2, code-fence headings skipped, character counts", async () => {
  const r = await callTool(app, "table_of_contents", { filename: "api/rest/conventions.md" });
  const toc = r.structuredContent.sections;
  assert.deepEqual(toc.map((s: { id: string; level: number }) => [s.id, s.level]), [
    ["rest-conventions", 1],
    ["rest-conventions/introduction", 2],
    ["rest-conventions/introduction/http-methods", 3],
    ["rest-conventions/example", 2],
    ["rest-conventions/example-2", 2],
    ["rest-conventions/versioning", 2],
  ]);
  const read = await callTool(app, "read_sections", {
    filename: "api/rest/conventions.md",
    section_ids: ["rest-conventions/example-2"],
  });
  assert.equal(toc[4].character_count, read.structuredContent.sections[0].content.length);
  const shallow = await callTool(app, "table_of_contents", {
    filename: "api/rest/conventions.md",
    max_depth: 1,
  });
  assert.equal(shallow.structuredContent.sections.length, 1);
  for (
    const filename of [
      "rest/conventions.md",
      "api/rest/conventions",
      "./api/rest/conventions.md",
      "api\\rest\\conventions.md",
    ]
  ) {
    const alt = await callTool(app, "table_of_contents", { filename });
    assert.equal(alt.isError, undefined, filename);
  }
});

Deno.test("read_sections: a parent includes its children; several ids in order", async () => {
  const r = await callTool(app, "read_sections", {
    filename: "api/rest/conventions.md",
    section_ids: ["rest-conventions/introduction", "rest-conventions/versioning"],
  });
  const [intro, versioning] = r.structuredContent.sections;
  assert.equal(intro.title, "Introduction");
  assert.ok(intro.content.startsWith("## Introduction"));
  assert.ok(intro.content.includes("### HTTP Methods"));
  assert.ok(intro.content.includes("# this is a comment, not a heading"));
  assert.ok(!intro.content.includes("## Example"));
  assert.equal(versioning.content, "## Versioning\n\nVersion in the path: /v1/.\n");
});

Deno.test("section tools: FILE_NOT_FOUND, SECTION_NOT_FOUND, INVALID_SECTION_ID with suggestions", async () => {
  const err = (r: { isError: boolean; content: { text: string }[] }) => {
    assert.equal(r.isError, true);
    return JSON.parse(r.content[0]!.text).error;
  };
  const file = err(
    await callTool(app, "table_of_contents", { filename: "api/rest/convention.md" }),
  );
  assert.equal(file.code, "FILE_NOT_FOUND");
  assert.equal(file.details.suggestions[0], "api/rest/conventions.md");
  const hidden = err(
    await callTool(app, "read_sections", {
      filename: "handbook/secret-plan.md",
      section_ids: ["x"],
    }),
  );
  assert.equal(hidden.code, "FILE_NOT_FOUND");
  assert.ok(!hidden.details.suggestions.some((x: string) => x.includes("secret")));
  const section = err(
    await callTool(app, "read_sections", {
      filename: "api/rest/conventions.md",
      section_ids: ["rest-conventions/versoning"],
    }),
  );
  assert.equal(section.code, "SECTION_NOT_FOUND");
  assert.equal(section.details.suggestions[0], "rest-conventions/versioning");
  // (An id past 500 characters is refused before the tool runs: `list_limits_test.ts`.)
  for (const id of ["", "Bad Id!", "../etc", "a//b", 7]) {
    const e = err(
      await callTool(app, "read_sections", {
        filename: "api/rest/conventions.md",
        section_ids: [id],
      }),
    );
    assert.equal(e.code, "INVALID_SECTION_ID", String(id));
  }
  for (
    const args of [{ filename: "api/index.md" }, { filename: "api/index.md", section_ids: [] }, {
      filename: "api/index.md",
      section_ids: "x",
    }]
  ) {
    const r = await callTool(app, "read_sections", args);
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /^section_ids: /);
  }
  const traversal = err(await callTool(app, "table_of_contents", { filename: "../../etc/passwd" }));
  assert.equal(traversal.code, "FILE_NOT_FOUND");
});

Deno.test("hugo-docs: a page with shortcodes and four heading levels", async () => {
  const toc =
    (await callTool(hugoApp, "table_of_contents", { filename: "content-management/shortcodes.md" }))
      .structuredContent.sections;
  const ids = toc.map((s: { id: string }) => s.id);
  assert.ok(ids.includes("introduction"));
  assert.ok(ids.includes("calling/notation/markdown-notation"));
  assert.ok(toc.some((s: { level: number }) => s.level === 4));
  const read = await callTool(hugoApp, "read_sections", {
    filename: "content-management/shortcodes.md",
    section_ids: ["calling/notation"],
  });
  const content = read.structuredContent.sections[0].content;
  assert.ok(content.startsWith("### Notation"));
  assert.ok(
    content.includes("#### Markdown notation") && content.includes("#### Standard notation"),
  );
  assert.ok(content.includes("## Section 2"), "a heading inside a code block stays content");
  assert.ok(!content.includes("## Nesting"));
  // Every section of every hugo page is readable and its character count is exact.
  let checked = 0;
  for (const doc of hugo.documents.slice(0, 200)) {
    for (const s of doc.sections) {
      const body = hugo.bodies[doc.id]!;
      assert.ok(s.end > s.start && s.end <= body.length, `${doc.id}#${s.id}`);
      checked++;
    }
    assert.equal(
      new Set(doc.sections.map((s) => s.id)).size,
      doc.sections.length,
      `${doc.id}: unique ids`,
    );
  }
  assert.ok(checked > 500);
});

Deno.test("no hidden fixture content through the section tools", async () => {
  const out = JSON.stringify(await callTool(app, "list_documentation_files", {}));
  for (const marker of FIXTURE_HIDDEN) assert.ok(!out.includes(marker), marker);
  assert.deepEqual(errors, []);
});
