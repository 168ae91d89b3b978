/**
 * Netlify Edge adapter: the manifest arrives as a JSON module built by `deno task build`, the
 * app is created once per isolate, and each request is handed to it.
 *
 * @module
 */
import manifest from "../../dist/_shelf/manifest.json" with { type: "json" };
import { createApp } from "../../src/app.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";

const app = createApp({ stores: createStoreCache({ load: () => manifest as Manifest }) });

/** Netlify calls this for every request on the routes in {@link config}. */
export default (request: Request): Response | Promise<Response> => app.fetch(request);

/** Routes served by this edge function (the same as in netlify.toml). */
export const config = { path: ["/mcp", "/mcp/", "/health"] };
