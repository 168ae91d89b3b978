/**
 * The agent-facing files: `llms.txt` parses by the format's rules, every link in it (and in the
 * category indexes it links) resolves through the app to the document's text, `llms-full.txt`
 * keeps its cap, and the files the build writes are the bytes the app serves.
 */
import assert from "node:assert/strict";
import { appFor, buildFolder, CORPORA, manifestOf, ROOT } from "../helpers.ts";
import { parseLlmsTxt } from "./llms_txt_format.ts";
import { writeSiteFiles } from "../../scripts/build.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import {
  LLMS_TXT_MAX_LINKS,
  renderLlmsFull,
  renderLlmsTxt,
  twinPath,
  webLinks,
} from "../../src/site/llms_txt.ts";

const BASE = "https://kb.example";

/** GETs a site path from the app and returns status, type and text. */
async function get(app: ReturnType<typeof appFor>["app"], url: string) {
  const res = await app.request(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/**
 * Parses the app's `/llms.txt` for a manifest served at {@link BASE}, follows every link (and
 * every link of the category indexes it links) and checks each twin is the document's text.
 * Returns the parsed file and the documents reached.
 */
async function followAll(manifest: Manifest) {
  const { app, errors } = appFor(manifest);
  const llms = await get(app, `${BASE}/llms.txt`);
  assert.equal(llms.status, 200);
  assert.equal(llms.type, "text/plain; charset=utf-8");
  const parsed = parseLlmsTxt(llms.text);
  const byTwin = new Map(manifest.documents.map((d) => [`${BASE}${twinPath(d)}`, d]));
  const reached = new Set<string>();
  const follow = async (url: string, name: string) => {
    assert.ok(url.startsWith(`${BASE}/`), `absolute link on the site: ${url}`);
    const res = await get(app, url);
    assert.equal(res.status, 200, `${name} → ${url}`);
    assert.equal(
      res.type,
      url.endsWith(".txt") ? "text/plain; charset=utf-8" : "text/markdown; charset=utf-8",
    );
    const doc = byTwin.get(url);
    if (doc) {
      // The document's text, its links to other documents pointing at their twins.
      assert.equal(res.text, webLinks(manifest.bodies[doc.id]!, BASE), `twin of ${doc.id}`);
      assert.doesNotMatch(res.text, /\(acdc:\/\//, `twin of ${doc.id} links the web`);
      reached.add(doc.id);
    } else if (url.includes("/_shelf/index/")) {
      const index = parseLlmsTxt(res.text.replace(/^# (.*)\n/, "# $1\n\n## All\n"));
      for (const link of index.sections[0]!.links) await follow(link.url, link.name);
    } else {
      assert.equal(url, `${BASE}/llms-full.txt`, "the only other link is llms-full.txt");
    }
  };
  for (const section of parsed.sections) {
    for (const link of section.links) await follow(link.url, link.name);
  }
  assert.deepEqual(errors, []);
  return { parsed, reached };
}

Deno.test("llms.txt of the sample content: the format's rules, every link resolves, nothing hidden", async () => {
  const { manifest } = await buildFolder(`${ROOT}/content`);
  const { parsed, reached } = await followAll(manifest);
  assert.equal(parsed.title, manifest.server.name);
  assert.ok(parsed.summary, "a blockquote summary");
  assert.equal(parsed.sections.at(-1)!.title, "Optional");
  assert.equal(reached.size, manifest.documents.length, "every document is linked");
  const all = parsed.sections.flatMap((s) => s.links);
  assert.ok(all.every((l) => l.name.trim() !== ""));
  const text = renderLlmsTxt(manifest, BASE) + renderLlmsFull(manifest, BASE);
  for (const marker of ["SECRET-DRAFT-MARKER", "SECRET-PROPOSED-MARKER", "draft-roadmap"]) {
    assert.ok(!text.includes(marker), marker);
  }
});

Deno.test("llms.txt of asdlc: grouped by category, ordered by title, every link resolves", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const { parsed, reached } = await followAll(manifest);
  assert.equal(reached.size, manifest.documents.length);
  const titles = parsed.sections.map((s) => s.title);
  assert.deepEqual(titles, ["Concepts", "Patterns", "Practices", "Recipes", "Optional"]);
  for (const section of parsed.sections.slice(0, -1)) {
    const names = section.links.map((l) => l.name);
    assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b)), section.title);
  }
  const described = manifest.documents.filter((d) => d.description).length;
  const noted = parsed.sections.flatMap((s) => s.links).filter((l) => l.notes).length;
  assert.equal(noted, described + 1, "each description is its link's notes (+ llms-full.txt)");
});

Deno.test("llms.txt past its link cap: each section keeps a share and links its full index", async () => {
  const files = (folder: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      path: `${folder}/page-${String(i).padStart(4, "0")}.md`,
      text: `# ${folder} page ${i}\n\nText ${i}.`,
    }));
  const manifest = await manifestOf([{
    name: "docs",
    description: "Big docs",
    files: [...files("alpha", 900), ...files("beta", 600), ...files("gamma(x)", 20)],
  }]);
  const { parsed, reached } = await followAll(manifest);
  const links = parsed.sections.flatMap((s) => s.links);
  assert.ok(links.length <= LLMS_TXT_MAX_LINKS + parsed.sections.length, `${links.length} links`);
  assert.equal(reached.size, 1520, "every document reachable through the indexes");
  const alpha = parsed.sections.find((s) => s.title === "Alpha")!;
  assert.equal(alpha.links.at(-1)!.name, "All 900 documents in Alpha");
  assert.ok(alpha.links.length > 500 && alpha.links.length < 900, `${alpha.links.length}`);
});

