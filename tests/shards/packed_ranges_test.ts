/**
 * Stats ranges deflated (`packed_ranges.ts`): every number comes back exact, whatever its width;
 * name ranges come back as written.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { fieldRecord, FIELDS } from "../../src/search/index_fields.ts";
import type { StatsRange } from "../../src/search/document_ranges.ts";
import { splitNames } from "../../src/search/name_ranges.ts";
import {
  packNamesRange,
  packStatsRange,
  unpackNamesRange,
  unpackStatsRange,
} from "../../src/shards/packed_ranges.ts";

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
      };
      const back = await unpackStatsRange(JSON.parse(JSON.stringify(await packStatsRange(range))));
      for (const f of FIELDS) assert.deepEqual([...back.lengths[f]], range.lengths[f]);
      assert.deepEqual([...back.inbound], range.inbound);
    }),
    { numRuns: 60 },
  );
});

Deno.test("packed ranges: a damaged stats range is an error naming it", async () => {
  const some = Array.from({ length: 8 }, (_, k) => k * 1000);
  const range: StatsRange = {
    lengths: fieldRecord(() => some),
    inbound: some,
  };
  const packed = await packStatsRange(range);
  await assert.rejects(unpackStatsRange({ ...packed, deflated: "____" }), /stats range: Cannot/);
  await assert.rejects(
    unpackStatsRange({ ...packed, widths: "4" + packed.widths.slice(1) }),
    /bytes/,
  );
  await assert.rejects(unpackStatsRange(null), /Cannot read a stats range/);
});

/** A document's names: a title of analyzed words, maybe `\n` and a file name. */
const names = fc.tuple(
  fc.array(fc.constantFrom("page", "bundl", "chmod", "option", "a;b", "x|y"), { maxLength: 3 }),
  fc.option(fc.array(fc.constantFrom("chmod", "page", "file"), { minLength: 1, maxLength: 2 })),
).map(([title, file]) => {
  const t = title.join(" ");
  const f = file?.join(" ");
  return f === undefined || f === t ? t : `${t}\n${f}`;
});

Deno.test("packed ranges: name ranges come back as split, whatever the names", () => {
  fc.assert(
    fc.property(
      fc.array(names, { maxLength: 60 }),
      fc.integer({ min: 1, max: 200 }),
      (list, chars) => {
        for (const range of splitNames(list, chars).ranges) {
          assert.deepEqual(
            unpackNamesRange(JSON.parse(JSON.stringify(packNamesRange(range)))),
            range,
          );
        }
      },
    ),
    { numRuns: 100 },
  );
});
