import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { plainIndexData } from "../../src/search/document_numbers.ts";
import { importSearchIndex, type SearchIndexData } from "../../src/search/search_index.ts";
import { encodeNumbers } from "../../src/shards/number_text.ts";
import { packIndex, unpackIndex } from "../../src/shards/packed_index.ts";
import {
  packNamesRange,
  packStatsRange,
  unpackNamesRange,
  unpackStatsRange,
} from "../../src/shards/packed_ranges.ts";
import { splitDocuments } from "../../src/search/document_ranges.ts";
import { splitDictionary } from "../../src/search/dictionary_ranges.ts";
import { splitPostings } from "../../src/search/postings_chunks.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

async function corpus(name: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${name}`);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  return { ids: manifest.documents.map((d) => d.id), index };
}

Deno.test("packed index: a shelf's index with parts comes back from JSON, its ids from the manifest's", async () => {
  const { ids, index } = await corpus("hugo-docs");
  assert.ok((index.parts?.length ?? 0) > 0, "hugo-docs has parts");
  const packed = await packIndex(index, ids);
  assert.equal(packed.ids, undefined);
  const text = JSON.stringify(packed);
  const unpacked = await unpackIndex(JSON.parse(text), ids) as SearchIndexData;
  assert.deepEqual(plainIndexData(unpacked), index);
  assert.equal(unpacked.manifestOrder, true); // its pages are the manifest's documents, in order
  // The per-document data takes under half the bytes it took.
  const perDocument = (data: object) =>
    ["ids", "names", "lengths", "inbound", "parts", "partSections"]
      .map((k) => JSON.stringify((data as Record<string, unknown>)[k] ?? "").length)
      .reduce((a, b) => a + b);
  assert.ok(
    perDocument(packed) < perDocument(index) / 2,
    `${perDocument(packed)} of ${perDocument(index)}`,
  );
});

Deno.test("packed index: ids that are not the manifest's are written out", async () => {
  const { ids, index } = await corpus("asdlc");
  const other = [...ids].reverse();
  const packed = await packIndex(index, other);
  assert.deepEqual(packed.ids, index.ids);
  assert.deepEqual(
    plainIndexData(await unpackIndex(JSON.parse(JSON.stringify(packed)), other) as SearchIndexData),
    index,
  );
  // A part whose id is not its page's id and section: written out too.
  const parted: SearchIndexData = {
    ...index,
    ids: [...index.ids as string[], "elsewhere#2"],
    names: [...index.names, ""],
    lengths: Object.fromEntries(
      Object.entries(index.lengths).map(([f, l]) => [f, [...l, 0]]),
    ) as Record<string, number[]> as SearchIndexData["lengths"],
    inbound: [...index.inbound, 0],
    parts: [0],
    partCounts: index.terms.map(() => 0),
  };
  assert.deepEqual((await packIndex(parted, ids)).ids, parted.ids);
});

Deno.test("packed index: one that does not fit the manifest or is damaged is an error", async () => {
  const { ids, index } = await corpus("asdlc");
  const packed = JSON.parse(JSON.stringify(await packIndex(index, ids)));
  await assert.rejects(unpackIndex(packed, ids.slice(1)), /packed index: its \d+ pages are not/);
  await assert.rejects(
    unpackIndex({ ...packed, inbound: encodeNumbers([1, 2]) }, ids),
    /packed index: inbound has/,
  );
  await assert.rejects(
    unpackIndex({ ...packed, lengths: { ...packed.lengths, content: undefined } }, ids),
    /packed index: lengths.content is missing/,
  );
  await assert.rejects(unpackIndex({ ...packed, packed: "other" }, ids), /it is other/);
  // An index not packed (a scoped view's) is left as it is.
  assert.equal(await unpackIndex(index, []), index);
});

Deno.test("packed index: its numbers by document are read as typed arrays, loaded as one kind", async () => {
  const { ids, index } = await corpus("hugo-docs");
  const unpacked = await unpackIndex(JSON.parse(JSON.stringify(await packIndex(index, ids))), ids);
  const data = unpacked as SearchIndexData;
  for (const numbers of [data.inbound, data.parts, ...Object.values(data.lengths)]) {
    assert.ok(ArrayBuffer.isView(numbers), "no list made of them");
  }
  // The index loaded from the packed data and from JSON lists reads the same Uint32Array kind.
  const fromPacked = importSearchIndex(data, { postingsChunk: () => Promise.resolve([]) });
  const fromJson = importSearchIndex(index);
  assert.ok(fromPacked.partOf instanceof Uint32Array && fromJson.partOf instanceof Uint32Array);
  assert.deepEqual(fromPacked.partOf, fromJson.partOf);
  assert.deepEqual(await fromJson.export(), index);
});

Deno.test("packed index: an index keeping its documents' data in ranges packs none of it, and with its ranges packed comes back whole", async () => {
  const { ids, index } = await corpus("hugo-docs");
  const { edge, stats, names } = splitDocuments(index, 64, 32);
  const packed = JSON.parse(JSON.stringify(await packIndex(edge, ids)));
  assert.deepEqual([packed.names, packed.lengths, packed.inbound], [
    undefined,
    undefined,
    undefined,
  ]);
  const unpacked = await unpackIndex(packed, ids) as SearchIndexData;
  const read = <T>(ranges: T[], unpack: (v: unknown) => unknown) => (k: number) =>
    Promise.resolve(unpack(JSON.parse(JSON.stringify(ranges[k]))));
  const whole = importSearchIndex(unpacked, {
    statsRange: read(await Promise.all(stats.map(packStatsRange)), unpackStatsRange),
    namesRange: read(names.map(packNamesRange), unpackNamesRange),
  });
  assert.deepEqual(await whole.export(), index);
});

Deno.test("packed index: where its dictionary ranges and postings chunks start comes back as it was, deflated", async () => {
  const { ids, index } = await corpus("hugo-docs");
  const postings = splitPostings(index, 4096);
  const { edge } = splitDictionary(postings.edge);
  const packed = JSON.parse(JSON.stringify(await packIndex(edge, ids)));
  assert.deepEqual([packed.dictionaryRanges, packed.postingsChunks], [undefined, undefined]);
  const unpacked = await unpackIndex(packed, ids) as SearchIndexData;
  assert.deepEqual(unpacked.dictionaryRanges, edge.dictionaryRanges);
  assert.deepEqual(unpacked.postingsChunks, edge.postingsChunks);
  const written = JSON.stringify({ d: edge.dictionaryRanges, p: edge.postingsChunks }).length;
  assert.ok(packed.starts.length < written, `${packed.starts.length} of ${written}`);
  await assert.rejects(unpackIndex({ ...packed, starts: "AAAA" }, ids), /packed index/);
});