Deno.test("llms-full.txt: past its cap documents are left out and a note says how many", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: Array.from({ length: 10 }, (_, i) => ({
      path: `p${i}.md`,
      text: `# Page ${i}\n\n${"word ".repeat(200)}`,
    })),
  }]);
  const whole = renderLlmsFull(manifest, BASE);
  assert.doesNotMatch(whole, /Left out/);
  assert.equal(whole.match(/^# Page \d$/gm)!.length, 10);
  const cut = renderLlmsFull(manifest, BASE, 3000);
  const kept = cut.match(/^# Page \d$/gm)!.length;
  assert.ok(kept >= 1 && kept < 10, `${kept} kept`);
  assert.match(cut, new RegExp(`${10 - kept} documents did not fit the 3000-byte cap`));
  assert.ok(cut.length < 3000 + 300, `${cut.length} bytes`);
});

Deno.test("writeSiteFiles: the files the build writes are the bytes the app serves; stale twins go", async () => {
  const { manifest } = await buildFolder(`${ROOT}/content`);
  const { app } = appFor(manifest);
  const out = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${out}/_shelf/md/docs`, { recursive: true });
    await Deno.writeTextFile(`${out}/_shelf/md/docs/removed-since.md`, "old");
    const written = await writeSiteFiles(out, manifest, BASE);
    assert.ok(written > manifest.documents.length, `${written} files`);
    await assert.rejects(Deno.stat(`${out}/_shelf/md/docs/removed-since.md`), Deno.errors.NotFound);
    for (const path of ["/llms.txt", "/llms-full.txt"]) {
      assert.equal(
        await Deno.readTextFile(`${out}${path}`),
        (await get(app, `${BASE}${path}`)).text,
      );
    }
    for (const doc of manifest.documents) {
      const path = twinPath(doc);
      assert.equal(
        await Deno.readTextFile(`${out}${decodeURIComponent(path)}`),
        (await get(app, `${BASE}${path}`)).text,
        path,
      );
    }
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("twins: encoded and plain spellings of a path, unknown paths are 404", async () => {
  const manifest = await manifestOf([{
    name: "man",
    description: "",
    files: [{ path: "open(2).md", text: "# open(2)\n\nOpen a file." }],
  }]);
  const { app } = appFor(manifest);
  for (const path of ["/_shelf/md/man/open%282%29.md", "/_shelf/md/man/open(2).md"]) {
    const res = await get(app, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.text, manifest.bodies[manifest.documents[0]!.id]);
  }
  for (const path of ["/_shelf/md/man/close(2).md", "/_shelf/md/%E0%A4%A.md", "/_shelf/x"]) {
    const res = await get(app, path);
    assert.equal(res.status, 404, path);
    assert.match(res.text, /see \/llms\.txt/);
  }
});
