import assert from "node:assert/strict";
import fc from "fast-check";
import { listedBefore, listOrderRanges, splitListOrder } from "../../src/content/list_order.ts";

/** Documents with ids in id order (as a manifest's) and dates drawn from a few, or none. */
const documents = fc.array(
  fc.option(fc.constantFrom("2024-01-01", "2025-06-30T10:00:00Z", "2026-11-28"), {
    nil: undefined,
  }),
  { maxLength: 60 },
).map((dates) =>
  dates.map((lastUpdated, n) => ({ id: `d/${String(n).padStart(3, "0")}`, lastUpdated }))
);

Deno.test("list order: a page read from the order ranges is that page of the sorted documents, of any range size, offset, limit and filter", async () => {
  await fc.assert(
    fc.asyncProperty(
      documents,
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 0, max: 70 }),
      fc.integer({ min: 1, max: 70 }),
      fc.option(fc.integer({ min: 2, max: 5 }), { nil: undefined }),
      async (docs, size, offset, limit, every) => {
        const ranges = splitListOrder(docs, size);
        assert.equal(ranges.length, Math.ceil(docs.length / size));
        const reads: number[] = [];
        const page = listOrderRanges({
          count: docs.length,
          size,
          read: (k) => (reads.push(k), Promise.resolve(JSON.parse(JSON.stringify(ranges[k])))),
        });
        const keep = every === undefined ? undefined : (n: number) => n % every === 0;
        const listed = [...docs.keys()]
          .sort((a, b) => listedBefore(docs[a]!, docs[b]!))
          .filter((n) => !keep || keep(n));
        assert.deepEqual(await page(offset, limit, keep), {
          numbers: listed.slice(offset, offset + limit),
          total: listed.length,
        });
        // The whole list reads the ranges holding the page only (none past its end); a filtered
        // one reads them all.
        const end = Math.min(offset + limit, docs.length);
        const wanted = keep
          ? ranges.map((_, k) => k)
          : ranges.map((_, k) => k).filter((k) =>
            offset < end && k * size < end && (k + 1) * size > offset
          );
        assert.deepEqual([...new Set(reads)].sort((a, b) => a - b), wanted);
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("list order: documents sharing a date are one run of numbers", () => {
  const docs = Array.from({ length: 5000 }, (_, n) => ({
    id: `d/${String(n).padStart(5, "0")}`,
    lastUpdated: n < 3000 ? "2026-01-01" : "2026-02-01",
  }));
  assert.deepEqual(splitListOrder(docs), [[3000, 2000, 0, 3000]]);
});

Deno.test("list order: a range that is not the one the manifest names is an error, and is read again", async () => {
  const docs = Array.from({ length: 6 }, (_, n) => ({ id: `d/${n}`, lastUpdated: `200${n}` }));
  const ranges = splitListOrder(docs, 4);
  for (
    const bad of [
      [5, 4], // more numbers than the range holds
      [5, 1, 4, 1, 3, 1], // fewer
      [5, 1, 4, 1, 6, 2], // past the documents
      [5, 1, 4, 1, 3, 0, 2, 1, 1, 1], // an empty run
      [5, 1, 4, 1.5, 3, 1, 2], // not whole numbers, an odd count
      [5, 1, 5, 1, 3, 1, 2, 1], // a document twice
      [2, 2, 3, 2], // overlapping runs
      { 0: 5 },
      null,
    ]
  ) {
    let served: unknown = bad;
    const page = listOrderRanges({ count: 6, size: 4, read: () => Promise.resolve(served) });
    await assert.rejects(page(0, 2), /order range 0 is not the one the manifest names/);
    served = ranges[0];
    assert.deepEqual(await page(0, 2), { numbers: [5, 4], total: 6 });
  }
});

Deno.test("list order: ranges that list a document twice are refused where a page reads them all", async () => {
  // Each range alone is well formed; together they list document 5 twice and never 1.
  const ranges = [[5, 1, 4, 1, 3, 1, 2, 1], [5, 1, 0, 1]];
  const page = listOrderRanges({ count: 6, size: 4, read: (k) => Promise.resolve(ranges[k]) });
  assert.deepEqual(await page(0, 2), { numbers: [5, 4], total: 6 });
  await assert.rejects(page(0, 2, () => true), /order range 1 lists document 5 again/);
});
