/**
 * The value of `key` in `memo`, computed and kept on its first request. A memo holds at most
 * `max` entries: when full it starts over (simpler and cheaper than tracking use, and enough for
 * the small, hot sets it serves — words, terms, header values). `undefined` is never kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { remembered } from "./remembered.ts";
 * const memo = new Map<string, number>();
 * let calls = 0;
 * const length = (s: string) => (calls++, s.length);
 * assert.equal(remembered(memo, 2, "ab", length), 2);
 * assert.equal(remembered(memo, 2, "ab", length), 2);
 * assert.equal(calls, 1);
 * remembered(memo, 2, "c", length);
 * remembered(memo, 2, "d", length); // full: starts over
 * assert.deepEqual([...memo.keys()], ["d"]);
 * ```
 */
export function remembered<K, V>(
  memo: Map<K, V>,
  max: number,
  key: K,
  compute: (key: K) => V,
): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = compute(key);
    if (memo.size >= max) memo.clear();
    memo.set(key, value);
  }
  return value;
}
