/**
 * Shards of a public build, read from the site's own URL: the build publishes them as static
 * files (`dist/_shelf/shards/<hash>.json`) that the CDN caches forever, since a name never
 * changes meaning.
 *
 * @module
 */
import { type ShardSource, shardSource } from "./shard_source.ts";

/** Where a public build publishes its shards, under the site's root. */
export const SITE_SHARDS_PATH = "/_shelf/shards/";

/**
 * Reads shards from `site` (the site's URL) + {@link SITE_SHARDS_PATH}; a status other than 200
 * is a failed read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteShardSource } from "./site_shard_source.ts";
 * const asked: string[] = [];
 * const source = siteShardSource("https://kb.example", (url) => {
 *   asked.push(String(url));
 *   return Promise.resolve(new Response("[]", { status: asked.length === 1 ? 503 : 200 }));
 * });
 * await assert.rejects(source.read("0123456789abcdef0123.json"), /\(HTTP 503\); try again/);
 * assert.equal(new TextDecoder().decode(await source.read("0123456789abcdef0123.json")), "[]");
 * assert.equal(asked[0], "https://kb.example/_shelf/shards/0123456789abcdef0123.json");
 * ```
 */
export function siteShardSource(
  site: string,
  fetchFn: (url: URL) => Promise<Response> = (url) => fetch(url),
): ShardSource {
  return urlShardSource(new URL(SITE_SHARDS_PATH, site), fetchFn);
}

/**
 * Reads shards from the folder URL `base` (ending in `/`): where a server that fetches a public
 * build's root file (`https://kb.example/_shelf/shards.json`) finds its shards, beside it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { urlShardSource } from "./site_shard_source.ts";
 * const asked: string[] = [];
 * const source = urlShardSource(new URL("shards/", "https://kb.example/docs/_shelf/shards.json"),
 *   (url) => (asked.push(String(url)), Promise.resolve(new Response("[]"))));
 * await source.read("0123456789abcdef0123.json");
 * assert.deepEqual(asked, ["https://kb.example/docs/_shelf/shards/0123456789abcdef0123.json"]);
 * ```
 */
export function urlShardSource(
  base: URL,
  fetchFn: (url: URL) => Promise<Response> = (url) => fetch(url),
): ShardSource {
  return shardSource(base.href, async (name) => {
    const res = await fetchFn(new URL(name, base));
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    return new Uint8Array(await res.arrayBuffer());
  });
}
