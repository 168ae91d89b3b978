import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { formatReport } from "../../src/build/build_from_folders.ts";
import { ASDLC_HIDDEN, buildFolder, CORPORA } from "../helpers.ts";

Deno.test("asdlc corpus: 72 seen, 64 exposed, exactly the 8 hidden articles left out", async () => {
  const { manifest, report } = await buildFolder(`${CORPORA}/asdlc`);
  assert.equal(report.seen, 72);
  assert.equal(manifest.documents.length, 64);
  assert.deepEqual(
    report.hidden.map((h) => h.file.replace(/^docs\/|\.md$/g, "")).sort(),
    ASDLC_HIDDEN,
  );
  assert.deepEqual(report.errors, []);
  const paths = new Set(manifest.documents.map((d) => d.path));
  for (const hidden of ASDLC_HIDDEN) assert.ok(!paths.has(hidden), hidden);
  for (const d of manifest.documents) {
    assert.ok(d.status === "Live" || d.status === "Experimental", `${d.id}: ${d.status}`);
  }
  assert.deepEqual(
    [...new Set(manifest.documents.map((d) => d.category))].sort(),
    ["concepts", "patterns", "practices", "recipes"],
  );
});

Deno.test("asdlc corpus: no trace of a hidden article anywhere in the manifest", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const json = JSON.stringify(manifest);
  for (const hidden of ASDLC_HIDDEN) {
    const slug = hidden.split("/")[1]!;
    assert.ok(!json.includes(`"${hidden}"`), `related id ${hidden} leaked`);
    assert.ok(!json.includes(`acdc://docs/${hidden}"`), `uri ${hidden} leaked`);
    assert.ok(!manifest.documents.some((d) => d.slug === slug && d.path === hidden));
  }
  // relatedIds were filtered: every remaining one resolves to an exposed document.
  const paths = new Set(manifest.documents.map((d) => d.path));
  for (const d of manifest.documents) {
    for (const id of d.relatedIds ?? []) assert.ok(paths.has(id), `${d.id} → ${id}`);
  }
});

Deno.test("asdlc corpus: metadata of a known article", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const doc = manifest.documents.find((d) => d.id === "docs/concepts/context-engineering")!;
  assert.equal(doc.title, "Context Engineering");
  assert.equal(doc.slug, "context-engineering");
  assert.equal(doc.category, "concepts");
  assert.equal(doc.uri, "acdc://docs/concepts/context-engineering");
  assert.equal(doc.lastUpdated, "2026-03-18");
  assert.equal(doc.status, "Live");
  assert.deepEqual(doc.keywords, ["AI", "LLM", "Prompt Engineering", "Context Engineering"]);
  assert.equal(doc.meta.publishedDate, "2026-02-24");
  assert.ok(!("references" in doc.meta), "nested maps are not scalar meta");
  assert.ok(!manifest.bodies[doc.id]!.startsWith("---"), "body has no frontmatter");
  assert.ok(doc.sections.length > 0);
});

Deno.test("buildManifest: a plain folder without statuses exposes everything", async () => {
  const { manifest, report } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      files: [
        { path: "a.md", text: "# A\n\nAlpha." },
        { path: "sub/b.txt", text: "B title\nline" },
        { path: "sub/c.html", text: "<title>C</title><p>Gamma</p>" },
        { path: "image.png", text: "x" },
      ],
    }],
  });
  assert.equal(report.seen, 3);
  assert.deepEqual(
    manifest.documents.map((d) => [d.id, d.title, d.format, d.mimeType, d.category]),
    [
      ["docs/a", "A", "markdown", "text/markdown", ""],
      ["docs/sub/b", "B title", "text", "text/plain", "sub"],
      ["docs/sub/c", "C", "html", "text/html", "sub"],
    ],
  );
});

Deno.test("buildManifest: a missing status fails closed once a source uses statuses", async () => {
  const { manifest, report } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      files: [
        {
          path: "live.md",
          text: "---\nstatus: Live\nrelatedIds: [nostatus, draft, live]\n---\n# L",
        },
        { path: "nostatus.md", text: "# N" },
        { path: "draft.md", text: "---\ndraft: true\nstatus: Live\n---\n# D" },
      ],
    }],
  });
  assert.deepEqual(manifest.documents.map((d) => d.path), ["live"]);
  assert.deepEqual(manifest.documents[0]!.relatedIds, ["live"]);
  assert.equal(report.hidden.length, 2);
  assert.ok(
    report.warnings.some((w) => w.file === "docs/nostatus.md" && /hidden as Draft/.test(w.reason)),
  );
  const text = formatReport(report);
  assert.match(text, /documents: seen 3, exposed 1, hidden 2/);
  assert.match(text, /warning: docs\/nostatus\.md:1: /);
});

