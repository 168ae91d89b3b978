/**
 * The name of the root file a public sharded build publishes (`_shelf/shards.json`), apart from
 * the rest of `published_root.ts`: an entry tells from it alone, at start, whether what it serves
 * is sharded, and imports the modules that read shards only when it is (`edge_app.ts`).
 *
 * @module
 */

/** The root file's name, in `_shelf/` beside the `shards/` folder. */
export const PUBLISHED_ROOT_FILE = "shards.json";

/**
 * Whether `path` (a file or a URL) names a sharded build's root file rather than a manifest:
 * its last segment is {@link PUBLISHED_ROOT_FILE}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namesPublishedRoot } from "./root_file_name.ts";
 * assert.ok(namesPublishedRoot("https://kb.example/_shelf/shards.json"));
 * assert.ok(namesPublishedRoot("https://kb.example/_shelf/shards.json?v=2"));
 * assert.ok(namesPublishedRoot("dist/_shelf/shards.json"));
 * assert.ok(!namesPublishedRoot("dist/_shelf/manifest.json"));
 * ```
 */
export function namesPublishedRoot(path: string): boolean {
  return path.replace(/[?#].*$/s, "").split("/").at(-1) === PUBLISHED_ROOT_FILE;
}
