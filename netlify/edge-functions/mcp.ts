/**
 * Netlify Edge adapter: the build's manifest, index, body and postings chunks as JSON modules
 * from `.shelf/edge/`, outside the published folder (the manifest at start, the index on the first search, each chunk when a request first needs
 * one; `edge-bodies.ts` and `edge-postings.ts`, written by the build, list the chunks by literal
 * path so that bundlers include them) — or, for a sharded build, the root of its shards —,
 * settings from `Netlify.env`, everything else in `createEdgeApp`. Routes are declared in `netlify.toml`.
 *
 * @module
 */
import manifest from "../../.shelf/edge/edge-manifest.json" with { type: "json" };
import bodyChunks from "../../.shelf/edge/edge-bodies.ts";
import postingsChunks from "../../.shelf/edge/edge-postings.ts";
import viewChunks, { hashes as viewHashes } from "../../.shelf/edge/edge-views.ts";
import { createEdgeApp } from "../../src/edge_app.ts";

declare const Netlify: { env: { get(name: string): string | undefined } } | undefined;

const app = createEdgeApp({
  env: (name) => (typeof Netlify !== "undefined" ? Netlify.env.get(name) : undefined),
  manifest,
  index: async () =>
    (await import("../../.shelf/edge/edge-index.json", { with: { type: "json" } })).default,
  bodyChunk: async (k) => (await bodyChunks[k]!()).default,
  postingsChunk: async (k) => (await postingsChunks[k]!()).default,
  // A private sharded build's shards are in the deploy's Blobs store (a public one's are read
  // from the site's URL).
  blobs: async () => (await import("@netlify/blobs")).getDeployStore(),
  viewIndex: async (hash) => {
    const k = viewHashes.indexOf(hash);
    return k === -1 ? undefined : (await viewChunks[k]!()).default;
  },
});

/** Netlify calls this for every request on the routes declared in `netlify.toml`. */
export default (
  request: Request,
  context?: { next(): Promise<Response> },
): Response | Promise<Response> => app.serve(request, context?.next.bind(context));