Deno.test("buildManifest: invalid YAML is an error with file and line; the rest still builds", async () => {
  const { manifest, report } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      files: [
        { path: "ok.md", text: "# OK" },
        { path: "bad.md", text: "---\ntitle: x\ntags: [a\n---\n# Bad" },
      ],
    }],
  });
  assert.deepEqual(manifest.documents.map((d) => d.path), ["ok"]);
  assert.equal(report.errors.length, 1);
  assert.equal(report.errors[0]!.file, "docs/bad.md");
  assert.ok(report.errors[0]!.line >= 2);
  assert.match(formatReport(report), /error: docs\/bad\.md:\d+: invalid YAML/);
});

Deno.test("buildManifest: same path in two formats keeps the first and warns", async () => {
  const { manifest, report } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      files: [{ path: "a.md", text: "# md" }, { path: "a.html", text: "<h1>html</h1>" }],
    }],
  });
  assert.equal(manifest.documents.length, 1);
  assert.equal(manifest.documents[0]!.filename, "a.html");
  assert.ok(report.warnings.some((w) => w.file === "docs/a.md"));
});

Deno.test("buildManifest: content hash is stable and changes with content", async () => {
  const make = (text: string) =>
    buildManifest({
      server: { name: "kb", version: "1" },
      sources: [{ name: "docs", description: "", files: [{ path: "a.md", text }] }],
      now: new Date(0),
    });
  const [a, b, c] = await Promise.all([make("# A"), make("# A"), make("# B")]);
  assert.equal(a.manifest.contentHash, b.manifest.contentHash);
  assert.notEqual(a.manifest.contentHash, c.manifest.contentHash);
  assert.deepEqual(a.manifest, b.manifest);
});

Deno.test("sample content: builds with hidden examples left out", async () => {
  const { manifest, report } = await buildFolder(
    new URL("../../content", import.meta.url).pathname,
  );
  assert.ok(manifest.documents.length >= 12);
  assert.ok(new Set(manifest.documents.map((d) => d.category)).size >= 3);
  assert.ok(manifest.documents.some((d) => d.format === "html"));
  assert.ok(manifest.documents.some((d) => d.format === "text"));
  assert.deepEqual(report.hidden.map((h) => h.reason).sort(), [
    "status Deprecated",
    "status Draft",
    "status Proposed",
  ]);
  assert.ok(!JSON.stringify(manifest).includes("SECRET-"));
  assert.deepEqual(report.errors, []);
  assert.deepEqual(report.warnings, []);
});

/** The titles of a one-source build, by path. */
async function titles(files: { path: string; text: string }[], dialect?: "vitepress" | "plain") {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files, ...(dialect ? { dialect } : {}) }],
  });
  return Object.fromEntries(manifest.documents.map((d) => [d.path, d.title]));
}

Deno.test("html titles: <title> first; its <h1> only when the rest is the site's shared suffix", async () => {
  const page = (title: string, h1: string) => `<title>${title}</title><h1>${h1}</h1><p>x</p>`;
  assert.deepEqual(await titles([{ path: "web.html", text: page("Web Page", "Web") }]), {
    web: "Web Page",
  });
  assert.deepEqual(
    await titles([
      { path: "install.html", text: page("Install &#8212; Sphinx docs", "Install") },
      { path: "usage.html", text: page("Usage &#8212; Sphinx docs", "Usage") },
      { path: "web.html", text: page("Web Page", "Web") },
    ]),
    { install: "Install", usage: "Usage", web: "Web Page" },
  );
});

Deno.test("VitePress: frontmatter titles that are the H1 plus a shared suffix give the H1", async () => {
  const page = (title: string, h1: string) => `---\ntitle: ${title}\n---\n# ${h1}\n\nText.\n`;
  const files = [
    { path: "config/include.md", text: page("include | Config", "include") },
    { path: "config/exclude.md", text: page("exclude | Config", "exclude") },
    { path: "guide/why.md", text: page("Why Vitest", "Why") },
  ];
  assert.deepEqual(await titles(files, "vitepress"), {
    "config/include": "include",
    "config/exclude": "exclude",
    "guide/why": "Why Vitest",
  });
  // Elsewhere frontmatter `title` is the page's own title (Docusaurus, Starlight, plain markdown).
  assert.deepEqual(await titles(files, "plain"), {
    "config/include": "include | Config",
    "config/exclude": "exclude | Config",
    "guide/why": "Why Vitest",
  });
});
