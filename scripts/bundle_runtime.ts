/**
 * The package's edge runtime, as a site's function imports it (`shelf-mcp/netlify`): the entry
 * `src/entries/netlify_edge.ts` and every module it imports, bundled by `deno bundle` (esbuild)
 * into `lib/` — a few JavaScript modules, split where Shelf imports on first need (the shard
 * readers, OAuth, the site's pages), minified with their names kept; the packages the package
 * depends on (`package.json` `dependencies`: hono, jose, stemmer, `@netlify/blobs`…) stay imports,
 * which Netlify's bundler resolves in the site's `node_modules`.
 *
 * Why: a cold edge isolate loads, parses and links each module of its eszip before the first
 * request. As TypeScript the runtime is about 160 modules and 800 KB of source, half of it doc
 * comments; bundled it is 23 modules and 270 KB. On hugo-docs' bundled site that halves the
 * import (42 → 22 ms, median of 21 alternated fresh processes; 2-core VM, 2026-11-28).
 *
 * `deno task build` runs it first (Shelf's own function imports `lib/`), and so does `npm pack`
 * (`prepack`). Prints the files written.
 *
 * Usage: deno run --allow-read --allow-write --allow-run scripts/bundle_runtime.ts [--out DIR]
 *
 * @module
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The entry a site's function imports (`package.json` `exports["./netlify"]`). */
export const RUNTIME_ENTRY = "src/entries/netlify_edge.ts";

/** Where the bundle goes, relative to the checkout. */
export const RUNTIME_DIR = "lib";

/**
 * `deno bundle`'s arguments: `entry` into `outDir`, each package of `dependencies` (and its
 * subpaths) left an import.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundleArgs } from "./bundle_runtime.ts";
 * const args = bundleArgs("src/e.ts", "lib", ["hono"]);
 * assert.deepEqual(args.slice(args.indexOf("--external"), args.indexOf("--external") + 4),
 *   ["--external", "hono", "--external", "hono/*"]);
 * assert.equal(args.at(-1), "src/e.ts");
 * ```
 */
export function bundleArgs(entry: string, outDir: string, dependencies: string[]): string[] {
  return [
    "bundle",
    "--quiet",
    "--platform",
    "deno",
    "--code-splitting",
    "--minify",
    "--keep-names",
    ...dependencies.flatMap((name) => ["--external", name, "--external", `${name}/*`]),
    "--outdir",
    outDir,
    entry,
  ];
}

/**
 * Bundles the runtime into `outDir` (relative to the working folder; the checkout's `lib/` by
 * default), replacing what it held at once: the bundle is written beside it, then renamed, so a
 * reader (`netlify dev` reloading the function) never sees half of one. The files written.
 */
export async function bundleRuntime(outDir = `${ROOT}${RUNTIME_DIR}`): Promise<string[]> {
  const target = resolve(outDir);
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}package.json`));
  const fresh = `${target}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: bundleArgs(RUNTIME_ENTRY, fresh, Object.keys(pkg.dependencies ?? {})),
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      throw new Error(`deno bundle failed:\n${new TextDecoder().decode(out.stderr)}`);
    }
    await Deno.remove(target, { recursive: true }).catch(() => {});
    await Deno.rename(fresh, target);
  } finally {
    await Deno.remove(fresh, { recursive: true }).catch(() => {});
  }
  const files: string[] = [];
  for await (const entry of Deno.readDir(target)) files.push(entry.name);
  return files.sort();
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--out");
  const outDir = at === -1 ? undefined : Deno.args[at + 1];
  const files = await bundleRuntime(outDir);
  console.log(`bundled the edge runtime: ${files.length} modules in ${outDir ?? RUNTIME_DIR}/`);
}
