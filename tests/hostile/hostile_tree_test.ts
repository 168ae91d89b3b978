/**
 * Content trees written by an attacker (a contributor to a docs repository): the build never
 * follows a link out of a source root, handles pathological files in time linear in their size
 * (each case below took seconds to minutes before), reports a bad file and builds the rest,
 * and fails closed on every spelling of `draft`.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { pathFilter } from "../../src/build/glob.ts";
import { htmlToText } from "../../src/build/html_to_text.ts";
import { splitSections } from "../../src/build/split_sections.ts";
import { DEFAULT_SERVER } from "../../src/build/parse_metadata.ts";
import { resolveResource } from "../../src/resources/resolve_resource.ts";

const build = (files: { path: string; text: string }[]) =>
  buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });

Deno.test("links named mcp-resources or mcp-prompts are not followed out of the tree", async () => {
  const outside = await Deno.makeTempDir();
  const site = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${outside}/secret.md`, "# Secret\n\nOUTSIDE-THE-TREE");
    await Deno.mkdir(`${site}/acdc/mcp-resources`, { recursive: true });
    await Deno.writeTextFile(`${site}/acdc/mcp-resources/ok.md`, "# Ok\n\nInside.");
    await Deno.symlink(outside, `${site}/acdc/mcp-prompts`);
    await Deno.mkdir(`${site}/plain`);
    await Deno.symlink(outside, `${site}/plain/mcp-resources`);
    const { manifest, report } = await buildFromFolders({
      server: { ...DEFAULT_SERVER },
      sources: [
        { name: "acdc", description: "", path: `${site}/acdc` },
        { name: "plain", description: "", path: `${site}/plain` },
      ],
      settings: {},
      warnings: [],
    });
    assert.ok(!JSON.stringify(manifest).includes("OUTSIDE-THE-TREE"));
    assert.deepEqual(manifest.documents.map((d) => d.id), ["acdc/ok"]);
    assert.deepEqual(manifest.prompts ?? [], []);
    const links = report.warnings.filter((w) => w.reason === "symbolic link; not followed");
    assert.deepEqual(links.map((w) => w.file).sort(), ["acdc/mcp-prompts", "plain/mcp-resources"]);
  } finally {
    await Deno.remove(outside, { recursive: true });
    await Deno.remove(site, { recursive: true });
  }
});

Deno.test("pathological markdown: duplicate headings, long heading lines, long paragraphs", async () => {
  const dupes = splitSections("# a\n".repeat(40_000));
  assert.equal(dupes.length, 40_000);
  assert.equal(dupes.at(-1)!.id, "a-40000");
  const { manifest, report } = await build([
    { path: "spaces.md", text: "# a" + " ".repeat(50_000) + "b\n\ntext" },
    { path: "hashes.md", text: "#".repeat(6) + " " + "#".repeat(100_000) + " x\n" },
    { path: "links.md", text: "# L\n\n" + "[a](".repeat(50_000) },
    { path: "brackets.md", text: "# B\n\n" + "[".repeat(100_000) },
    { path: "stars.md", text: "# " + "*a".repeat(50_000) + "\n" },
  ]);
  assert.equal(report.errors.length, 0);
  assert.equal(manifest.documents.length, 5);
  for (const doc of manifest.documents) assert.ok(doc.title.length <= 200, doc.path);
});

Deno.test("pathological HTML: unclosed comments, headings, scripts and tags", () => {
  assert.equal(htmlToText("<p>kept</p>" + "<!--".repeat(50_000)), "kept\n");
  assert.equal(htmlToText("<h1>".repeat(100_000)), "\n");
  assert.equal(htmlToText("<p>kept</p>" + "<script>".repeat(50_000)), "kept\n");
  const lone = htmlToText("<p>kept</p><script>x</script>" + "<".repeat(100_000));
  assert.equal(lone, "kept\n\n" + "<".repeat(100_000) + "\n", "stray < are text");
  assert.equal(htmlToText("<title>" + "<title>".repeat(50_000)), "\n");
});

Deno.test("a hostile exclude glob against a long name", () => {
  const keep = pathFilter([], ["*a".repeat(40) + "*b"]);
  assert.equal(keep("a".repeat(4000) + ".md"), true);
  assert.equal(keep("a".repeat(100) + "b"), false);
});

Deno.test("YAML alias bomb: that file is an error, the rest is built", async () => {
  const bomb = [
    "---",
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
    "f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
    "---",
    "# Bomb",
  ].join("\n");
  const { manifest, report } = await build([
    { path: "bomb.md", text: bomb },
    { path: "fine.md", text: "# Fine" },
  ]);
  assert.deepEqual(manifest.documents.map((d) => d.path), ["fine"]);
  assert.equal(report.errors.length, 1);
  assert.equal(report.errors[0]!.file, "docs/bomb.md");
});

Deno.test("draft: every truthy spelling hides the document; only clear no's publish", async () => {
  const hidden = [
    "true",
    "yes",
    "Yes",
    "on",
    "y",
    "1",
    '"true"',
    '"yes"',
    "[1]",
    "{a: 1}",
    "maybe",
  ];
  const shown = ["false", "no", "off", "n", "0", '""', "null", "~"];
  const files = [
    ...hidden.map((v, i) => ({ path: `h${i}.md`, text: `---\ndraft: ${v}\n---\n# H${i}` })),
    ...shown.map((v, i) => ({ path: `s${i}.md`, text: `---\ndraft: ${v}\n---\n# S${i}` })),
  ];
  const { manifest } = await build(files);
  assert.deepEqual(manifest.documents.map((d) => d.path), shown.map((_, i) => `s${i}`));
});

Deno.test("file names: NFC and NFD are one document, control characters are refused, URIs are encoded", async () => {
  const { manifest, report } = await build([
    { path: "caf\u00e9.md", text: "# NFC" },
    { path: "cafe\u0301.md", text: "# NFD" },
    { path: "new\nline.md", text: "# Newline" },
    { path: "what? #1 100%.md", text: "# Odd" },
  ]);
  assert.deepEqual(manifest.documents.map((d) => d.title).sort(), ["NFC", "Odd"]);
  assert.ok(report.hidden.some((h) => h.reason.startsWith("file name has control characters")));
  const odd = manifest.documents.find((d) => d.title === "Odd")!;
  assert.equal(odd.uri, "acdc://docs/what%3F%20%231%20100%25");
  const store = createContentStore(manifest);
  assert.equal((await resolveResource(store, odd.uri))?.title, "Odd");
  assert.equal((await resolveResource(store, "acdc://docs/caf\u00e9"))?.title, "NFC");
  assert.equal((await resolveResource(store, "acdc://docs/cafe\u0301.md"))?.title, "NFC");
});

Deno.test("fuzz: documents made of hostile fragments always build, within the caps", async () => {
  const fragment = fc.constantFrom(
    "#",
    "# ",
    "## a ##",
    " ",
    "\t",
    "\n",
    "\r\n",
    "[",
    "](",
    ")",
    "<!--",
    "-->",
    "<h1>",
    "</h1>",
    "<script>",
    "<pre>",
    "<",
    ">",
    "*",
    "_",
    "`",
    "```",
    "---",
    "...",
    "draft: yes",
    "title: ",
    "&amp;",
    "&#0;",
    "&#x110000;",
    "é",
    "e\u0301",
    "\u0000",
    "\uFEFF",
    "{{<",
    "a",
    "word ",
  );
  const doc = fc.array(fragment, { maxLength: 400 }).map((parts) => parts.join(""));
  await fc.assert(
    fc.asyncProperty(doc, doc, async (md, html) => {
      const { manifest, report } = await build([
        { path: "a.md", text: md },
        { path: "b.html", text: html },
        { path: "c.txt", text: md },
      ]);
      assert.equal(manifest.documents.length + report.hidden.length, 3);
      for (const d of manifest.documents) {
        assert.ok(d.title.length <= 200);
        for (const s of d.sections) assert.ok(s.start <= s.end && s.end <= d.size);
      }
    }),
    { numRuns: 150, seed: 21 },
  );
});
