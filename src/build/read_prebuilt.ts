/**
 * Whether the build output in `dist/_shelf/` (a manifest, or a sharded build's root) can stand
 * in for a build at start-up. Entry points call it once, never per request: the cheap part
 * ({@link prebuiltCandidate}: the file, its version and configuration) before the server answers,
 * the walk of the content folders ({@link staleReason}) after it has started.
 *
 * @module
 */
import type { ContentConfig } from "./parse_metadata.ts";
import { configFingerprint } from "./config_fingerprint.ts";
import {
  type Prebuilt,
  privateRootFile,
  readManifestFile,
  readPrivateRoot,
} from "../read_manifest_file.ts";
import { SHELF_VERSION } from "../version.ts";
import { PUBLISHED_ROOT_FILE } from "../shards/published_root.ts";

export type { Prebuilt };

/** Files stat'ed between two turns of the event loop in {@link staleReason}'s walk. */
const FILES_PER_TURN = 500;

/** A build that passed the cheap checks: the file read, its path and its modification time. */
export interface Candidate {
  found: Prebuilt;
  file: string;
  builtMs: number;
}

/**
 * The newest modification time of any file under `folders` (links are not followed). Each
 * directory is read and each file stat'ed synchronously (a fraction of the CPU of an
 * asynchronous walk: 50,000 files, about 0.6 s against 2–5 s on the 2-core VM), in turns of
 * {@link FILES_PER_TURN} files, so requests are answered in between.
 */
async function newestFile(folders: readonly string[]): Promise<{ path: string; time: number }> {
  let newest = { path: "", time: 0 };
  let seen = 0;
  const dirs = [...folders].reverse();
  for (let dir = dirs.pop(); dir !== undefined; dir = dirs.pop()) {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) dirs.push(path);
      else if (entry.isFile) {
        const time = Deno.lstatSync(path).mtime?.getTime() ?? 0;
        if (time > newest.time) newest = { path, time };
        if (++seen % FILES_PER_TURN === 0) await new Promise((turn) => setTimeout(turn, 0));
      }
    }
  }
  return newest;
}

/**
 * The build output in `dir` when it may stand in for building `content`: it exists (a sharded
 * build's `shards.json`, else `manifest.json`, else — with `blobs`, a Blobs upload folder — a
 * private sharded build's root there), was written by this version of Shelf and was built from
 * the same configuration (see `configFingerprint`). Otherwise the reason it cannot, for the
 * start-up log. A sharded build is checked from its root file alone: no shard is read here.
 * Whether a content file changed since is {@link staleReason}'s question.
 */
export async function prebuiltCandidate(
  content: ContentConfig,
  dir: string,
  cwd: string,
  blobs?: string,
): Promise<Candidate | { reason: string }> {
  const files: [string, () => Promise<Prebuilt>][] = [
    `${dir}/${PUBLISHED_ROOT_FILE}`,
    `${dir}/manifest.json`,
  ].map((file) => [file, () => readManifestFile(file)]);
  if (blobs !== undefined) files.push([privateRootFile(blobs), () => readPrivateRoot(blobs)]);
  let first: { file: string; read: () => Promise<Prebuilt>; stat: Deno.FileInfo } | undefined;
  for (const [file, read] of files) {
    const stat = await Deno.stat(file).catch(() => undefined);
    if (stat) {
      first = { file, read, stat };
      break;
    }
  }
  if (!first) return { reason: `no ${dir}/manifest.json` };
  const { file, read, stat } = first;
  let found: Prebuilt;
  try {
    found = await read();
  } catch (error) {
    return { reason: `${file} is not usable: ${(error as Error).message}` };
  }
  const stamp = "root" in found ? found.root : found.manifest;
  if (stamp.builtBy !== SHELF_VERSION) {
    return {
      reason: `${file} was built by Shelf ${stamp.builtBy ?? "before 0.1.0"} ` +
        `(this is ${SHELF_VERSION})`,
    };
  }
  if (stamp.buildConfig !== await configFingerprint(content, cwd)) {
    return { reason: `${file} was built from another configuration` };
  }
  return { found, file, builtMs: stat.mtime?.getTime() ?? 0 };
}

/**
 * Why `candidate` is stale for `content`: a file in the content folders is newer than it (the
 * newest such file is named); `undefined` when none is.
 */
export async function staleReason(
  content: ContentConfig,
  candidate: Candidate,
): Promise<string | undefined> {
  const newest = await newestFile(content.sources.map((s) => s.path));
  return newest.time > candidate.builtMs
    ? `${candidate.file} is older than ${newest.path}`
    : undefined;
}

/**
 * Both checks at once: the build output in `dir` when it can stand in for building `content`
 * now ({@link prebuiltCandidate}, then {@link staleReason}), else the reason it cannot.
 */
export async function freshPrebuilt(
  content: ContentConfig,
  dir: string,
  cwd: string,
): Promise<Prebuilt | { reason: string }> {
  const candidate = await prebuiltCandidate(content, dir, cwd);
  if ("reason" in candidate) return candidate;
  const reason = await staleReason(content, candidate);
  return reason === undefined ? candidate.found : { reason };
}
