/**
 * Body ranges (`body_ranges.ts`): a sharded build's bodies and sections in ranges of consecutive
 * documents, read in one shard a document, holding no more than the bound beside a document's own.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { bodyRangeBytes, bodyRangeStarts, splitBodyRanges } from "../../src/content/body_ranges.ts";
import { packSections, unpackSections } from "../../src/content/packed_sections.ts";
import { createChunkCache } from "../../src/content/chunk_cache.ts";
import { compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest, ManifestSection } from "../../src/content/manifest.ts";
import { splitSections } from "../../src/content/section_chunks.ts";

const files = [
  { path: "a.md", text: "# A\n\nalpha\n\n## One\n\nfirst\n\n## Two\n\nsecond" },
  { path: "b.md", text: "# B\n\nbeta" },
  { path: "c.md", text: `# C\n\n${"gamma ".repeat(40)}\n\n## Three\n\nthird` },
  { path: "d.md", text: "# D\n\ndelta" },
];

/** The files' manifest and its edge form: bodies and sections in ranges of `bytes`. */
async function ranged(bytes = 64) {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const compact = compactManifest({ ...manifest, bodies: {} });
  const ranges = splitBodyRanges(compact.compactDocuments!, manifest.bodies, bytes);
  const edge: Manifest = splitSections({ ...compact, bodyRangeBytes: bytes }, new Set());
  return { manifest, edge, ranges };
}

Deno.test("body ranges: a document's body and sections are read in one shard, and are the build's", async () => {
  const { manifest, edge, ranges } = await ranged();
  assert.ok(edge.compactDocuments!.every((c) => c.c === undefined));
  assert.equal(ranges.length, 3, "a, b | c (past the bound: alone) | d");
  const read: number[] = [];
  const store = createContentStore(edge, {
    bodyChunk: (k) => (read.push(k), Promise.resolve(structuredClone(ranges[k]))),
  });
  const a = (await store.byId("docs/a"))!;
  assert.throws(() => a.sections, /sections of docs\/a read before loadBodies/);
  assert.throws(() => store.body(a), /body of docs\/a read before loadBodies/);
  await store.loadBodies([a]);
  assert.deepEqual(read, [0]);
  assert.deepEqual(a.sections.map((s) => s.title), ["A", "One", "Two"]);
  assert.equal(store.body(a), manifest.bodies["docs/a"]);
  // Another object for a document (the whole manifest's) is found by its id.
  const b = manifest.documents.find((d) => d.id === "docs/b")!;
  assert.equal(store.body(b), manifest.bodies["docs/b"]);
  await store.loadBodies();
  assert.deepEqual(read, [0, 1, 2]);
  assert.equal(JSON.stringify(store.manifest.documents), JSON.stringify(manifest.documents));
  for (const doc of store.manifest.documents) {
    assert.equal(store.body(doc), manifest.bodies[doc.id]);
  }
  assert.throws(() => createContentStore(edge), /bodies are in body ranges and nothing loads them/);
  // A range that is not the one the manifest names (another build's) is refused when read.
  const swapped = createContentStore(edge, { bodyChunk: (k) => Promise.resolve(ranges[k + 1]) });
  await assert.rejects(
    swapped.loadBodies([(await swapped.byId("docs/a"))!]),
    /body range 0 is not/,
  );
});

Deno.test("body ranges: a document keeps no sections read from a range (the chunk cache bounds them)", async () => {
  const { edge, ranges } = await ranged();
  // A bound of one byte and no pin: each range is evicted when the next one is admitted.
  let clock = 0;
  const cache = createChunkCache(1, () => 1, { now: () => clock, pinMs: 0 });
  const store = createContentStore(edge, {
    bodyChunk: (k) => Promise.resolve(structuredClone(ranges[k])),
    chunkCache: cache,
  });
  const [a, c] = [(await store.byId("docs/a"))!, (await store.byId("docs/c"))!];
  await store.loadBodies([a]);
  const first = a.sections;
  clock += 10;
  await store.loadBodies([c]);
  clock += 10;
  // a's range was evicted: its sections are read again from the range, not kept by the document.
  assert.throws(() => a.sections, /read before loadBodies/);
  await store.loadBodies([a]);
  assert.notEqual(a.sections, first);
  assert.deepEqual(a.sections, first);
});

Deno.test("body ranges: a document's range holds no more than the bound beside it, and two ranges in a row more", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.nat(300), fc.nat(30_000)), { maxLength: 200 }),
      fc.integer({ min: 1, max: 20_000 }),
      (sizes, bytes) => {
        const starts = bodyRangeStarts(sizes, bytes);
        const sums = starts.map((from, k) =>
          sizes.slice(from, starts[k + 1] ?? sizes.length).reduce((a, b) => a + b, 0)
        );
        assert.equal(starts[0], sizes.length > 0 ? 0 : undefined);
        starts.forEach((from, k) => {
          const count = (starts[k + 1] ?? sizes.length) - from;
          assert.ok(count >= 1);
          // What a read of any of its documents brings beside that document.
          for (let n = from; n < from + count; n++) assert.ok(sums[k]! - sizes[n]! <= bytes);
          assert.ok(sums[k]! <= bytes || count === 1, "past the bound: one document alone");
          if (k > 0) {
            assert.ok(sums[k - 1]! + sizes[from]! > bytes, "no two ranges that fit as one");
          }
        });
      },
    ),
  );
  // So the ranges are fewer than 2 × total / bound + 1: with the bound grown for a large shelf,
  // at most 16,384.
  const sizes = Array.from({ length: 200_000 }, (_, n) => (n * 7919) % 4000);
  const total = sizes.reduce((a, b) => a + b, 0);
  assert.ok(bodyRangeStarts(sizes, bodyRangeBytes(total)).length <= 16_384);
});

Deno.test("body ranges: sections come back from their packed form as they were, in fewer bytes", () => {
  const segment = fc.string({ unit: fc.constantFrom("a", "b", ".", "-", "_", "é"), maxLength: 6 });
  const section = fc.record({
    path: fc.array(segment, { minLength: 1, maxLength: 4 }),
    title: fc.string({ maxLength: 8 }),
    level: fc.integer({ min: 1, max: 6 }),
    start: fc.nat(100_000),
    end: fc.nat(100_000),
    anchor: fc.option(fc.oneof(fc.constant("last"), fc.string({ maxLength: 5 }))),
  });
  fc.assert(
    fc.property(fc.array(section, { maxLength: 30 }), (drawn) => {
      const sections = drawn.map(({ path, title, level, start, end, anchor }) => {
        const id = path.join("/");
        const s: ManifestSection = { id, title, level, start, end };
        if (anchor !== null) s.anchor = anchor === "last" ? path.at(-1)! : anchor;
        return s;
      });
      const packed = JSON.parse(JSON.stringify(packSections(sections)));
      assert.equal(JSON.stringify(unpackSections(packed)), JSON.stringify(sections));
    }),
  );
  // An API page's members: a third of the bytes.
  const members = Array.from({ length: 50 }, (_, k): ManifestSection => ({
    id: `struct-vec/implementations/method.m${k}`,
    title: `Vec::m${k}`,
    level: 4,
    start: 100 * k,
    end: 100 * k + 100,
    anchor: `method.m${k}`,
  }));
  const size = (value: unknown) => JSON.stringify(value).length;
  assert.ok(size(packSections(members)) * 2.5 < size(members), `${size(packSections(members))}`);
  assert.throws(() => unpackSections([[5, "x", "X", 1, 0, 1]]), /not a packed section/);
});
