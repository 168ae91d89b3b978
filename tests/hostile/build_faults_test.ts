/**
 * The build step given corrupt YAML, a binary file, a 20 MB file, a symlink loop, non-UTF-8
 * bytes and duplicate slugs: each is reported clearly and the rest still builds; the strict
 * build fails with one clear message, the lenient one writes a valid manifest.
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";
import { formatReport } from "../../src/build/build_from_folders.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { assertManifest } from "../../src/content/manifest.ts";

async function faultyFolder(): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/a`);
  await Deno.mkdir(`${dir}/b`);
  await Deno.writeTextFile(`${dir}/good.md`, "# Good\n\nFine.\n");
  await Deno.writeTextFile(
    `${dir}/corrupt.md`,
    "---\ntitle: [unclosed\nstatus: Live\n---\n# Corrupt\n",
  );
  await Deno.writeFile(`${dir}/binary.md`, new Uint8Array([0x23, 0x20, 0x00, 0xff, 0x10, 0x00]));
  await Deno.writeTextFile(`${dir}/huge.md`, "# Huge\n" + "x".repeat(20 * 1024 * 1024));
  await Deno.writeFile(
    `${dir}/latin1.md`,
    new Uint8Array([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a]),
  );
  await Deno.symlink(dir, `${dir}/a/loop`);
  await Deno.writeTextFile(`${dir}/a/same.md`, "# Same A\n");
  await Deno.writeTextFile(`${dir}/b/same.md`, "# Same B\n");
  return dir;
}

Deno.test("build faults: every problem reported, the rest built", async () => {
  const dir = await faultyFolder();
  const { manifest, report } = await buildFromFolders({
    server: { name: "faults", version: "1" },
    sources: [{ name: "docs", description: "", path: dir }],
    settings: {},
    warnings: [],
  });
  assertManifest(manifest);
  assert.deepEqual(manifest.documents.map((d) => d.path).sort(), [
    "a/same",
    "b/same",
    "good",
    "latin1",
  ]);
  const text = formatReport(report);
  assert.match(text, /error: docs\/corrupt\.md:\d+: invalid YAML/);
  assert.match(text, /warning: docs\/binary\.md:1: binary file \(NUL bytes\); skipped/);
  assert.match(
    text,
    /warning: docs\/huge\.md:1: file is \d+ bytes, over the 10485760-byte limit; skipped/,
  );
  assert.match(text, /warning: docs\/a\/loop:1: symbolic link; not followed/);
  assert.match(
    text,
    /warning: docs\/latin1\.md:1: not valid UTF-8; invalid bytes replaced with U\+FFFD/,
  );
  assert.match(
    text,
    /warning: docs\/b\/same\.md:1: slug 'same' is shared with a\/same\.md; get_article needs category\/slug/,
  );
  assert.equal(manifest.documents.find((d) => d.path === "latin1")!.title, "Caf\uFFFD");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("build faults: strict build fails with one message; --lenient writes a valid manifest", async () => {
  const dir = await faultyFolder();
  const out = await Deno.makeTempDir();
  const run = (...extra: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        `${ROOT}/scripts/build.ts`,
        "--content",
        dir,
        "--out",
        out,
        "--edge-out",
        `${out}/edge`,
        ...extra,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
  const strict = await run();
  assert.equal(strict.code, 1);
  const stderr = new TextDecoder().decode(strict.stderr);
  assert.equal(
    stderr.trim(),
    "build failed: 1 file(s) with invalid frontmatter (rerun with --lenient to skip them)",
  );
  const lenient = await run("--lenient");
  assert.equal(lenient.code, 0);
  const manifest = JSON.parse(await Deno.readTextFile(`${out}/_shelf/manifest.json`));
  assertManifest(manifest);
  assert.equal(manifest.documents.length, 4);
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(out, { recursive: true });
});
