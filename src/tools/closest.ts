/**
 * Edit distance between two strings, giving up (returning `cap`) once it is certain to reach it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { levenshtein } from "./closest.ts";
 * assert.ok(levenshtein("setup", "setpu", 10) === 2 && levenshtein("a", "abcdef", 3) === 3);
 * ```
 */
export function levenshtein(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return Math.min(prev[b.length]!, cap);
}

/**
 * The `n` candidates closest to `target`: by edit distance of the last path segment, then of
 * the whole string; for "did you mean" suggestions on error paths.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closest } from "./closest.ts";
 * assert.ok(closest(["guides/setup.md", "guides/deploy.md", "intro.md"], "guides/setpu.md", 1)[0] === "guides/setup.md");
 * ```
 */
export function closest(candidates: readonly string[], target: string, n = 3): string[] {
  const t = target.toLowerCase();
  const tail = t.slice(t.lastIndexOf("/") + 1);
  return candidates.map((c) => {
    const lc = c.toLowerCase();
    const cost = levenshtein(tail, lc.slice(lc.lastIndexOf("/") + 1), 12) * 100 +
      levenshtein(t, lc, 40);
    return { c, cost };
  }).sort((a, b) => a.cost - b.cost || (a.c < b.c ? -1 : 1)).slice(0, n).map((x) => x.c);
}
