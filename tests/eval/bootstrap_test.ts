/** The evaluation's bootstrap interval of Shelf − the best baseline (MRR@5). */
import assert from "node:assert/strict";
import { bootstrapDifference } from "../../scripts/eval.ts";

Deno.test("bootstrap: the best baseline is chosen, ties are noise, a clear gain is not", () => {
  // The best baseline by MRR@5 is the one compared; ranks past 5 count as misses.
  const d = bootstrapDifference({ shelf: [1, 1, 2, 0], lunr: [2, 1, 0, 0], mini: [6, 0, 0, 0] });
  assert.equal(d.baseline, "lunr");
  assert.equal(d.diff, (0.5 + 0 + 0.5 + 0) / 4);
  assert.ok(d.low <= d.diff && d.diff <= d.high);
  // The same ranks: zero, and an interval of zero.
  const same = bootstrapDifference({ shelf: [1, 2, 3], lunr: [1, 2, 3] });
  assert.deepEqual([same.diff, same.low, same.high], [0, 0, 0]);
  // Ahead on every one of 30 queries: the interval is above zero.
  const ahead = bootstrapDifference({ shelf: Array(30).fill(1), lunr: Array(30).fill(2) });
  assert.ok(ahead.low > 0, `low ${ahead.low}`);
  // Ahead on one query of 30, behind on none: the interval holds zero.
  const one = bootstrapDifference({
    shelf: [1, ...Array(29).fill(3)],
    lunr: [3, ...Array(29).fill(3)],
  });
  assert.ok(one.low <= 0 && one.high > 0, `[${one.low}, ${one.high}]`);
  // Repeatable: a fixed seed.
  assert.deepEqual(
    bootstrapDifference({ shelf: [1, 0, 2], lunr: [0, 1, 1] }),
    bootstrapDifference({ shelf: [1, 0, 2], lunr: [0, 1, 1] }),
  );
});
