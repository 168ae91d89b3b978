/**
 * Shards bundled with the root: every cold isolate's first request reads the edge manifest's
 * and the edge index's parts before any other shard (which other ones it needs depends on them),
 * so a sharded build bundles their texts beside the root (`{ shards: root, inline: texts }` as
 * `edge-manifest.json`) when together they fit {@link INLINE_SHARD_CHARS} as written there: the
 * first search then starts with the shards of its words, a round of fetches sooner. Past the
 * bound none is bundled (a round saved needs them all), so the edge bundle stays within the root's
 * size plus the bound whatever the shelf's size. Their names still name them by content: the build
 * reads the texts back from the shards it has just written under those names, and the function
 * trusts the stub it was bundled with as it trusts its root. A server started from a published root (`SHELF_MANIFEST`,
 * `--manifest`) reads them from the store as before: the published root bundles none.
 *
 * @module
 */
import type { ShardRoot } from "./shard_root.ts";
import { isShardName, type ShardSource } from "./shard_source.ts";

/**
 * Most characters of shard text a build bundles with its root, counted as JSON strings (escaped,
 * as the stub holds them): the reference shelf's manifest and index parts are about 94,000
 * (30,502 pages), the 100,000-page generated shelf's about 56,000 (2026-11-29).
 */
export const INLINE_SHARD_CHARS = 256 * 1024;

/** Shard texts by name, as an edge stub's `inline` holds them. */
export type InlineShards = Record<string, string>;

/**
 * The texts to bundle with `root` (`textOf` reads a shard the build wrote): its manifest's parts,
 * then its index's, when together they fit `max` characters as JSON strings; else none
 * (`undefined`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inlineShards } from "./inline_shards.ts";
 * const [m, i] = ["0123456789abcdef0123.json", "3210fedcba9876543210.json"];
 * const texts: Record<string, string> = { [m]: '{"documents":[]}', [i]: '{"terms":[]}' };
 * const root = { manifest: [m], index: [i] };
 * const read = (name: string) => Promise.resolve(texts[name]!);
 * assert.deepEqual(await inlineShards(root, read), texts);
 * assert.equal(await inlineShards(root, read, 30), undefined); // 36 characters as JSON: none
 * ```
 */
export async function inlineShards(
  root: Pick<ShardRoot, "manifest" | "index">,
  textOf: (name: string) => Promise<string>,
  max: number = INLINE_SHARD_CHARS,
): Promise<InlineShards | undefined> {
  const texts: InlineShards = {};
  let chars = 0;
  for (const name of [...root.manifest, ...root.index]) {
    if (name in texts) continue;
    const text = await textOf(name);
    // As the stub holds it: a JSON string (shard texts are ASCII, written by `asciiJson`).
    chars += JSON.stringify(text).length;
    if (chars > max) return undefined;
    texts[name] = text;
  }
  return texts;
}

/**
 * Whether `value` is what {@link inlineShards} gives: shard names (`shard_source.ts`) to texts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isInlineShards } from "./inline_shards.ts";
 * assert.ok(isInlineShards({ "0123456789abcdef0123.json": "{}" }));
 * assert.ok(!isInlineShards({ "../secret.json": "{}" }));
 * assert.ok(!isInlineShards({ "0123456789abcdef0123.json": 1 }));
 * assert.ok(!isInlineShards(["{}"]));
 * ```
 */
export function isInlineShards(value: unknown): value is InlineShards {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([name, text]) =>
    isShardName(name) && typeof text === "string"
  );
}

/**
 * `source` with the shards of `inline` read from memory: their bytes without waiting for a
 * fetch, every other shard from `source`. `source` itself when nothing is bundled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withInlineShards } from "./inline_shards.ts";
 * import { shardSource } from "./shard_source.ts";
 * const asked: string[] = [];
 * const source = shardSource("https://kb.example", (name) => {
 *   asked.push(name);
 *   return Promise.resolve(new TextEncoder().encode("[]"));
 * });
 * const bundled = withInlineShards(source, { "0123456789abcdef0123.json": '{"a":1}' });
 * const text = async (name: string) => new TextDecoder().decode(await bundled.read(name));
 * assert.equal(await text("0123456789abcdef0123.json"), '{"a":1}');
 * assert.equal(await text("3210fedcba9876543210.json"), "[]");
 * assert.deepEqual(asked, ["3210fedcba9876543210.json"]);
 * assert.equal(bundled.where, "https://kb.example");
 * assert.equal(withInlineShards(source, undefined), source);
 * ```
 */
export function withInlineShards(
  source: ShardSource,
  inline: InlineShards | undefined,
): ShardSource {
  if (inline === undefined || Object.keys(inline).length === 0) return source;
  const texts = new Map(Object.entries(inline));
  return {
    where: source.where,
    read(name) {
      const text = texts.get(name);
      return text === undefined
        ? source.read(name)
        : Promise.resolve(new TextEncoder().encode(text));
    },
  };
}
