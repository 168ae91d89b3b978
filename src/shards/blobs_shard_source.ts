/**
 * Shards of a private build, read from the deploy's Netlify Blobs store: the build writes them
 * into Netlify's file-based upload folder ({@link BLOBS_UPLOAD_DIR}, one `<key>/blob` file per
 * blob, as the Frameworks API lays it out), Netlify's build uploads that folder to the deploy
 * store, and the function reads it with `@netlify/blobs` (`getDeployStore()`). Nothing of it is
 * a public file.
 *
 * @module
 */
import { type ShardSource, shardSource } from "./shard_source.ts";

/** The folder (from the site's base directory) whose files Netlify's build uploads to the deploy store. */
export const BLOBS_UPLOAD_DIR = ".netlify/v1/blobs/deploy";

/** The key of shard `name` in the deploy store. */
export const blobKeyOf = (name: string): string => `shelf-shards/${name}`;

/**
 * The file of blob `name` (a shard, or a private build's root) in the upload folder `upload`
 * (`<key>/blob`: the layout Netlify's build uploads, each file's key the path of its folder).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { blobFile } from "./blobs_shard_source.ts";
 * assert.equal(blobFile(".netlify/v1/blobs/deploy", "shards.json"),
 *   ".netlify/v1/blobs/deploy/shelf-shards/shards.json/blob");
 * ```
 */
export const blobFile = (upload: string, name: string): string =>
  `${upload}/${blobKeyOf(name)}/blob`;

/** What the source needs of a Blobs store (`@netlify/blobs`' `Store`). */
export interface BlobStoreLike {
  get(key: string, options: { type: "arrayBuffer" }): Promise<ArrayBuffer | null>;
}

/**
 * Reads shards from the store `open` gives (opened on the first read, and again after a failed
 * open); a missing key is a failed read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { blobsShardSource } from "./blobs_shard_source.ts";
 * const blobs = new Map([["shelf-shards/0123456789abcdef0123.json", new TextEncoder().encode("{}").buffer]]);
 * const source = blobsShardSource(() => Promise.resolve({ get: (key) => Promise.resolve(blobs.get(key) ?? null) }));
 * assert.equal(new TextDecoder().decode(await source.read("0123456789abcdef0123.json")), "{}");
 * await assert.rejects(source.read("ffffffffffffffffffff.json"), /\(no such blob\)/);
 * ```
 */
export function blobsShardSource(open: () => Promise<BlobStoreLike>): ShardSource {
  let store: Promise<BlobStoreLike> | undefined;
  return shardSource("Netlify Blobs (the deploy store)", async (name) => {
    const opening = store ??= open();
    opening.catch(() => {
      if (store === opening) store = undefined;
    });
    const data = await (await opening).get(blobKeyOf(name), { type: "arrayBuffer" });
    if (data === null) throw new Error("no such blob");
    return new Uint8Array(data);
  });
}
