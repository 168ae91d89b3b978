/** Start-up serves `dist/_shelf/manifest.json` only when it is fresh for the configuration. */
import assert from "node:assert/strict";
import { loadContentConfig } from "../../src/build/load_content_config.ts";
import { freshPrebuilt } from "../../src/build/read_prebuilt.ts";
import { ROOT } from "../helpers.ts";
import { SHELF_VERSION } from "../../src/version.ts";

async function build(cwd: string, args: string[] = []) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/scripts/build.ts`, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test("prebuilt manifest: used when fresh, refused when stale or from another config", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${cwd}/content/guides`, { recursive: true });
    await Deno.mkdir(`${cwd}/other`);
    await Deno.writeTextFile(`${cwd}/content/guides/a.md`, "# Alpha\n\nFirst.");
    await Deno.writeTextFile(`${cwd}/other/b.md`, "# Beta\n\nSecond.");
    const content = await loadContentConfig({ cwd });
    assert.deepEqual(await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd), {
      reason: `no ${cwd}/dist/_shelf/manifest.json`,
    });

    await build(cwd);
    const fresh = await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd);
    assert.ok("manifest" in fresh, JSON.stringify(fresh));
    assert.deepEqual(fresh.manifest.documents.map((d) => d.title), ["Alpha"]);
    assert.ok(fresh.index, "the index beside it comes along");

    // A build by another version of Shelf is rebuilt, never read as this version's.
    const file = `${cwd}/dist/_shelf/manifest.json`;
    const written = await Deno.readTextFile(file);
    const stat = await Deno.stat(file);
    const older = JSON.parse(written);
    older.builtBy = "0.0.9";
    await Deno.writeTextFile(file, JSON.stringify(older));
    await Deno.utime(file, stat.atime!, stat.mtime!);
    assert.deepEqual(await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd), {
      reason: `${file} was built by Shelf 0.0.9 (this is ${SHELF_VERSION})`,
    });
    await Deno.writeTextFile(file, written);
    await Deno.utime(file, stat.atime!, stat.mtime!);

    const other = await loadContentConfig({ cwd, content: "other" });
    assert.deepEqual(await freshPrebuilt(other, `${cwd}/dist/_shelf`, cwd), {
      reason: `${cwd}/dist/_shelf/manifest.json was built from another configuration`,
    });

    const later = new Date(Date.now() + 60_000);
    await Deno.utime(`${cwd}/content/guides/a.md`, later, later);
    assert.deepEqual(await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd), {
      reason: `${cwd}/dist/_shelf/manifest.json is older than ${cwd}/content/guides/a.md`,
    });
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("CLI: start serves a fresh build and says so; otherwise it builds and says why", async () => {
  const cwd = await Deno.makeTempDir();
  const start = async () => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${ROOT}/src/main.ts`, "--port", "0"],
      cwd,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("MCP endpoint")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    child.kill();
    await reader.cancel();
    await child.status;
    return text;
  };
  try {
    await Deno.mkdir(`${cwd}/content`);
    await Deno.writeTextFile(`${cwd}/content/a.md`, "# Alpha\n\nFirst.");
    assert.match(
      await start(),
      /building from the content folders \(no dist\/_shelf\/manifest\.json\)/,
    );
    await build(cwd);
    assert.match(await start(), /serving the prebuilt dist\/_shelf\/manifest\.json \(built /);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("prebuilt sharded build: its root file is used when fresh, refused when stale; no shard is read", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${cwd}/content/guides`, { recursive: true });
    await Deno.writeTextFile(`${cwd}/content/guides/a.md`, "# Alpha\n\nFirst.");
    const content = await loadContentConfig({ cwd });
    await build(cwd, ["--shards"]);
    // The check reads the root file alone: with every shard gone it still says fresh.
    await Deno.remove(`${cwd}/dist/_shelf/shards`, { recursive: true });
    const fresh = await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd);
    assert.ok("root" in fresh, JSON.stringify(fresh));
    assert.equal(fresh.root.documents, 1);
    assert.equal(fresh.shards, `${cwd}/dist/_shelf/shards`);
    const file = `${cwd}/dist/_shelf/shards.json`;
    const stat = await Deno.stat(file);
    const older = JSON.parse(await Deno.readTextFile(file));
    older.builtBy = "0.0.9";
    await Deno.writeTextFile(file, JSON.stringify(older));
    await Deno.utime(file, stat.atime!, stat.mtime!);
    assert.deepEqual(await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd), {
      reason: `${file} was built by Shelf 0.0.9 (this is ${SHELF_VERSION})`,
    });
    const later = new Date(Date.now() + 60_000);
    await Deno.utime(`${cwd}/content/guides/a.md`, later, later);
    older.builtBy = SHELF_VERSION;
    await Deno.writeTextFile(file, JSON.stringify(older));
    await Deno.utime(file, stat.atime!, stat.mtime!);
    assert.deepEqual(await freshPrebuilt(content, `${cwd}/dist/_shelf`, cwd), {
      reason: `${file} is older than ${cwd}/content/guides/a.md`,
    });
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
