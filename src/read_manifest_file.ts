/**
 * Start-up reader of a build's output (`manifest.json` with `index.json` beside it), for
 * `--manifest FILE` and the prebuilt `dist/_shelf/`. Called once per process, never per request.
 *
 * @module
 */
import { assertManifest, type Manifest } from "./content/manifest.ts";
import type { SearchIndexData } from "./search/search_index.ts";

/** A manifest read from disk, with the search index written beside it when there is one. */
export interface Prebuilt {
  manifest: Manifest;
  index?: SearchIndexData;
}

/**
 * Reads a manifest file and, when present, the `index.json` beside it. Throws with the path
 * when the manifest cannot be read or is not a manifest this server reads.
 */
export async function readManifestFile(path: string): Promise<Prebuilt> {
  const manifest: unknown = JSON.parse(await Deno.readTextFile(path));
  assertManifest(manifest);
  const indexFile = path.replace(/[^/]*$/, "index.json");
  try {
    const index = JSON.parse(await Deno.readTextFile(indexFile)) as SearchIndexData;
    return { manifest, index };
  } catch {
    return { manifest };
  }
}
