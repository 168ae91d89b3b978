/**
 * A command reference (tldr's page shape: a title, a one-line description ending with "More
 * information: <address>", then captioned examples): the standard tool whose examples hold the
 * question's words ranks above niche tools whose one-line description holds some of them.
 */
import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor, createSearchEngine } from "../../src/search/search_engine.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { manifestOf } from "../helpers.ts";

const GNU = "https://www.gnu.org/software/coreutils/manual/html_node";

/** A tldr-shaped page: `# name`, the description lines, then `[caption, command]` examples. */
function page(name: string, description: string, url: string, examples: [string, string][]) {
  const body = examples.map(([caption, code]) => `- ${caption}:\n\n\`${code}\`\n`).join("\n");
  return {
    path: `${name}.md`,
    text: `# ${name}\n\n> ${description}\n> More information: <${url}>.\n\n${body}`,
  };
}

const PAGES = [
  page("wc", "Count lines, words, and bytes.", `${GNU}/wc-invocation.html`, [
    ["Count all lines in a file", "wc -l path/to/file"],
    ["Count all words in a file", "wc -w path/to/file"],
    ["Count all bytes in a file", "wc -c path/to/file"],
    ["Count the length of the longest line in number of characters", "wc -L path/to/file"],
  ]),
  page("cloc", "Count lines of code.", "https://github.com/AlDanial/cloc#options-", [
    ["Count all the lines of code in a directory", "cloc path/to/directory"],
    ["Display the results for each file instead of each language", "cloc --by-file dir"],
  ]),
  page("loc", "Count lines of code. Written in Rust.", "https://github.com/cgag/loc", [
    ["Print lines of code in the current directory", "loc"],
    ["Print lines of code with stats for individual files", "loc --files"],
  ]),
  page("tar", "Archiving utility.", "https://www.gnu.org/software/tar/manual/tar.html", [
    ["[c]reate an archive and write it to a [f]ile", "tar cf path/to/target.tar path/to/file"],
    ["E[x]tract a (compressed) archive [f]ile into the current directory", "tar xf source.tar"],
    ["E[x]tract a (compressed) archive [f]ile into the target directory", "tar xf a.tar -C dir"],
  ]),
  page("unar", "Decompress archive files.", "https://manned.org/unar", [
    ["Decompress an archive to the current directory", "unar path/to/archive"],
    ["Decompress an archive to the specified directory", "unar -o path/to/dir archive"],
  ]),
  page("ls", "List directory contents.", `${GNU}/ls-invocation.html`, [
    ["List files one per line", "ls -1"],
  ]),
];

async function engine() {
  const store = createContentStore(
    await manifestOf([{ name: "docs", description: "", files: PAGES }]),
  );
  await store.loadBodies(store.documents);
  const search = createSearchEngine(store, buildIndexFor(store));
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  return async (q: string) =>
    (await search.query(q, { weights, limit: 10 })).hits.map((h) => h.doc.path);
}

Deno.test("command reference: the address a description cites does not lengthen it", async () => {
  // wc's description holds "count lines" as cloc's and loc's do, and its examples say "count all
  // lines in a file"; counted in the description's length, its GNU address sank it under both.
  const ranked = await engine();
  assert.equal((await ranked("count lines in a file"))[0], "wc");
});

Deno.test("command reference: a mnemonic letter in brackets stays in its word", async () => {
  // tar's examples say "E[x]tract a (compressed) archive [f]ile": read as "e x tract", tar did
  // not hold "extract" at all.
  const ranked = await engine();
  assert.equal((await ranked("extract an archive file"))[0], "tar");
  assert.ok((await ranked("extract")).includes("tar"));
});
