import assert from "node:assert/strict";
import fc from "fast-check";
import { isoTime } from "../../src/transport/iso_time.ts";

Deno.test("isoTime writes what toISOString writes, for any millisecond of years 0–9999", () => {
  fc.assert(
    fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (ms) => {
      assert.equal(isoTime(ms), new Date(ms).toISOString());
    }),
    { numRuns: 20_000 },
  );
  // Around the edges of days, months, leap years and centuries.
  for (const date of ["1970-01-01", "1999-12-31", "2000-02-29", "2100-03-01", "0000-01-01"]) {
    const at = Date.parse(`${date}T00:00:00.000Z`);
    for (const ms of [at - 1, at, at + 1, at + 86_399_999]) {
      assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));
    }
  }
});

Deno.test("isoTime defers to toISOString past year 9999 and before year 0", () => {
  for (const ms of [253_402_300_800_000, -62_167_219_200_001, 8.64e15, -8.64e15]) {
    assert.equal(isoTime(ms), new Date(ms).toISOString());
  }
  assert.throws(() => isoTime(NaN), RangeError);
});
