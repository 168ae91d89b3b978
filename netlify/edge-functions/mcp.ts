/**
 * Shelf's own Netlify Edge Function: the site's function as `shelf-mcp init` writes it, with the
 * package's edge runtime imported as the package ships it — bundled into `lib/` by
 * `scripts/bundle_runtime.ts`, which `deno task build` runs first. Routes are declared in
 * `netlify.toml`.
 *
 * @module
 */
import build from "../../.shelf/edge/shelf_build.ts";
// @ts-types="../../src/entries/netlify_edge.ts"
import { netlifyEdge } from "../../lib/netlify_edge.js";

/** Netlify calls this for every request on the routes declared in `netlify.toml`. */
export default netlifyEdge(build);
