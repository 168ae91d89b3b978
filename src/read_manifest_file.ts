/**
 * Start-up reader of a build's output, for `--manifest FILE` and the prebuilt `dist/_shelf/`:
 * `manifest.json` with `index.json` beside it, or a sharded build's root file (`shards.json`,
 * its shards beside it in `shards/`, read later, each on first need); and a private sharded
 * build's root in the Blobs upload folder, beside its shards. Called once per process, never per
 * request.
 *
 * @module
 */
import { assertManifest, type Manifest } from "./content/manifest.ts";
import type { SearchIndexData } from "./search/search_index.ts";
import { blobFile } from "./shards/blobs_shard_source.ts";
import {
  assertPublishedRoot,
  namesPublishedRoot,
  PUBLISHED_ROOT_FILE,
  type PublishedRoot,
} from "./shards/published_root.ts";

/**
 * A build read from disk: a manifest (with the index written beside it), or a sharded root and
 * the folder of its shards (`layout: "blobs"`: a Blobs upload folder, `diskShardSource`'s).
 */
export type Prebuilt =
  | { manifest: Manifest; index?: SearchIndexData }
  | { root: PublishedRoot; shards: string; layout?: "blobs" };

/**
 * Reads a manifest file and, when present, the `index.json` beside it; or, for a file named
 * `shards.json`, the root alone (and where its shards are). Throws with the path when the file
 * cannot be read or is not one this server reads.
 */
export async function readManifestFile(path: string): Promise<Prebuilt> {
  const value: unknown = JSON.parse(await Deno.readTextFile(path));
  if (namesPublishedRoot(path)) {
    assertPublishedRoot(value);
    return { root: value, shards: path.replace(/[^/]*$/, "shards") };
  }
  assertManifest(value);
  const indexFile = path.replace(/[^/]*$/, "index.json");
  try {
    const index = JSON.parse(await Deno.readTextFile(indexFile)) as SearchIndexData;
    return { manifest: value, index };
  } catch {
    return { manifest: value };
  }
}

/**
 * The file of a private sharded build's root in the Blobs upload folder `upload`: the build
 * writes it beside the shards (and Netlify's build uploads it with them), never into `dist/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { privateRootFile } from "./read_manifest_file.ts";
 * assert.equal(privateRootFile(".netlify/v1/blobs/deploy"),
 *   ".netlify/v1/blobs/deploy/shelf-shards/shards.json/blob");
 * ```
 */
export const privateRootFile = (upload: string): string => blobFile(upload, PUBLISHED_ROOT_FILE);

/**
 * Reads the root of a private sharded build from the Blobs upload folder `upload` (its shards
 * read from there, each on first need). Throws with the path when the file cannot be read, or is
 * not the root of shards kept in Blobs.
 */
export async function readPrivateRoot(upload: string): Promise<Prebuilt> {
  const value: unknown = JSON.parse(await Deno.readTextFile(privateRootFile(upload)));
  assertPublishedRoot(value);
  if (value.shards.store !== "blobs") {
    throw new TypeError(`its shards are in store "${value.shards.store}", not in Blobs`);
  }
  return { root: value, shards: upload, layout: "blobs" };
}
