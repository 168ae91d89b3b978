/**
 * The root file a public sharded build publishes (`_shelf/shards.json`) in place of the whole
 * manifest and index: the {@link ShardRoot} (whose shards are published beside it, under
 * `_shelf/shards/`) and what a server needs before it reads any shard — the build's stamp, for
 * the freshness check and the start-up lines, and the manifest's head, for `initialize` and the
 * listings. A local server (`deno task start` over `dist/`, or `--manifest` naming the file or its
 * URL) starts from it, answers `initialize` and `tools/list` at once and reads each shard on first
 * need.
 *
 * @module
 */
import type { Manifest, ManifestHead } from "../content/manifest.ts";
import { manifestHead } from "../content/manifest_head.ts";
import { isShardRoot, type ShardRoot } from "./shard_root.ts";
import { namesPublishedRoot, PUBLISHED_ROOT_FILE } from "./root_file_name.ts";

export { namesPublishedRoot, PUBLISHED_ROOT_FILE };

/** What a public sharded build publishes as `_shelf/shards.json`. */
export interface PublishedRoot {
  shards: ShardRoot;
  /** The manifest's `server` (its name, for the start-up lines). */
  server: Manifest["server"];
  /** How many documents it serves (for the start-up lines). */
  documents: number;
  /** The manifest's `builtAt`, `builtBy` and `buildConfig` (the freshness check's). */
  builtAt: string;
  builtBy?: string;
  buildConfig?: string;
  /** The manifest's `settings.cacheTtlMs` (how often a server fetching it checks it again). */
  cacheTtlMs?: number;
  /**
   * The manifest's head: a server answers `initialize` and the listings from it before it reads
   * the edge manifest (absent in roots written before 2026-11-28, whose servers read the manifest
   * first; without its `outline` before 08:00 UTC that day, whose listings wait for the manifest).
   */
  head?: ManifestHead;
}

/**
 * The root file of `manifest`'s shards.
 *
 * @example
 * ```ts ignore
 * await Deno.writeTextFile("dist/_shelf/shards.json", JSON.stringify(publishedRoot(manifest, root)));
 * ```
 */
export function publishedRoot(manifest: Manifest, shards: ShardRoot): PublishedRoot {
  const { server, builtAt, builtBy, buildConfig } = manifest;
  const ttl = manifest.settings?.cacheTtlMs;
  return {
    shards,
    server,
    documents: manifest.documents.length,
    builtAt,
    ...(builtBy !== undefined ? { builtBy } : {}),
    ...(buildConfig !== undefined ? { buildConfig } : {}),
    ...(ttl !== undefined ? { cacheTtlMs: ttl } : {}),
    head: manifestHead(manifest),
  };
}

/**
 * Checks that `value` is a root file this code reads; throws a `TypeError` saying what is wrong.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertPublishedRoot } from "./published_root.ts";
 * assert.throws(() => assertPublishedRoot({ shards: {} }), /not a sharded build's root/);
 * const name = "0123456789abcdef0123.json";
 * const counts = { dictionary: 0, documentStats: 0, postings: 0, documentNames: 0, details: 0,
 *   bodies: 1, ids: 0, slugs: 0, order: 0, dictionaryVolumes: 0, detailVolumes: 0 };
 * const shards = { layout: "shelf-shards-10", store: "site", contentHash: "h", manifest: [name],
 *   index: [name], names: { perPage: 8192, counts, pages: [name] }, views: {} };
 * const root = { shards, server: { name: "kb" }, documents: 1, builtAt: "2026-01-01" };
 * assertPublishedRoot(root);
 * // A root of the layout before, which listed every shard itself.
 * assert.throws(() => assertPublishedRoot({ ...root, shards: { ...shards, layout: "shelf-shards-8" } }),
 *   /not a sharded build.s root of this version \(shards\.json of layout shelf-shards-8\)/);
 * assert.throws(() => assertPublishedRoot({ ...root, head: { builtAt: 1 } }), /not a sharded/);
 * const head = { server: { name: "kb" }, builtAt: "2026-01-01", outline: { sources: [] } };
 * assert.throws(() => assertPublishedRoot({ ...root, head }), /not a sharded/);
 * ```
 */
export function assertPublishedRoot(value: unknown): asserts value is PublishedRoot {
  const r = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const server = r.server as Record<string, unknown> | undefined;
  const head = r.head as Record<string, unknown> | undefined;
  const outline = head?.outline as Record<string, unknown> | undefined;
  if (
    !isShardRoot(r.shards) || typeof server?.name !== "string" ||
    typeof r.documents !== "number" || typeof r.builtAt !== "string" ||
    (head !== undefined &&
      (typeof (head?.server as Record<string, unknown> | undefined)?.name !== "string" ||
        typeof head?.builtAt !== "string" ||
        (outline !== undefined &&
          (!Array.isArray(outline?.sources) || !Array.isArray(outline?.prompts)))))
  ) {
    throw new TypeError(
      `not a sharded build's root of this version (${PUBLISHED_ROOT_FILE} of layout ` +
        `${String((r.shards as Record<string, unknown> | undefined)?.layout ?? "none")})`,
    );
  }
}

/**
 * A loader that fetches the root file at `url` (each call fetches: the store cache calls it once
 * per TTL).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fetchPublishedRoot } from "./published_root.ts";
 * const load = fetchPublishedRoot("https://kb.example/_shelf/shards.json", () =>
 *   Promise.resolve(new Response("nope", { status: 404 })));
 * await assert.rejects(load(), /root fetch failed: 404 https:\/\/kb\.example\/_shelf\/shards\.json/);
 * ```
 */
export function fetchPublishedRoot(
  url: string,
  fetchFn: typeof fetch = fetch,
): () => Promise<PublishedRoot> {
  return async () => {
    const res = await fetchFn(url, { headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`root fetch failed: ${res.status} ${url}`);
    }
    const value: unknown = await res.json();
    assertPublishedRoot(value);
    return value;
  };
}
