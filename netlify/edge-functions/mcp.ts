/**
 * Shelf's own Netlify Edge Function: the site's function as `shelf-mcp init` writes it, with the
 * package imported from this repository's source. Routes are declared in `netlify.toml`.
 *
 * @module
 */
import build from "../../.shelf/edge/shelf_build.ts";
import { netlifyEdge } from "../../src/entries/netlify_edge.ts";

/** Netlify calls this for every request on the routes declared in `netlify.toml`. */
export default netlifyEdge(build);
