/**
 * The bound on the size of each file a sharded build publishes: a static host or CDN serves and
 * caches files of a few megabytes well, and a server or agent that needs one reads it whole. A
 * sharded build writes every large thing in parts under it (the edge manifest, the index, the
 * scoped views' indexes), caps `llms-full.txt` at half of it, and checks what it wrote.
 *
 * @module
 */
import { LLMS_FULL_MAX_BYTES } from "../site/llms_txt.ts";

/** Largest file (bytes) a sharded build publishes by default: 8 MB. */
export const MAX_PUBLISHED_BYTES = 8_000_000;

/**
 * The cap of `llms-full.txt` in a build whose files are bounded to `maxFileBytes`: half of it
 * (room for the base URL of each link, which the cap does not count), at most
 * {@link LLMS_FULL_MAX_BYTES} (what the server's own `/llms-full.txt` holds).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { llmsFullCap, MAX_PUBLISHED_BYTES } from "./published_files.ts";
 * assert.equal(llmsFullCap(MAX_PUBLISHED_BYTES), 4_000_000);
 * assert.equal(llmsFullCap(100_000), 50_000);
 * ```
 */
export function llmsFullCap(maxFileBytes: number): number {
  return Math.min(LLMS_FULL_MAX_BYTES, Math.floor(maxFileBytes / 2));
}

/** What a build publishes under its output folder (other files there are not its own). */
const PUBLISHED = ["_shelf", "llms.txt", "llms-full.txt"];

/**
 * The files a build published under `out` that are larger than `maxBytes`, with their sizes,
 * largest first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oversizedFiles } from "./published_files.ts";
 * const out = await Deno.makeTempDir();
 * await Deno.mkdir(`${out}/_shelf/shards`, { recursive: true });
 * await Deno.writeTextFile(`${out}/_shelf/shards/a.json`, "x".repeat(20));
 * await Deno.writeTextFile(`${out}/llms.txt`, "x".repeat(5));
 * await Deno.writeTextFile(`${out}/other.bin`, "x".repeat(50)); // not the build's
 * assert.deepEqual(await oversizedFiles(out, 10), [{ path: `${out}/_shelf/shards/a.json`, bytes: 20 }]);
 * await Deno.remove(out, { recursive: true });
 * ```
 */
export async function oversizedFiles(
  out: string,
  maxBytes: number,
): Promise<{ path: string; bytes: number }[]> {
  const found: { path: string; bytes: number }[] = [];
  const visit = async (path: string): Promise<void> => {
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(path);
    } catch {
      return;
    }
    if (info.isDirectory) {
      for await (const entry of Deno.readDir(path)) await visit(`${path}/${entry.name}`);
    } else if (info.isFile && info.size > maxBytes) {
      found.push({ path, bytes: info.size });
    }
  };
  for (const name of PUBLISHED) await visit(`${out}/${name}`);
  return found.sort((a, b) => b.bytes - a.bytes);
}
