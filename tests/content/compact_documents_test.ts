import assert from "node:assert/strict";
import { compactManifest, expandManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { buildFolder, buildMultiFixture, CORPORA, manifestOf, ROOT } from "../helpers.ts";

/** Compacted and expanded, a manifest is the same JSON; returns the compact documents' share. */
function assertRoundTrip(manifest: Manifest, name: string) {
  const compact = compactManifest(manifest);
  assert.deepEqual(compact.documents, [], name);
  assert.equal(JSON.stringify(expandManifest(compact)), JSON.stringify(manifest), name);
  assert.equal(
    JSON.stringify(createContentStore(compact).manifest),
    JSON.stringify(manifest),
    `${name}: the store expands it`,
  );
  return JSON.stringify(compact.compactDocuments).length /
    JSON.stringify(manifest.documents).length;
}

Deno.test("compact documents: every corpus and the sample expand back to exactly themselves", async () => {
  for (const name of ["asdlc", "hugo-docs", "tldr"]) {
    const ratio = assertRoundTrip((await buildFolder(`${CORPORA}/${name}`)).manifest, name);
    // tldr's pages are what the form is for: short, one section, no frontmatter.
    if (name === "tldr") assert.ok(ratio < 0.5, `tldr: compact is ${Math.round(ratio * 100)}%`);
  }
  assertRoundTrip((await buildFolder(`${ROOT}/content`)).manifest, "content");
  assertRoundTrip((await buildMultiFixture()).manifest, "multi-source fixture");
});

Deno.test("compact documents: a page with a public URL and a date round-trips", async () => {
  // Every optional field at once, as a docs site's page under git has them.
  const manifest = await manifestOf([{
    name: "site",
    description: "",
    site: { url: "https://docs.example", urlStyle: "clean" },
    files: [{
      path: "guide/setup.md",
      text: "---\nstatus: Live\nmaturity: Stable\nlastUpdated: 2026-01-02\n---\n# Setup\n\nRun it.",
    }],
  }]);
  const doc = manifest.documents[0]!;
  assert.equal(doc.url, "https://docs.example/guide/setup");
  assert.equal(doc.lastUpdated, "2026-01-02");
  assertRoundTrip(manifest, "url and lastUpdated");
});

Deno.test("compact documents: what the rules do not fit is written out", async () => {
  const manifest = await manifestOf([
    { name: "one", description: "", files: [{ path: "a.md", text: "# A" }] },
    {
      name: "two",
      description: "",
      files: [
        { path: "x/page.html", text: "<h1>Page</h1><p>Text</p>" },
        { path: "y/notes.txt", text: "plain" },
        {
          path: "z/doc.mdx",
          text: "---\ntitle: Other\ntags: [t]\nowner: me\n---\n# Two\n\n## Part",
        },
      ],
    },
  ]);
  const compact = compactManifest(manifest);
  const byId = new Map(compact.compactDocuments!.map((c) => [c.i, c]));
  assert.equal(byId.get("two/x/page")?.t, "html");
  assert.equal(byId.get("two/x/page")?.s, 1);
  assert.equal(byId.get("two/z/doc")?.f, "z/doc.mdx");
  assert.equal(byId.get("two/y/notes")?.f, "y/notes.txt");
  assert.equal(byId.get("two/x/page")?.f, undefined, "an HTML page's .html name is derived");
  assert.deepEqual(byId.get("two/z/doc")?.m, { owner: "me" });
  assert.ok(byId.get("two/z/doc")?.c, "two sections are written out");
  assert.equal(byId.get("one/a")?.c, undefined, "one section spanning the body is not");
  assert.equal(JSON.stringify(expandManifest(compact)), JSON.stringify(manifest));
  assert.throws(
    () => expandManifest({ ...compact, documents: manifest.documents }),
    /compactDocuments with documents/,
  );
});
