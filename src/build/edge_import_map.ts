/**
 * The import map a site that installed Shelf from npm needs (Netlify's bundler, and Deno on
 * Deno Deploy, which refuses to strip types from TypeScript it resolves in `node_modules` as a
 * package): Shelf's entries and its runtime packages mapped to the files npm installed, as
 * relative paths from the map's folder. Written to `.shelf/edge/import_map.json` by the build,
 * and by `init` (so that `deno.json`'s `importMap` names a file before the first build). Mapped to plain files, the bundler includes the ES modules the packages ship;
 * left as bare names, it would vendor them with a banner of Node built-in imports that boots
 * Deno's Node compatibility layer in every cold isolate.
 *
 * @module
 */

/**
 * Shelf's entries a site imports, by their package paths (see package.json's `exports`). The
 * Netlify entry is the edge runtime the package ships bundled (`lib/`, written by
 * `scripts/bundle_runtime.ts` when the package is packed): a cold isolate loads a few modules, not
 * the 160 of `src/`. A copy without it (installed from a git checkout never built) maps the source.
 */
const ENTRIES: Record<string, string> = {
  "shelf-mcp/netlify": "../../lib/netlify_edge.js",
  "shelf-mcp/cloudflare": "../entries/cloudflare_worker.ts",
  "shelf-mcp/serve": "../serve.ts",
};

/** The Netlify entry's source, mapped when the package holds no bundled runtime. */
const UNBUNDLED_NETLIFY_ENTRY = "../entries/netlify_edge.ts";

/** The runtime packages Shelf's modules import. */
const PACKAGES = [
  "hono",
  "jose",
  "stemmer",
  "smol-toml",
  "yaml",
  // A private sharded build's shards are read with Netlify's Blobs client (and its two packages).
  "@netlify/blobs",
  "@netlify/runtime-utils",
  "@netlify/otel",
];

/**
 * Node built-ins the Blobs client imports by bare name, mapped to what Netlify's Deno runtime
 * provides; the client is imported on a private sharded build's first shard read, never at start.
 */
const BUILTINS: Record<string, string> = { process: "node:process" };

/** `to` (a path) relative to the folder `from`, with `./` or `../` in front. */
function relativePath(from: string, to: string): string {
  const a = from.split("/").filter(Boolean);
  const b = to.split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up = a.length - common;
  return (up === 0 ? "./" : "../".repeat(up)) + b.slice(common).join("/");
}

/**
 * The import map (JSON) for a map file in the folder `dir`, given where each bare import
 * resolves; `undefined` unless each resolves to a file under a `node_modules/` folder (in
 * Shelf's own checkout Deno resolves them from its npm cache, and `netlify/import_map.json`
 * maps them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { edgeImportMap } from "./edge_import_map.ts";
 * const map = edgeImportMap("/site/.shelf/edge", {
 *   hono: "file:///site/node_modules/hono/dist/index.js",
 *   "shelf-mcp/netlify": "file:///site/node_modules/shelf-mcp/lib/netlify_edge.js",
 * });
 * assert.deepEqual(JSON.parse(map!).imports, {
 *   hono: "../../node_modules/hono/dist/index.js",
 *   "shelf-mcp/netlify": "../../node_modules/shelf-mcp/lib/netlify_edge.js",
 * });
 * assert.equal(edgeImportMap("/site", { hono: "npm:hono@4" }), undefined);
 * assert.equal(edgeImportMap("/site", { hono: "file:///cache/npm/hono/4/index.js" }), undefined);
 * ```
 */
export function edgeImportMap(dir: string, resolved: Record<string, string>): string | undefined {
  const imports: Record<string, string> = {};
  for (const [name, url] of Object.entries(resolved)) {
    if (!url.startsWith("file://") || !url.includes("/node_modules/")) return undefined;
    imports[name] = relativePath(dir, decodeURIComponent(new URL(url).pathname));
  }
  return JSON.stringify({ imports }, null, 2) + "\n";
}

/**
 * Writes `<dir>/import_map.json` when Shelf runs from an npm install (the bin's import map
 * resolves the runtime packages to the files npm installed; see {@link edgeImportMap}); says
 * whether it wrote one.
 */
export async function writeEdgeImportMap(dir: string): Promise<boolean> {
  const resolved: Record<string, string> = {};
  for (const [name, path] of Object.entries(ENTRIES)) {
    resolved[name] = new URL(path, import.meta.url).href;
  }
  if (!(await Deno.stat(new URL(resolved["shelf-mcp/netlify"]!)).then(() => true, () => false))) {
    resolved["shelf-mcp/netlify"] = new URL(UNBUNDLED_NETLIFY_ENTRY, import.meta.url).href;
  }
  for (const name of PACKAGES) {
    // In Shelf's own checkout the Blobs client's own packages are no dependency of Shelf's:
    // Deno resolves them from its npm cache, and `netlify/import_map.json` maps them.
    try {
      resolved[name] = import.meta.resolve(name);
    } catch {
      return false;
    }
  }
  await Deno.mkdir(dir, { recursive: true });
  const map = edgeImportMap(await Deno.realPath(dir), resolved);
  if (map === undefined) return false;
  const json = JSON.parse(map) as { imports: Record<string, string> };
  Object.assign(json.imports, BUILTINS);
  await Deno.writeTextFile(`${dir}/import_map.json`, JSON.stringify(json, null, 2) + "\n");
  return true;
}
