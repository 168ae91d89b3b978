import assert from "node:assert/strict";
import { deflateText, inflateText } from "../../src/shards/deflated_bytes.ts";

Deno.test("deflated bytes: inflating writes the bytes to the decompressor, piping no stream of them", async () => {
  const bytes = new Uint8Array(20_000).map((_, i) => (i * 7919) % 13);
  const text = await deflateText(bytes);
  // A cold isolate's first search inflates some 25 texts: piping a stream of each through the
  // decompressor (`Blob.stream`, `pipeThrough`) cost it twice the CPU of the inflating itself.
  const { stream } = Blob.prototype;
  const { pipeThrough } = ReadableStream.prototype;
  Blob.prototype.stream = () => assert.fail("a Blob's stream was read");
  ReadableStream.prototype.pipeThrough = () => assert.fail("a stream was piped");
  try {
    assert.deepEqual(await inflateText(text), bytes);
    await assert.rejects(inflateText("____"), /Cannot inflate/);
  } finally {
    Blob.prototype.stream = stream;
    ReadableStream.prototype.pipeThrough = pipeThrough;
  }
});
