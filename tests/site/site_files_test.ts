/**
 * The site files are made once per store whatever the base URL: a client rotating `Host`
 * headers (each port a new base) gets each file at its base without a new render.
 */
import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { siteFiles } from "../../src/site/site_files.ts";
import { manifestOf } from "../helpers.ts";

Deno.test("site files: 200 bases, one render of each file", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: Array.from({ length: 20 }, (_, i) => ({
      path: `guides/p${i}.md`,
      text: `# Page ${i}\n\nSee [the next](p${i + 1}.md).`,
    })),
  }]);
  const store = createContentStore(manifest);
  // Every render reads each document's body: counting reads counts renders.
  let reads = 0;
  const counted = {
    ...store,
    body: (doc: Parameters<typeof store.body>[0]) => (reads++, store.body(doc)),
  };
  const files = siteFiles(counted);
  const doc = counted.documents.find((d) => d.path === "guides/p3")!;
  for (let port = 1; port <= 200; port++) {
    const base = `http://localhost:${port}`;
    assert.match(
      files.llmsTxt().fill(base),
      new RegExp(`\\(${base}/_shelf/md/docs/guides/p0\\.md\\)`),
    );
    const full = (await files.llmsFull()).fill(base);
    assert.ok(full.includes(`Source: ${base}/_shelf/md/docs/guides/p3.md`));
    assert.ok(!full.includes(`localhost:${port - 1}/`), "no other base left in the text");
    assert.match(
      (await files.twinText(doc)).fill(base),
      new RegExp(`\\(${base}/_shelf/md/docs/guides/p4\\.md\\)`),
    );
    assert.ok(files.index("/_shelf/index/docs/guides.md")?.fill(base).includes(base));
  }
  // One llms-full render (20 bodies) and one twin (1 body), for 200 bases.
  assert.equal(reads, 21);
  assert.equal(siteFiles(counted), files, "kept with the store");
});
