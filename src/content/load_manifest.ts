import { assertManifest, type Manifest } from "./manifest.ts";

/**
 * A loader that fetches the manifest from a URL (an unsharded site's `/_shelf/manifest.json`; a
 * sharded one publishes `/_shelf/shards.json` instead, read by `src/shards/published_root.ts`).
 * Each call fetches; the store cache calls it once per TTL, keeps the store when the content
 * hash is unchanged, and keeps serving the last good copy when a fetch fails.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fetchManifest } from "./load_manifest.ts";
 * const load = fetchManifest("https://kb.example/_shelf/manifest.json", () =>
 *   Promise.resolve(new Response("not found", { status: 404 })));
 * await assert.rejects(load(), /404 .* \(a sharded build publishes https:\/\/kb\.example\/_shelf\/shards\.json instead\)/);
 * ```
 */
export function fetchManifest(
  url: string,
  fetchFn: typeof fetch = fetch,
): () => Promise<Manifest> {
  return async () => {
    const res = await fetchFn(url, { headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      // A sharded build publishes its root (`shards.json`) in place of the whole manifest.
      const hint = res.status === 404 && url.endsWith("/manifest.json")
        ? ` (a sharded build publishes ${url.slice(0, -"manifest.json".length)}shards.json instead)`
        : "";
      throw new Error(`manifest fetch failed: ${res.status} ${url}${hint}`);
    }
    const manifest: unknown = await res.json();
    assertManifest(manifest);
    return manifest;
  };
}
