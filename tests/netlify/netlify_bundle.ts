/**
 * The edge function bundled by Netlify's own bundler and unpacked to runnable files: used by
 * the bundle test (`edge_bundle_test.ts`) and the cold-start benchmark
 * (`scripts/bench/cold_eszip.ts`).
 *
 * @module
 */
import { ROOT } from "../helpers.ts";
import { type NetlifyTools, run } from "./netlify_tools.ts";
import { denoImportMap, edgeRoutes } from "./netlify_toml.ts";

/** What a Netlify deploy of this repository contains besides its content. */
export const SITE_FILES = [
  "package.json",
  "package-lock.json",
  "netlify.toml",
  "deno.json",
  "deno.lock",
  "netlify",
  "src",
  "scripts",
  "import_map.json",
];

/**
 * Copies the deploy's files (those present) from the checkout at `from` (default this one) into
 * `dir`; `content` too when asked.
 */
export async function copySite(dir: string, withContent = true, from = ROOT) {
  const present = [];
  for (const file of withContent ? [...SITE_FILES, "content"] : SITE_FILES) {
    if (await Deno.stat(`${from}/${file}`).then(() => true, () => false)) present.push(file);
  }
  await run("cp", ["-R", ...present.map((f) => `${from}/${f}`), dir], from);
}

/**
 * Bundles the package's edge runtime into `site`'s `lib/` with the site's own
 * `scripts/bundle_runtime.ts` (what its `deno task build` runs first), for builds that run
 * `scripts/build.ts` alone; a tree from before the bundle has no such script and nothing to do.
 */
export async function bundleRuntimeIn(site: string): Promise<void> {
  const script = `${site}/scripts/bundle_runtime.ts`;
  if (!(await Deno.stat(script).then(() => true, () => false))) return;
  await run(Deno.execPath(), ["run", "-A", script], site);
}

/** What the eszip holds, as the vendored reader lists it. */
export interface Unpacked {
  specifiers: string[];
  importMap: { imports: Record<string, string> };
  stage2: string;
}

/** The bundler's manifest (the parts used here). */
export interface BundleManifest {
  bundles: { asset: string; format: string }[];
  routes: { path: string }[];
}

/**
 * Runs `@netlify/edge-bundler` (under the pinned Node) over `site`'s `netlify/edge-functions`
 * with the routes of its `netlify.toml`, writing the eszip to `out`; then unpacks it into
 * `unpacked` with the reader vendored in that bundler, and writes there what a fresh Deno needs
 * to run it: `import_map.json` (the bundle's own map, pointed at the unpacked files) and
 * `stage2.js` (the entry). The eszip holds each TypeScript module compiled to JavaScript, which
 * is how Netlify's runtime loads it; unpacked under its `.ts` name, a fresh Deno treats it as
 * TypeScript and looks it up in its transpile cache first. `import_map_js.json` maps each one
 * to a `.js` copy instead, for runs that should load modules as the edge does (see
 * {@link runUnpackedArgs}).
 */
export async function bundleAndUnpack(
  tools: NetlifyTools,
  site: string,
  out: string,
  unpacked: string,
): Promise<{ manifest: BundleManifest; assetBytes: number; eszip: Unpacked }> {
  const toml = await Deno.readTextFile(`${site}/netlify.toml`);
  const importMap = denoImportMap(toml);
  const result = JSON.parse(
    (await run(tools.node, [
      `${ROOT}/tests/netlify/bundle_edge.mjs`,
      tools.bundler,
      site,
      out,
      JSON.stringify(edgeRoutes(toml)),
      ...(importMap ? [importMap] : []),
    ], site)).trim().split("\n").at(-1)!,
  );
  const manifest = result.manifest as BundleManifest;
  const asset = `${out}/${manifest.bundles[0]!.asset}`;
  const read = await run(Deno.execPath(), [
    "run",
    "-A",
    "--no-config",
    "--no-lock",
    "--import-map",
    tools.vendorImportMap,
    `${ROOT}/tests/netlify/read_eszip.ts`,
    `file://${tools.eszipModule}`,
    asset,
    unpacked,
  ], ROOT);
  const eszip = JSON.parse(read.trim().split("\n").at(-1)!) as Unpacked;
  const base = `file://${unpacked}/`;
  const imports: Record<string, string> = { "file:///root/": `${base}root/` };
  imports["file:///vendor/"] = `${base}vendor/`;
  for (const [from, to] of Object.entries(eszip.importMap.imports)) {
    imports[from] = to.replace(/^file:\/\/\/(root|vendor)\//, `${base}$1/`);
  }
  await Deno.writeTextFile(`${unpacked}/import_map.json`, JSON.stringify({ imports }));
  const asJs = { ...imports };
  for (const specifier of eszip.specifiers) {
    if (!/^file:\/\/\/(root|vendor)\/.*\.[cm]?tsx?$/.test(specifier)) continue;
    const path = specifier.slice("file:///".length);
    await Deno.copyFile(`${unpacked}/${path}`, `${unpacked}/${path}.js`);
    // The bundle's own specifier, and the unpacked one a relative import resolves to.
    asJs[specifier] = asJs[`${base}${path}`] = `${base}${path}.js`;
  }
  await Deno.writeTextFile(`${unpacked}/import_map_js.json`, JSON.stringify({ imports: asJs }));
  await Deno.writeTextFile(`${unpacked}/stage2.js`, eszip.stage2);
  return { manifest, assetBytes: (await Deno.stat(asset)).size, eszip };
}

/**
 * The `deno` arguments that run `script` (a file in `unpacked`) as Netlify runs the bundle: a
 * fresh Deno with no config, lockfile, npm or remote imports, the bundle's own import map, and
 * only `permissions` besides environment access. With `modules: "js"`, the compiled modules are
 * loaded as JavaScript, as the edge loads them (see {@link bundleAndUnpack}).
 */
export function runUnpackedArgs(
  unpacked: string,
  script: string,
  permissions: string[] = [],
  modules: "as-named" | "js" = "as-named",
) {
  return [
    "run",
    "--no-config",
    "--no-lock",
    "--no-npm",
    "--no-remote",
    ...permissions,
    "--allow-env",
    "--import-map",
    `${unpacked}/${modules === "js" ? "import_map_js.json" : "import_map.json"}`,
    `${unpacked}/${script}`,
  ];
}

/** A bundle served by `run_bundle.js` in a fresh process, and how to stop it. */
export interface Served {
  port: string;
  close(): Promise<void>;
}

/**
 * Starts the unpacked bundle's function `name` with `vars` as its `Netlify.env`, and waits
 * until it listens.
 */
export async function serveBundle(
  unpacked: string,
  vars: Record<string, string>,
  name = "mcp",
): Promise<Served> {
  const child = new Deno.Command(Deno.execPath(), {
    args: runUnpackedArgs(unpacked, "run_bundle.js", ["--allow-net=127.0.0.1"]),
    env: { NETLIFY_VARS: JSON.stringify(vars), NETLIFY_FUNCTION: name },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const close = async () => {
    child.kill();
    await child.status;
  };
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let banner = "";
  while (!banner.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      await close();
      throw new Error(`bundle exited before listening: ${banner}`);
    }
    banner += value;
  }
  reader.releaseLock();
  void child.stdout.cancel().catch(() => {});
  const port = /listening on (\d+)/.exec(banner)?.[1];
  if (!port) {
    await close();
    throw new Error(`no port in: ${banner}`);
  }
  return { port, close };
}
