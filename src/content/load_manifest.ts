import { assertManifest, type Manifest } from "./manifest.ts";

/**
 * A loader that fetches the manifest from a URL (the site's `/_shelf/manifest.json`, for
 * knowledge bases past the edge bundle limit). Each call fetches; the store cache calls it once
 * per TTL, keeps the store when the content hash is unchanged, and keeps serving the last good
 * copy when a fetch fails.
 *
 * @example
 * ```ts ignore
 * const stores = createStoreCache({ load: fetchManifest("https://kb.example/_shelf/manifest.json") });
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
      throw new Error(`manifest fetch failed: ${res.status} ${url}`);
    }
    const manifest: unknown = await res.json();
    assertManifest(manifest);
    return manifest;
  };
}
