import assert from "node:assert/strict";
import { headingText, slugify, splitSections } from "../../src/build/split_sections.ts";

Deno.test("splitSections: path-based ids, levels and spans", () => {
  const body = [
    "# REST Conventions",
    "intro",
    "## Introduction",
    "welcome",
    "### HTTP Methods",
    "get",
    "## Versioning",
    "v1",
    "",
  ].join("\n");
  const sections = splitSections(body);
  assert.deepEqual(sections.map((s) => [s.id, s.title, s.level]), [
    ["rest-conventions", "REST Conventions", 1],
    ["rest-conventions/introduction", "Introduction", 2],
    ["rest-conventions/introduction/http-methods", "HTTP Methods", 3],
    ["rest-conventions/versioning", "Versioning", 2],
  ]);
  const text = (i: number) => body.slice(sections[i]!.start, sections[i]!.end);
  assert.equal(text(0), body, "a level-1 section includes its children");
  assert.equal(text(1), "## Introduction\nwelcome\n### HTTP Methods\nget\n");
  assert.equal(text(2), "### HTTP Methods\nget\n");
  assert.equal(text(3), "## Versioning\nv1\n");
});

Deno.test("splitSections: headings inside code fences are not sections", () => {
  const body =
    "# A\n```sh\n# comment\n```\n~~~\n## no\n~~~\n## B\n````md\n```\n# still code\n````\n";
  assert.deepEqual(splitSections(body).map((s) => s.id), ["a", "a/b"]);
});

Deno.test("splitSections: duplicate headings get -2, -3", () => {
  const ids = splitSections("## Example\n## Example\n## Example\n").map((s) => s.id);
  assert.deepEqual(ids, ["example", "example-2", "example-3"]);
});

Deno.test("splitSections: skipped levels, closing hashes, no space is not a heading", () => {
  const sections = splitSections("# Top #\n#### Deep\n#hashtag\n  ## Indented\n");
  assert.deepEqual(sections.map((s) => [s.id, s.level]), [
    ["top", 1],
    ["top/deep", 4],
    ["top/indented", 2],
  ]);
});

Deno.test("splitSections: no headings, no sections", () => {
  assert.deepEqual(splitSections("just text\n"), []);
});

Deno.test("slugify and headingText", () => {
  assert.equal(slugify("What's new in v0.123?"), "what-s-new-in-v0-123");
  assert.equal(slugify("Über Straße"), "über-straße");
  assert.equal(headingText("The `hugo` [command](/x) **works**"), "The hugo command works");
  assert.equal(headingText("Params {{< new-in 0.1 >}}"), "Params");
});
