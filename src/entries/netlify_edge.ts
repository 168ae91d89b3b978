/**
 * The Netlify Edge Function of a site, made from the modules `shelf-mcp build` writes into
 * `.shelf/edge/` (imported through `.shelf/edge/shelf_build.ts`, whose relative imports let
 * Netlify's bundler include every chunk): settings from `Netlify.env`, everything else in
 * `createEdgeApp`. A site's whole function is three lines:
 *
 * ```ts ignore
 * import build from "../../.shelf/edge/shelf_build.ts";
 * import { netlifyEdge } from "shelf-mcp/netlify";
 * export default netlifyEdge(build);
 * ```
 *
 * @module
 */
import { createEdgeApp } from "../edge_app.ts";
import { type EdgeBuild, edgeInputs } from "./edge_build.ts";

export type { EdgeBuild };

declare const Netlify: { env: { get(name: string): string | undefined } } | undefined;

/** What Netlify hands the function besides the request (the parts Shelf uses). */
export interface NetlifyContext {
  next(): Promise<Response>;
}

/**
 * The edge function for `build`: Netlify calls it for every request on the routes declared in
 * `netlify.toml`. A build written by another layout version is refused at once, with the
 * command that rebuilds it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { netlifyEdge } from "./netlify_edge.ts";
 * assert.throws(() => netlifyEdge({ layout: 0 } as never), /shelf-mcp build/);
 * ```
 */
export function netlifyEdge(
  build: EdgeBuild,
): (request: Request, context?: NetlifyContext) => Response | Promise<Response> {
  const app = createEdgeApp({
    ...edgeInputs(
      build,
      (name) => (typeof Netlify !== "undefined" ? Netlify.env.get(name) : undefined),
    ),
    // A private sharded build's shards are in the deploy's Blobs store (a public one's are read
    // from the site's URL); the client is imported on the first shard read, never at start.
    blobs: async () => (await import("@netlify/blobs")).getDeployStore(),
  });
  return (request, context) => app.serve(request, context?.next.bind(context));
}
