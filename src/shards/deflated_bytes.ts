/**
 * Bytes deflated (raw DEFLATE, RFC 1951) and written as base64url text, for the parts of a shard
 * whose bytes compress well and are read whole: the runtime inflates them natively
 * (`DecompressionStream`, in Deno, Netlify's and Cloudflare's edges and browsers alike), so a
 * shard is fewer bytes to fetch and its reader loops over nothing in JavaScript. Base64 text hides
 * the bytes' structure from the gzip a CDN answers with, which is why they are deflated before.
 *
 * @module
 */
import { bytesOf, numberBytes, type Numbers, numbersOfBytes, toBase64 } from "./number_text.ts";

/**
 * The bytes `transform` gives of `bytes`: written whole to its writable side and read whole from
 * its readable one, with no stream of `bytes` piped through it (in a cold isolate, piping a Blob's
 * stream cost about twice the CPU of the 25 inflates of a first search, 1.2 MB in all).
 */
async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
  const writer = transform.writable.getWriter();
  // Both settle as the readable side is read; a failure is the read's to report.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  return new Uint8Array(await new Response(transform.readable).arrayBuffer());
}

/**
 * `bytes` deflated, as base64url text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deflateText, inflateText } from "./deflated_bytes.ts";
 * const bytes = new Uint8Array(4096).map((_, i) => i % 7);
 * const text = await deflateText(bytes);
 * assert.ok(text.length < 200, `${text.length}`);
 * assert.deepEqual(await inflateText(text), bytes);
 * await assert.rejects(inflateText("____"), /Cannot inflate/);
 * ```
 */
export async function deflateText(bytes: Uint8Array): Promise<string> {
  return toBase64(await through(bytes, new CompressionStream("deflate-raw")));
}

/** The bytes of {@link deflateText}'s text; rejects with a `SyntaxError` on text that is not. */
export async function inflateText(text: string): Promise<Uint8Array> {
  try {
    return await through(bytesOf(text), new DecompressionStream("deflate-raw"));
  } catch (error) {
    throw new SyntaxError(`Cannot inflate: ${(error as Error).message}`);
  }
}

/**
 * `values` as text: the digit of their width (`number_text.ts`), then their bytes deflated — for
 * numbers that repeat or run (a part's page, its section's place: 236 KB of a 30,638-page shelf's
 * edge index as base64 typed arrays, 13 KB so; 2026-11-28).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deflateNumbers, inflateNumbers } from "./deflated_bytes.ts";
 * const pages = Array.from({ length: 3000 }, (_, k) => 300 + (k >> 4));
 * const text = await deflateNumbers(pages);
 * assert.ok(text.startsWith("2") && text.length < 1000, `${text.length}`); // 8,000 as base64
 * assert.deepEqual([...await inflateNumbers(text)], pages);
 * await assert.rejects(inflateNumbers("3AAAA"), /width/);
 * ```
 */
export async function deflateNumbers(values: Iterable<number>): Promise<string> {
  const { width, bytes } = numberBytes(values);
  return width + await deflateText(bytes);
}

/** The numbers of {@link deflateNumbers}' text; rejects with a `SyntaxError` on another. */
export async function inflateNumbers(text: string): Promise<Numbers> {
  const width = text[0];
  if (width !== "1" && width !== "2" && width !== "4") {
    throw new SyntaxError(`Cannot read numbers: no width (${JSON.stringify(width)})`);
  }
  return numbersOfBytes(width, await inflateText(text.slice(1)));
}
