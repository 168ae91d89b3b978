import assert from "node:assert/strict";
import { readSourceFolder } from "../../src/build/read_sources.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { buildManifest } from "../../src/build/build_manifest.ts";
import type { SourceFile } from "../../src/build/types.ts";

/** A folder of markdown, HTML and text files, one with invalid frontmatter, one a partial. */
async function folder(): Promise<string> {
  const dir = await Deno.makeTempDir();
  const files: Record<string, string> = {
    "a.md": "---\ntitle: Alpha\n---\n# Alpha\n\nFirst.\n\n:::tip\nA tip.\n:::\n",
    "_partial.md": "# Partial\n",
    "b/page.html": '<html><head><title>Page – Site</title><meta name="description" ' +
      'content="About é"></head><body><h1 id="top">Page</h1><p>Body ü.</p>' +
      '<h2 id="more">More</h2><p>x</p></body></html>',
    "b/bad.md": "---\ntitle: [unclosed\n---\n# Bad\n",
    "c/notes.txt": "Notes\n\nplain text",
    "c/d/deep.md": "# Deep\n\n" + "word ".repeat(40),
  };
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  return dir;
}

Deno.test("readSourceFolder: batches hand over the same files in the same order, none over its bounds", async () => {
  const dir = await folder();
  try {
    const all = await readSourceFolder(dir);
    const batches: SourceFile[][] = [];
    const batched = await readSourceFolder(dir, {
      batches: { files: 2, bytes: 200, take: (files) => void batches.push(files) },
    });
    assert.deepEqual(batched.files, []);
    assert.deepEqual(batches.flat(), all.files);
    assert.ok(batches.length >= 3);
    for (const batch of batches) {
      assert.ok(batch.length <= 2);
      const chars = batch.reduce((n, f) => n + f.text.length, 0);
      assert.ok(batch.length === 1 || chars <= 200, `${chars} characters in a batch of two`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("buildFromFolders: files prepared in small batches build what all files read at once build", async () => {
  const dir = await folder();
  try {
    const now = new Date("2026-01-01T00:00:00Z");
    const server = { name: "kb", version: "1" };
    const built = await buildFromFolders({
      server,
      sources: [{ name: "docs", description: "", path: dir }],
      settings: {},
      warnings: [],
    }, { now, batch: { files: 1, bytes: 64 } });
    const { files } = await readSourceFolder(dir);
    const whole = await buildManifest({
      server,
      sources: [{ name: "docs", description: "", files, dialect: "docusaurus" }],
      now,
    });
    assert.equal(built.manifest.contentHash, whole.manifest.contentHash);
    assert.deepEqual(built.manifest.documents, whole.manifest.documents);
    assert.deepEqual(built.manifest.bodies, whole.manifest.bodies);
    assert.deepEqual(built.report, whole.report);
    // The dialect told by the files' signs (a `:::tip`): the partial is left out.
    assert.ok(built.report.hidden.some((h) => h.file === "docs/_partial.md"));
    const page = built.manifest.documents.find((d) => d.path === "b/page")!;
    assert.equal(page.description, "About é");
    assert.ok(built.manifest.bodies[page.id]!.includes("Body ü."));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
