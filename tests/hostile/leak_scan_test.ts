/**
 * No leaks: every tool (all five profiles), resource, prompt and completion output for a broad
 * query set over `../shared/corpora/asdlc` is scanned for any trace of the 8 hidden articles —
 * slug as a path, URI, title, or a distinctive sentence of their bodies.
 */
import assert from "node:assert/strict";
import { appFor, ASDLC_HIDDEN, buildFolder, CORPORA } from "../helpers.ts";
import { asker, runLeakProbes } from "./leak_probes.ts";
import { parseFrontmatter } from "../../src/build/parse_frontmatter.ts";

const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
const all = {
  ...manifest,
  settings: { profiles: ["articles", "acdc", "sections", "mcp-serve", "techdoc"] },
  contentHash: "leak-scan",
};
const { app, errors } = appFor(all);

/** Every article of asdlc, hidden ones included, built as the server would serve them. */
async function buildUnfiltered() {
  const { buildFromFolders } = await import("../../src/build/build_from_folders.ts");
  const { manifest } = await buildFromFolders({
    server: { name: "x", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      path: `${CORPORA}/asdlc`,
      statuses: ["Live", "Experimental", "Draft", "Proposed", "Deprecated"],
      requireStatus: false,
    }],
    settings: {},
    warnings: [],
  });
  return manifest;
}
const unfiltered = await buildUnfiltered();

/**
 * Titles and two long body lines of each hidden article: the title from the corpus file, the
 * lines as a leak would carry them (the body as built, links between documents rewritten).
 */
async function traces(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const path of ASDLC_HIDDEN) {
    const { attrs } = parseFrontmatter(await Deno.readTextFile(`${CORPORA}/asdlc/${path}.md`));
    const body = unfiltered.bodies[`docs/${path}`];
    assert.ok(body, `hidden article ${path} is in the unfiltered build`);
    const lines = body.split("\n").map((l) => l.trim()).filter((l) =>
      l.length >= 80 && !l.startsWith("|")
    );
    out.set(path, [
      `"${path}"`,
      `acdc://docs/${path}"`,
      `acdc://docs/${path})`,
      `${path}.md`,
      `"title":"${attrs.title}"`,
      ...lines.slice(0, 2),
    ]);
  }
  return out;
}

Deno.test("leak scan: no trace of a hidden article in any output", async () => {
  // Section outputs are scanned for everything but titles: an exposed article may have a
  // section named like a hidden article ("## Guardrails" in the Ralph Loop).
  const queries = [
    "agent",
    "skills",
    "agent skills",
    "guardrails",
    "amplification",
    "coverage",
    "coverage metric",
    "civil engineering",
    "software civil",
    "external attention",
    "attention",
    "feature assembly",
    "product vision authoring",
    "vision",
    "draft",
    "deprecated",
    "proposed",
    "context",
    "spec",
    "review",
    "a",
    "the",
    "ai",
    "llm",
    "quality",
    "metric",
    "assembly",
    "test coverage",
  ];
  const { outputs } = await runLeakProbes(
    asker(app),
    queries,
    ["concepts", "patterns", "practices", "recipes"],
    ["", "c", "concepts/", "patterns/e", "practices/f", "concepts/a", "concepts/g", "concepts/s"],
  );
  const text = outputs.join("\n");
  assert.ok(text.length > 1_000_000, `scanned ${text.length} characters`);
  for (const [path, marks] of await traces()) {
    for (const mark of marks) {
      const probe = mark.startsWith('"') || mark.includes("://") || mark.endsWith(".md")
        ? mark
        : JSON.stringify(mark).slice(1, -1);
      assert.ok(!text.includes(probe), `${path} leaked: ${mark.slice(0, 80)}`);
    }
  }
  assert.deepEqual(errors, []);
});

Deno.test("leak scan: the probes do find the hidden articles when they are not filtered", async () => {
  const text = JSON.stringify(unfiltered);
  const { renderLlmsFull, renderLlmsTxt } = await import("../../src/site/llms_txt.ts");
  const site = renderLlmsTxt(unfiltered, "https://kb.example") +
    renderLlmsFull(unfiltered, "https://kb.example");
  for (const [path, marks] of await traces()) {
    const title = marks.find((m) => m.startsWith('"title":"'))!.slice(9, -1);
    for (const probe of [`/${path}.md`, `\n# ${title}\n`, `[${title}](https://kb.example`]) {
      assert.ok(site.includes(probe), `${path}: site probe ${probe}`);
    }
    assert.ok(text.includes(marks[0]!), `${path}: path probe`);
    const sentence = marks.find((m) =>
      !m.startsWith('"') && !m.includes("://") && !m.endsWith(".md")
    );
    if (sentence) {
      assert.ok(text.includes(JSON.stringify(sentence).slice(1, -1)), `${path}: sentence probe`);
    }
  }
});

Deno.test("leak scan: no trace of a hidden article in llms.txt, llms-full.txt, twins, indexes or the card", async () => {
  const { writeSiteFiles } = await import("../../scripts/build.ts");
  const out = await Deno.makeTempDir();
  try {
    await writeSiteFiles(out, manifest, "https://kb.example");
    const texts: string[] = [];
    for await (const file of walkFiles(out)) {
      texts.push(`${file}\n${await Deno.readTextFile(file)}`);
    }
    // The same files as the app serves them, plus the card and the indexes it links.
    for (const path of ["/llms.txt", "/llms-full.txt", "/.well-known/mcp", "/health"]) {
      texts.push(await (await app.request(`https://kb.example${path}`)).text());
    }
    const text = texts.join("\n");
    assert.ok(text.length > 500_000, `scanned ${text.length} characters`);
    for (const [path, marks] of await traces()) {
      const title = marks.find((m) => m.startsWith('"title":"'))!.slice(9, -1);
      // Published articles link hidden ones by title in their own text ("[AI Amplification](/concepts/…)"),
      // so a title is probed as these files would carry it: a heading or a link to a twin.
      const plain = [
        `/${path}.md`,
        `\n# ${title}\n`,
        `[${title}](https://kb.example`,
        ...marks.slice(5),
      ];
      for (const mark of plain) {
        assert.ok(!text.includes(mark), `${path} leaked: ${mark.slice(0, 80)}`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

async function* walkFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walkFiles(path);
    else yield path;
  }
}
