/**
 * Stats ranges deflated (`packed_ranges.ts`): every number comes back exact, whatever its width.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { fieldRecord, FIELDS } from "../../src/search/index_fields.ts";
import type { StatsRange } from "../../src/search/document_ranges.ts";
import { packStatsRange, unpackStatsRange } from "../../src/shards/packed_ranges.ts";

/** A number that is mostly 0 or small, now and then up to 2³² − 1. */
const number = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.nat(300) },
  { weight: 1, arbitrary: fc.nat(70_000) },
  { weight: 1, arbitrary: fc.constantFrom(0xffff, 0x1_0000, 0xffff_ffff) },
);

Deno.test("packed ranges: a stats range comes back exact from its deflated shard", async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 300 }), fc.infiniteStream(number), async (n, s) => {
      const column = () => Array.from({ length: n }, () => s.next().value as number);
      const range: StatsRange = {
        lengths: fieldRecord(column),
        inbound: column(),
        fileNames: column(),
        fileHeads: column(),
      };
      const back = await unpackStatsRange(JSON.parse(JSON.stringify(await packStatsRange(range))));
      for (const f of FIELDS) assert.deepEqual([...back.lengths[f]], range.lengths[f]);
      assert.deepEqual(
        [back.inbound, back.fileNames, back.fileHeads].map((c) => [...c]),
        [range.inbound, range.fileNames, range.fileHeads],
      );
    }),
    { numRuns: 60 },
  );
});

Deno.test("packed ranges: a damaged stats range is an error naming it", async () => {
  const some = Array.from({ length: 8 }, (_, k) => k * 1000);
  const range: StatsRange = {
    lengths: fieldRecord(() => some),
    inbound: some,
    fileNames: some,
    fileHeads: some,
  };
  const packed = await packStatsRange(range);
  await assert.rejects(unpackStatsRange({ ...packed, deflated: "____" }), /stats range: Cannot/);
  await assert.rejects(
    unpackStatsRange({ ...packed, widths: "4" + packed.widths.slice(1) }),
    /bytes/,
  );
  await assert.rejects(unpackStatsRange(null), /Cannot read a stats range/);
});
