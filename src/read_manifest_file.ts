/**
 * Start-up reader of a build's output, for `--manifest FILE` and the prebuilt `dist/_shelf/`:
 * `manifest.json` with `index.json` beside it, or a sharded build's root file (`shards.json`,
 * its shards beside it in `shards/`, read later, each on first need). Called once per process,
 * never per request.
 *
 * @module
 */
import { assertManifest, type Manifest } from "./content/manifest.ts";
import type { SearchIndexData } from "./search/search_index.ts";
import {
  assertPublishedRoot,
  namesPublishedRoot,
  type PublishedRoot,
} from "./shards/published_root.ts";

/** A build read from disk: a manifest (with the index written beside it), or a sharded root. */
export type Prebuilt =
  | { manifest: Manifest; index?: SearchIndexData }
  | { root: PublishedRoot; shards: string };

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
