/**
 * The Cloudflare Worker of a site, made from the modules `shelf-mcp build` writes into
 * `.shelf/edge/`: settings from the Worker's environment (its `vars` and secrets), everything
 * else in `createEdgeApp`. A Worker has no CDN behind it to pass the site files on to, so it
 * serves `llms.txt` and the twins itself, from the manifest. A site's whole entry is three lines:
 *
 * ```ts ignore
 * import build from "./.shelf/edge/shelf_build.ts";
 * import { cloudflareWorker } from "shelf-mcp/cloudflare";
 * export default cloudflareWorker(build);
 * ```
 *
 * @module
 */
import { createEdgeApp, type EdgeApp } from "../edge_app.ts";
import { assertEdgeBuild, type EdgeBuild, edgeInputs } from "./edge_build.ts";

/** A Worker's module export: `fetch(request, env)`. */
export interface WorkerExport {
  fetch(request: Request, env?: Record<string, unknown>): Response | Promise<Response>;
}

/**
 * The Worker for `build`. The environment reaches a Worker with its first request, so the app
 * is made then, once per isolate; a build of another layout is refused at once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cloudflareWorker } from "./cloudflare_worker.ts";
 * assert.throws(() => cloudflareWorker({ layout: 0 } as never), /shelf-mcp build/);
 * ```
 */
export function cloudflareWorker(build: EdgeBuild): WorkerExport {
  assertEdgeBuild(build);
  let app: EdgeApp | undefined;
  return {
    fetch(request, env = {}) {
      app ??= createEdgeApp(edgeInputs(build, (name) => {
        const value = env[name];
        return typeof value === "string" ? value : undefined;
      }));
      return app.serve(request);
    },
  };
}
