/**
 * The contract between the build and an edge entry: the module `.shelf/edge/shelf_build.ts`
 * the build writes, which imports the build's JSON modules by literal relative paths (so that
 * bundlers include them) and exports them with the layout version they were written in.
 *
 * @module
 */

import type { EdgeInputs } from "../edge_app.ts";

/** Layout of `.shelf/edge/`; an entry refuses a build of another layout. */
export const EDGE_LAYOUT = 1;

/** A JSON module, imported on first use. */
type Lazy = () => Promise<{ default: unknown }>;

/** What `.shelf/edge/shelf_build.ts` exports. */
export interface EdgeBuild {
  /** {@link EDGE_LAYOUT} of the build that wrote it. */
  layout: number;
  /** The Shelf version that wrote it (for messages). */
  shelfVersion: string;
  /** `edge-manifest.json`. */
  manifest: unknown;
  /** `edge-index.json`. */
  index: Lazy;
  /** `edge-bodies/<k>.json`, by chunk number. */
  bodies: readonly Lazy[];
  /** `edge-postings/<k>.json`, by chunk number. */
  postings: readonly Lazy[];
  /** `edge-views/<k>.json`, by view number. */
  views: readonly Lazy[];
  /** The content hash of each view. */
  viewHashes: readonly string[];
}

/**
 * Throws, naming the command that rebuilds it, unless `build` has this version's layout.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertEdgeBuild, EDGE_LAYOUT } from "./edge_build.ts";
 * assert.throws(
 *   () => assertEdgeBuild({ layout: EDGE_LAYOUT + 1, shelfVersion: "9.0.0" }),
 *   /written by shelf-mcp 9\.0\.0 .*run `npx shelf-mcp build`/,
 * );
 * ```
 */
export function assertEdgeBuild(build: unknown): asserts build is EdgeBuild {
  const b = build as Partial<EdgeBuild> | undefined;
  if (b?.layout !== EDGE_LAYOUT) {
    throw new Error(
      `.shelf/edge/ was written by shelf-mcp ${b?.shelfVersion ?? "(unknown)"} in layout ` +
        `${
          b?.layout ?? "(none)"
        }; this Shelf reads layout ${EDGE_LAYOUT}: run \`npx shelf-mcp build\``,
    );
  }
}

/**
 * The source of `.shelf/edge/shelf_build.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { edgeBuildModule } from "./edge_build.ts";
 * const source = edgeBuildModule("1.2.3");
 * assert.ok(source.includes('import manifest from "./edge-manifest.json" with { type: "json" };'));
 * assert.ok(source.includes('shelfVersion: "1.2.3"'));
 * ```
 */
export function edgeBuildModule(shelfVersion: string): string {
  return [
    "// Written by shelf-mcp build: the build's modules, as an edge entry imports them.",
    'import manifest from "./edge-manifest.json" with { type: "json" };',
    'import bodies from "./edge-bodies.ts";',
    'import postings from "./edge-postings.ts";',
    'import views, { hashes as viewHashes } from "./edge-views.ts";',
    "export default {",
    `  layout: ${EDGE_LAYOUT},`,
    `  shelfVersion: ${JSON.stringify(shelfVersion)},`,
    "  manifest,",
    '  index: () => import("./edge-index.json", { with: { type: "json" } }),',
    "  bodies,",
    "  postings,",
    "  views,",
    "  viewHashes,",
    "};",
    "",
  ].join("\n");
}

/**
 * What `createEdgeApp` takes, from a checked build and the platform's environment: each chunk
 * imported when a request first needs it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EDGE_LAYOUT, edgeInputs } from "./edge_build.ts";
 * const chunk = () => Promise.resolve({ default: { k: 0 } });
 * const build = { layout: EDGE_LAYOUT, shelfVersion: "1", manifest: {}, index: chunk,
 *   bodies: [chunk], postings: [], views: [chunk], viewHashes: ["h"] };
 * const inputs = edgeInputs(build, () => undefined);
 * assert.deepEqual(await inputs.bodyChunk!(0), { k: 0 });
 * assert.equal(await inputs.viewIndex!("other"), undefined);
 * ```
 */
export function edgeInputs(
  build: unknown,
  env: (name: string) => string | undefined,
): EdgeInputs {
  assertEdgeBuild(build);
  return {
    env,
    manifest: build.manifest,
    index: async () => (await build.index()).default,
    bodyChunk: async (k) => (await build.bodies[k]!()).default,
    postingsChunk: async (k) => (await build.postings[k]!()).default,
    viewIndex: async (hash) => {
      const k = build.viewHashes.indexOf(hash);
      return k === -1 ? undefined : (await build.views[k]!()).default;
    },
  };
}
