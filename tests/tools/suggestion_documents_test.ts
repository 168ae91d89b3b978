/**
 * "Did you mean" on a shelf of several sources (`src/tools/suggestion_documents.ts`): an unknown
 * URI or file name that names a source is compared with that source's documents only — on a
 * sharded build only its id ranges are read — and one that names none with every document; the
 * sharded app answers as the unsharded one.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { callTool } from "../helpers.ts";
import { coldShardedApp } from "../shards/cold_sharded_app.ts";
import { shardedManifest } from "../shards/sharded_corpus.ts";

/** Two sources with the same folders and page names (`blog` sorts first), in memory. */
async function shelf() {
  const pages = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      path: `${["api", "guide", "zeta"][n % 3]}/page-${n}.md`,
      text: `# Page ${n}\n\nText ${n}.`,
    }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      // A folder of docs named like the other source: `blog/…` may be either.
      {
        name: "docs",
        description: "",
        files: [...pages(2_000), { path: "blog/launch.md", text: "# Launch\n\nText." }],
      },
      { name: "blog", description: "", files: pages(600) },
    ],
  });
  return { manifest, ...(await shardedManifest(manifest)) };
}

const { manifest, index, root, shards, lists } = await shelf();
const idRanges = lists.ids;
const whole = createEdgeApp({
  env: () => undefined,
  manifest,
  index: () => Promise.resolve(index),
});

/** A cold sharded app, and the id ranges it has read. */
function cold() {
  const { app, reads } = coldShardedApp(root, shards);
  return { app, idReads: () => reads.filter((name) => idRanges.includes(name)).length };
}

/** The URIs a `read` of `uri` suggests (it is not found). */
function suggestedUris(text: string): string[] {
  assert.match(text, /^Resource not found: /);
  return text.split("Did you mean: ")[1]?.replace(/\?$/, "").split(", ") ?? [];
}

Deno.test("did you mean: a URI naming a source is compared with its documents, reading its id ranges", async () => {
  assert.ok(idRanges.length >= 6, `${idRanges.length} id ranges`);
  const uri = "acdc://blog/zeta/page-5x";
  const { app, idReads } = cold();
  const answer = await callTool(app, "read", { uri });
  assert.deepEqual(answer, await callTool(whole, "read", { uri }));
  const suggested = suggestedUris(answer.content[0].text);
  // docs/zeta/page-5 is as close as blog/zeta/page-5 but for its source's name: not offered.
  assert.equal(suggested[0], "acdc://blog/zeta/page-5");
  for (const s of suggested) assert.ok(s.startsWith("acdc://blog/"), s);
  assert.equal(suggested.length, 3);
  // 600 ids of 2,600, 512 a range: two ranges (the second shared with docs), not every one.
  assert.ok(idReads() <= 2, `${idReads()} id ranges read`);
});

Deno.test("did you mean: a URI naming no source is compared with every document", async () => {
  const uri = "acdc://nowhere/zeta/page-5x";
  const { app, idReads } = cold();
  const answer = await callTool(app, "read", { uri });
  assert.deepEqual(answer, await callTool(whole, "read", { uri }));
  const suggested = suggestedUris(answer.content[0].text);
  assert.ok(suggested.some((s) => s.startsWith("acdc://docs/")), suggested.join());
  assert.equal(idReads(), idRanges.length);
});

Deno.test("did you mean: a file name naming a source is compared with its files only", async () => {
  for (
    const [filename, source] of [["docs/zeta/page-5x.md", "docs"], ["blog/api/page-3x.md", "blog"]]
  ) {
    const { app, idReads } = cold();
    const answer = await callTool(app, "table_of_contents", { filename });
    assert.deepEqual(answer, await callTool(whole, "table_of_contents", { filename }));
    const { error } = JSON.parse(answer.content[0].text);
    assert.equal(error.code, "FILE_NOT_FOUND");
    assert.equal(error.details.suggestions.length, 3);
    for (const s of error.details.suggestions) assert.ok(s.startsWith(`${source}/`), s);
    // Blog's 600 files are in two id ranges; its name is looked up (one more) before.
    if (source === "blog") assert.ok(idReads() <= 3, `${filename}: ${idReads()} id ranges read`);
  }
  // A bare file name names no source: every file, of either source, may be suggested.
  const bare = await callTool(whole, "table_of_contents", { filename: "page-1999x.md" });
  assert.equal(
    JSON.parse(bare.content[0].text).error.details.suggestions[0],
    "docs/guide/page-1999.md",
  );
});

Deno.test("did you mean: a file name that may be a source's or another source's folder is compared with both", async () => {
  const filename = "blog/lanuch.md";
  const { app } = cold();
  const answer = await callTool(app, "table_of_contents", { filename });
  assert.deepEqual(answer, await callTool(whole, "table_of_contents", { filename }));
  const { error } = JSON.parse(answer.content[0].text);
  assert.equal(error.details.suggestions[0], "docs/blog/launch.md");
  // A URI names its source: acdc://blog/… is blog's.
  const read = await callTool(app, "read", { uri: "acdc://blog/lanuch" });
  for (const s of suggestedUris(read.content[0].text)) assert.ok(s.startsWith("acdc://blog/"), s);
});
