/**
 * What `npm pack` puts in the `shelf-mcp` tarball: what users run and nothing else — the bin,
 * `src/`, the edge runtime bundled into `lib/` (by `deno task build`, which the test task runs
 * first), the build script, the changelog — and every module those entries load.
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";
import { run } from "../netlify/netlify_tools.ts";
import { SHELF_VERSION } from "../../src/version.ts";

/** The files `npm pack` would put in the tarball, relative to the package root. */
async function packedFiles(): Promise<string[]> {
  const out = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], ROOT);
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path).sort();
}

/** The local modules `entry` loads (static and dynamic imports), relative to the root. */
async function localModules(entry: string): Promise<string[]> {
  const info = JSON.parse(
    await run(Deno.execPath(), ["info", "--json", entry], ROOT),
  ) as { modules: { specifier: string }[] };
  return info.modules.map((m) => m.specifier).filter((s) => s.startsWith(`file://${ROOT}/`))
    .map((s) => s.slice(`file://${ROOT}/`.length));
}

/** The package's entry modules: what its bin runs and what its `exports` name. */
const ENTRIES = ["src/main.ts", "scripts/build.ts", "src/init/init_main.ts"];

Deno.test("npm pack holds the bin, src/, the build script and nothing of tests or corpora", async () => {
  const files = await packedFiles();
  const top = [...new Set(files.map((f) => f.split("/")[0]!))].sort();
  assert.deepEqual(top, [
    "CHANGELOG.md",
    "README.md",
    "bin",
    "lib",
    "package.json",
    "scripts",
    "src",
  ]);
  assert.deepEqual(files.filter((f) => f.startsWith("scripts/")), ["scripts/build.ts"]);
  assert.deepEqual(
    files.filter((f) => /_test\.ts$|^(tests|content|docs|scripts\/bench)\//.test(f)),
    [],
  );
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/package.json`));
  // An export is a path, or conditions (`types`, `default`) naming paths.
  const exported = Object.values(pkg.exports as Record<string, string | Record<string, string>>)
    .flatMap((target) => typeof target === "string" ? [target] : Object.values(target));
  for (const target of [...Object.values(pkg.bin) as string[], ...exported]) {
    assert.ok(files.includes(target.replace(/^\.\//, "")), `${target} is packed`);
  }
  // The bundled runtime whole: every module its entry imports, statically or on first need.
  const lib = files.filter((f) => f.startsWith("lib/"));
  for (const file of lib) {
    const text = await Deno.readTextFile(`${ROOT}/${file}`);
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"\.\/([^"]+)"/g)) {
      assert.ok(lib.includes(`lib/${m[1]}`), `lib/${m[1]} (imported by ${file}) is packed`);
    }
  }
  for (const entry of [...ENTRIES, ...exported]) {
    if (!entry.endsWith(".ts")) continue;
    for (const module of await localModules(entry)) {
      assert.ok(files.includes(module), `${module} (loaded by ${entry}) is packed`);
    }
  }
});

Deno.test("packing bundles the edge runtime as the build does, with the pinned Deno from npm", async () => {
  // npm runs `prepack` on `npm pack` and `npm publish`, and when it installs the package from
  // git: on a machine with only Node.js, so the command fetches the Deno `.ci/run` pins.
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/package.json`));
  const deno = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  const step = "run --allow-read --allow-write --allow-run scripts/bundle_runtime.ts";
  const pinned = (await Deno.readTextFile(`${ROOT}/.ci/run`)).match(/deno@(\d+\.\d+\.\d+)/)![1];
  assert.equal(pkg.scripts.prepack, `npx -y deno@${pinned} ${step}`);
  assert.ok(deno.tasks.build.startsWith(`deno ${step} && `), deno.tasks.build);
});

Deno.test("the package's version is the one Shelf reports", async () => {
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/package.json`));
  assert.match(pkg.version, /^\d+\.\d+\.\d+(-[\w.]+)?$/);
  assert.equal(SHELF_VERSION, pkg.version);
  const changelog = await Deno.readTextFile(`${ROOT}/CHANGELOG.md`);
  assert.match(changelog, new RegExp(`^## ${pkg.version.replaceAll(".", "\\.")}\\b`, "m"));
});
