/**
 * The source of `edge-bodies.ts`, the module the build writes beside the edge manifest: one
 * import function per body chunk (`edge-bodies/<k>.json`, see `content/body_chunks.ts`), each
 * with a literal path, so that bundlers (Netlify's, `deno bundle`) see and include every chunk
 * while the isolate imports each one only when a request first needs it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { edgeBodiesModule } from "./edge_bodies_module.ts";
 * const source = edgeBodiesModule(2);
 * assert.ok(source.includes('() => import("./edge-bodies/0.json", { with: { type: "json" } }),'));
 * assert.ok(source.includes('"./edge-bodies/1.json"') && !source.includes('"./edge-bodies/2.json"'));
 * assert.ok(edgeBodiesModule(0).includes("= [\n];"));
 * ```
 */
export function edgeBodiesModule(count: number): string {
  const lines = Array.from(
    { length: count },
    (_, k) => `  () => import("./edge-bodies/${k}.json", { with: { type: "json" } }),\n`,
  );
  return "// Written by scripts/build.ts: the edge manifest's body chunks, each imported on first use.\n" +
    "const chunks: ReadonlyArray<() => Promise<{ default: unknown }>> = [\n" +
    lines.join("") + "];\nexport default chunks;\n";
}
