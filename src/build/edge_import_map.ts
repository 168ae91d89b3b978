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

/** Shelf's entries a site imports, by their package paths (see package.json's `exports`). */
const ENTRIES: Record<string, string> = {
  "shelf-mcp/netlify": "../entries/netlify_edge.ts",
  "shelf-mcp/cloudflare": "../entries/cloudflare_worker.ts",
  "shelf-mcp/serve": "../serve.ts",
};

/** The runtime packages Shelf's modules import. */
const PACKAGES = ["hono", "jose", "stemmer", "smol-toml", "yaml"];

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
 *   "shelf-mcp/netlify": "file:///site/node_modules/shelf-mcp/src/entries/netlify_edge.ts",
 * });
 * assert.deepEqual(JSON.parse(map!).imports, {
 *   hono: "../../node_modules/hono/dist/index.js",
 *   "shelf-mcp/netlify": "../../node_modules/shelf-mcp/src/entries/netlify_edge.ts",
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
  for (const name of PACKAGES) resolved[name] = import.meta.resolve(name);
  await Deno.mkdir(dir, { recursive: true });
  const map = edgeImportMap(await Deno.realPath(dir), resolved);
  if (map === undefined) return false;
  await Deno.writeTextFile(`${dir}/import_map.json`, map);
  return true;
}
