import assert from "node:assert/strict";
import { globMatcher, pathFilter } from "../../src/build/glob.ts";
import { readSourceFolder } from "../../src/build/read_sources.ts";

Deno.test("globMatcher: ** spans folders, * and ? stay in a segment, slashless globs match names", () => {
  const cases: [string, string, boolean][] = [
    ["**/*.md", "a.md", true],
    ["**/*.md", "a/b/c.md", true],
    ["docs/*.md", "docs/a.md", true],
    ["docs/*.md", "docs/x/a.md", false],
    ["docs/**", "docs/x/a.md", true],
    ["*.tmp.md", "x/y/z.tmp.md", true],
    ["?.md", "a.md", true],
    ["?.md", "ab.md", false],
    ["node_modules/**", "node_modules/p/readme.md", true],
    ["a+b.md", "a+b.md", true],
  ];
  for (const [glob, path, expected] of cases) {
    assert.equal(globMatcher(glob)(path), expected, `${glob} ~ ${path}`);
  }
  assert.ok(pathFilter()("anything"));
});

Deno.test("readSourceFolder: include, exclude, max size, binary files, symlink loops, ACDC layout", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/mcp-resources/sub`, { recursive: true });
  await Deno.mkdir(`${dir}/mcp-prompts`);
  await Deno.writeTextFile(`${dir}/mcp-resources/a.md`, "# A");
  await Deno.writeTextFile(`${dir}/mcp-resources/sub/b.md`, "# B");
  await Deno.writeTextFile(`${dir}/mcp-resources/sub/c.txt`, "C");
  await Deno.writeTextFile(`${dir}/mcp-resources/big.md`, "x".repeat(5000));
  await Deno.writeFile(`${dir}/mcp-resources/bin.md`, new Uint8Array([35, 0, 1, 2]));
  await Deno.symlink(`${dir}/mcp-resources`, `${dir}/mcp-resources/sub/loop`);
  await Deno.writeTextFile(`${dir}/mcp-prompts/p.md`, "Hi {{.x}}");
  const all = await readSourceFolder(dir, { maxFileSize: 1000 });
  assert.deepEqual(all.files.map((f) => f.path), ["a.md", "sub/b.md", "sub/c.txt"]);
  assert.deepEqual(all.prompts.map((f) => f.path), ["p.md"]);
  assert.deepEqual(all.warnings.map((w) => w.file).sort(), ["big.md", "bin.md", "sub/loop"]);
  assert.match(all.warnings.find((w) => w.file === "big.md")!.reason, /over the 1000-byte limit/);
  const some = await readSourceFolder(dir, { include: ["sub/**"], exclude: ["*.txt"] });
  assert.deepEqual(some.files.map((f) => f.path), ["sub/b.md"]);
  await Deno.remove(dir, { recursive: true });
});
