/**
 * Edit distance between two strings, giving up (returning `cap`) once it is certain to reach it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { levenshtein } from "./closest.ts";
 * assert.ok(levenshtein("setup", "setpu", 10) === 2 && levenshtein("a", "abcdef", 3) === 3);
 * assert.ok(levenshtein("", "ab", 5) === 2 && levenshtein("kitten", "sitting", 0) === 0);
 * ```
 */
export function levenshtein(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  // Two rows, swapped: no array per row (a miss compares every page's name).
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (ai === b.charCodeAt(j - 1) ? 0 : 1),
      );
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[b.length]!, cap);
}

/** How far the last path segments may differ (each edit weighs {@link TAIL_WEIGHT}). */
const TAIL_CAP = 12;
/** How far the whole strings may differ. */
const WHOLE_CAP = 40;
/** A last segment's edit outweighs any difference of the whole string (< {@link WHOLE_CAP}). */
const TAIL_WEIGHT = 100;

/**
 * The `n` candidates closest to `target`: by edit distance of the last path segment, then of
 * the whole string, then in code-unit order; for "did you mean" suggestions on error paths. A
 * candidate that cannot enter the `n` best found so far is dropped as soon as that is certain
 * (its distances computed only as far as they could matter), so a miss on a shelf of tens of
 * thousands of pages compares names, not every pair of letters of every name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closest } from "./closest.ts";
 * assert.ok(closest(["guides/setup.md", "guides/deploy.md", "intro.md"], "guides/setpu.md", 1)[0] === "guides/setup.md");
 * assert.deepEqual(closest(["b/x.md", "a/x.md", "x.md"], "X.MD"), ["x.md", "a/x.md", "b/x.md"]);
 * assert.deepEqual(closest(["x.md"], "x.md", 0), []);
 * ```
 */
export function closest(candidates: readonly string[], target: string, n = 3): string[] {
  if (n <= 0) return [];
  const t = target.toLowerCase();
  const tail = t.slice(t.lastIndexOf("/") + 1);
  const best: { c: string; cost: number }[] = [];
  const lower = candidates.map((c) => c.toLowerCase());
  const tails = lower.map((lc) => lc.slice(lc.lastIndexOf("/") + 1));
  // Those whose last segment is the target's first: the bound they set drops most of the rest
  // after a letter or two (the answer is the same in any order of visits).
  for (let i = 0; i < candidates.length; i++) {
    if (tails[i] === tail) consider(best, candidates[i]!, 0, t, lower[i]!, n);
  }
  for (let i = 0; i < candidates.length; i++) {
    if (tails[i] === tail) continue;
    const worst = best.length === n ? best[n - 1]!.cost : Infinity;
    // Each cap gives `cap` back for "at least cap": past the worst kept, the candidate is out.
    const tailCap = Math.min(TAIL_CAP, Math.floor(worst / TAIL_WEIGHT) + 1);
    const tailEdits = levenshtein(tail, tails[i]!, tailCap);
    if (tailEdits < tailCap || tailCap === TAIL_CAP) {
      consider(best, candidates[i]!, tailEdits * TAIL_WEIGHT, t, lower[i]!, n);
    }
  }
  return best.map((x) => x.c);
}

/** Keeps `c` among the `n` best if its cost (`base` and the whole strings' edits) allows. */
function consider(
  best: { c: string; cost: number }[],
  c: string,
  base: number,
  t: string,
  lc: string,
  n: number,
) {
  const worst = best.length === n ? best[n - 1]!.cost : Infinity;
  const wholeCap = Math.min(WHOLE_CAP, worst - base + 1);
  if (wholeCap <= 0) return;
  const whole = levenshtein(t, lc, wholeCap);
  if (whole < wholeCap || wholeCap === WHOLE_CAP) keepBest(best, { c, cost: base + whole }, n);
}

/** Puts `entry` in its place in `best` (by cost, then code-unit order), at most `n` kept. */
function keepBest(
  best: { c: string; cost: number }[],
  entry: { c: string; cost: number },
  n: number,
) {
  let at = best.length;
  while (
    at > 0 &&
    (best[at - 1]!.cost > entry.cost ||
      (best[at - 1]!.cost === entry.cost && best[at - 1]!.c > entry.c))
  ) at--;
  if (at >= n) return;
  best.splice(at, 0, entry);
  if (best.length > n) best.pop();
}
