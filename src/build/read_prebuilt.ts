/**
 * Whether the build output in `dist/_shelf/` can stand in for a build at start-up. Entry points
 * call it once, never per request.
 *
 * @module
 */
import type { ContentConfig } from "./parse_metadata.ts";
import { configFingerprint } from "./config_fingerprint.ts";
import { type Prebuilt, readManifestFile } from "../read_manifest_file.ts";
import { SHELF_VERSION } from "../version.ts";

export type { Prebuilt };

/** The newest modification time of any file under `folders` (links are not followed). */
async function newestFile(folders: readonly string[]): Promise<{ path: string; time: number }> {
  let newest = { path: "", time: 0 };
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile) {
        const time = (await Deno.lstat(path)).mtime?.getTime() ?? 0;
        if (time > newest.time) newest = { path, time };
      }
    }
  };
  for (const folder of folders) await walk(folder);
  return newest;
}

/**
 * The build output in `dir` when it can stand in for building `content` now: it exists, was
 * written by this version of Shelf, was built from the same configuration (see `configFingerprint`) and is not older than any file
 * in the content folders. Otherwise the reason it cannot, for the start-up log.
 */
export async function freshPrebuilt(
  content: ContentConfig,
  dir: string,
  cwd: string,
): Promise<Prebuilt | { reason: string }> {
  const file = `${dir}/manifest.json`;
  let stat: Deno.FileInfo;
  try {
    stat = await Deno.stat(file);
  } catch {
    return { reason: `no ${file}` };
  }
  let found: Prebuilt;
  try {
    found = await readManifestFile(file);
  } catch (error) {
    return { reason: `${file} is not usable: ${(error as Error).message}` };
  }
  if (found.manifest.builtBy !== SHELF_VERSION) {
    return {
      reason: `${file} was built by Shelf ${found.manifest.builtBy ?? "before 0.1.0"} ` +
        `(this is ${SHELF_VERSION})`,
    };
  }
  if (found.manifest.buildConfig !== await configFingerprint(content, cwd)) {
    return { reason: `${file} was built from another configuration` };
  }
  const newest = await newestFile(content.sources.map((s) => s.path));
  if (newest.time > (stat.mtime?.getTime() ?? 0)) {
    return { reason: `${file} is older than ${newest.path}` };
  }
  return found;
}
