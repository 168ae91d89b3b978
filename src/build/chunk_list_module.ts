/**
 * The source of a chunk list module the build writes beside the edge files (`edge-bodies.ts`,
 * `edge-postings.ts`): one import function per chunk (`<folder>/<k>.json`), each with a literal
 * path, so that bundlers (Netlify's, `deno bundle`) see and include every chunk while the isolate
 * imports each one only when a request first needs it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkListModule } from "./chunk_list_module.ts";
 * const source = chunkListModule("edge-bodies", 2);
 * assert.ok(source.includes('() => import("./edge-bodies/0.json", { with: { type: "json" } }),'));
 * assert.ok(source.includes('"./edge-bodies/1.json"') && !source.includes('"./edge-bodies/2.json"'));
 * assert.ok(chunkListModule("edge-postings", 0).includes("= [\n];"));
 * ```
 */
export function chunkListModule(folder: string, count: number): string {
  const lines = Array.from(
    { length: count },
    (_, k) => `  () => import("./${folder}/${k}.json", { with: { type: "json" } }),\n`,
  );
  return `// Written by scripts/build.ts: the chunks under ${folder}/, each imported on first use.\n` +
    "const chunks: ReadonlyArray<() => Promise<{ default: unknown }>> = [\n" +
    lines.join("") + "];\nexport default chunks;\n";
}

/**
 * The module listing the prebuilt indexes of scoped views (`edge-views.ts`): the chunk list of
 * `edge-views/<k>.json` and, as `hashes`, the content hash each one is for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { viewListModule } from "./chunk_list_module.ts";
 * const source = viewListModule(["abc~docs"]);
 * assert.ok(source.includes('() => import("./edge-views/0.json", { with: { type: "json" } }),'));
 * assert.ok(source.includes('export const hashes: readonly string[] = ["abc~docs"];'));
 * ```
 */
export function viewListModule(hashes: readonly string[]): string {
  return chunkListModule("edge-views", hashes.length) +
    `export const hashes: readonly string[] = ${JSON.stringify(hashes)};\n`;
}
