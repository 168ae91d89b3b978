/**
 * A public sharded build publishes no file over its bound (`--max-file-mb`, here a small one):
 * the root file and the shards in place of the whole manifest and index, `llms-full.txt` capped
 * at half the bound; a file it cannot cut (one large page) fails the build, named.
 */
import assert from "node:assert/strict";
import { CORPORA, ROOT } from "../helpers.ts";

const BOUND = 200_000;

async function* files(dir: string): AsyncGenerator<{ path: string; bytes: number }> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* files(path);
    else yield { path, bytes: (await Deno.stat(path)).size };
  }
}

const build = (out: string, maxMb: string) =>
  new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${ROOT}/scripts/build.ts`,
      "--content",
      `${CORPORA}/hugo-docs`,
      "--out",
      `${out}/dist`,
      "--edge-out",
      `${out}/edge`,
      "--shards",
      "--max-file-mb",
      maxMb,
    ],
    env: { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "piped",
    stderr: "piped",
  }).output();

Deno.test("build --shards --max-file-mb: no published file over the bound; the root and shards stand in for the manifest and index", async () => {
  const out = await Deno.makeTempDir();
  try {
    // A whole manifest left by an earlier unsharded build goes.
    await Deno.mkdir(`${out}/dist/_shelf`, { recursive: true });
    await Deno.writeTextFile(`${out}/dist/_shelf/manifest.json`, "{}");
    const run = await build(out, String(BOUND / 1e6));
    assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
    let count = 0;
    let largest = 0;
    for await (const file of files(`${out}/dist`)) {
      count++;
      largest = Math.max(largest, file.bytes);
      assert.ok(file.bytes <= BOUND, `${file.path}: ${file.bytes} bytes`);
    }
    assert.ok(count > 900, `${count} files`);
    // The bound was what cut them: hugo-docs' edge index alone is larger.
    assert.ok(largest > BOUND / 2, `largest ${largest}`);
    for (const gone of ["manifest.json", "index.json"]) {
      assert.ok(!(await Deno.stat(`${out}/dist/_shelf/${gone}`).catch(() => null)), gone);
    }
    const root = JSON.parse(await Deno.readTextFile(`${out}/dist/_shelf/shards.json`));
    assert.equal(root.server.name, "shelf");
    const full = await Deno.readTextFile(`${out}/dist/llms-full.txt`);
    assert.match(full, /documents did not fit the 100000-byte cap of this file/);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("build --shards --max-file-mb: a file past the bound fails the build and is named", async () => {
  const out = await Deno.makeTempDir();
  try {
    const run = await build(out, "0.1");
    assert.equal(run.code, 1);
    assert.match(
      new TextDecoder().decode(run.stderr),
      /build failed: \d+ published file\(s\) over 100000 bytes \(--max-file-mb\): .*emojis\.md/,
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
