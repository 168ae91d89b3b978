/**
 * Memos bounded in bytes as well as entries: every table a request can fill (analyzer words,
 * dictionary lookups, typo variants, header decisions) is one of these, so no stream of
 * distinct or long keys can grow the heap past the memo's budget.
 *
 * @module
 */

/** A memo: a map with a bound on its entries and on the bytes its keys and values hold. */
export interface Memo<K, V> {
  readonly name: string;
  readonly map: Map<K, V>;
  /** Estimated bytes held now (keys, values and a per-entry overhead). */
  bytes: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly sizeOf: (key: K, value: V) => number;
}

/** What {@link createMemo} needs. */
export interface MemoOptions<K, V> {
  /** For {@link memoStats} and error messages. */
  name: string;
  maxEntries: number;
  maxBytes: number;
  /** Bytes of one entry (default: {@link approxBytes} of key and value, plus an overhead). */
  sizeOf?: (key: K, value: V) => number;
}

/** Bytes a map entry costs beyond its key and value (hash table slot, pointers). */
const ENTRY_OVERHEAD = 48;

/**
 * A rough, conservative size in bytes of a value as V8 holds it: strings at `charBytes` bytes per
 * character (two unless the caller knows they are one-byte: V8 stores a Latin-1 string in one),
 * arrays and typed arrays by their elements, maps by their entries, plain objects (as `JSON.parse`
 * makes them) by their properties.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { approxBytes } from "./remembered.ts";
 * assert.equal(approxBytes("abcd"), 24);
 * assert.equal(approxBytes("abcd", 1), 20);
 * assert.equal(approxBytes(["ab", "cd"]), 16 + 2 * 8 + 2 * 20);
 * assert.equal(approxBytes(new Int32Array(10)), 16 + 40);
 * assert.equal(approxBytes({ a: "ab", b: 1 }), 24 + 2 * 8 + 20 + 8);
 * ```
 */
export function approxBytes(value: unknown, charBytes: 1 | 2 = 2): number {
  if (typeof value === "string") return 16 + charBytes * value.length;
  if (typeof value !== "object" || value === null) return 8;
  if (ArrayBuffer.isView(value)) return 16 + value.byteLength;
  if (Array.isArray(value)) {
    let size = 16 + 8 * value.length;
    for (const item of value) size += typeof item === "number" ? 0 : approxBytes(item, charBytes);
    return size;
  }
  if (value instanceof Map) {
    let size = 16;
    for (const [k, v] of value) {
      size += ENTRY_OVERHEAD + approxBytes(k, charBytes) + approxBytes(v, charBytes);
    }
    return size;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return 64;
  // A property's slot and its value (its name is interned, shared by every object with it).
  let size = 24;
  for (const key in value) {
    size += 8 + approxBytes((value as Record<string, unknown>)[key], charBytes);
  }
  return size;
}

const live = new Set<WeakRef<Memo<unknown, unknown>>>();
// A collected memo leaves the list (memos made per text or per index come and go).
const collected = new FinalizationRegistry<WeakRef<Memo<unknown, unknown>>>((ref) =>
  live.delete(ref)
);

/**
 * Makes a memo. It is listed by {@link memoStats} while it lives.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemo, remembered } from "./remembered.ts";
 * const memo = createMemo<string, number>({ name: "lengths", maxEntries: 100, maxBytes: 1000 });
 * remembered(memo, "short", (s) => s.length);
 * assert.ok(memo.bytes > 0 && memo.bytes <= 1000);
 * ```
 */
export function createMemo<K, V>(options: MemoOptions<K, V>): Memo<K, V> {
  const memo: Memo<K, V> = {
    name: options.name,
    map: new Map(),
    bytes: 0,
    maxEntries: options.maxEntries,
    maxBytes: options.maxBytes,
    sizeOf: options.sizeOf ??
      ((key, value) => ENTRY_OVERHEAD + approxBytes(key) + approxBytes(value)),
  };
  const ref = new WeakRef(memo as Memo<unknown, unknown>);
  live.add(ref);
  collected.register(memo, ref);
  return memo;
}

/**
 * The value of `key` in `memo`, computed and kept on its first request. When a new entry would
 * pass the memo's entries or bytes, the memo starts over (simpler and cheaper than tracking use,
 * and enough for the small, hot sets it serves); an entry bigger than a quarter of the budget
 * is computed and not kept. `undefined` is never kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemo, remembered } from "./remembered.ts";
 * const memo = createMemo<string, number>({ name: "t", maxEntries: 2, maxBytes: 10_000 });
 * let calls = 0;
 * const length = (s: string) => (calls++, s.length);
 * assert.equal(remembered(memo, "ab", length), 2);
 * assert.equal(remembered(memo, "ab", length), 2);
 * assert.equal(calls, 1);
 * remembered(memo, "c", length);
 * remembered(memo, "d", length); // full: starts over
 * assert.deepEqual([...memo.map.keys()], ["d"]);
 * remembered(memo, "x".repeat(5000), length); // past a quarter of the bytes: not kept
 * assert.deepEqual([...memo.map.keys()], ["d"]);
 * ```
 */
export function remembered<K, V>(memo: Memo<K, V>, key: K, compute: (key: K) => V): V {
  let value = memo.map.get(key);
  if (value === undefined) {
    value = compute(key);
    if (value === undefined) return value;
    const size = memo.sizeOf(key, value);
    if (size > memo.maxBytes / 4) return value;
    if (memo.map.size >= memo.maxEntries || memo.bytes + size > memo.maxBytes) {
      memo.map.clear();
      memo.bytes = 0;
    }
    memo.map.set(key, value);
    memo.bytes += size;
  }
  return value;
}

/**
 * The value of `key` in `memo`, made its newest entry (so that {@link keep} evicts it last).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemo, keep, recall } from "./remembered.ts";
 * const memo = createMemo<string, number>({ name: "t", maxEntries: 2, maxBytes: 10_000 });
 * keep(memo, "a", 1);
 * keep(memo, "b", 2);
 * assert.equal(recall(memo, "a"), 1);
 * keep(memo, "c", 3); // full: the least recently used goes
 * assert.deepEqual([...memo.map.keys()], ["a", "c"]);
 * ```
 */
export function recall<K, V>(memo: Memo<K, V>, key: K): V | undefined {
  const value = memo.map.get(key);
  if (value !== undefined) {
    memo.map.delete(key);
    memo.map.set(key, value);
  }
  return value;
}

/**
 * Puts `key` in `memo` as its newest entry, evicting the oldest entries until it fits its
 * entries and bytes (where {@link remembered} starts over: for a memo whose entries cost a
 * verification each, like OAuth tokens). An entry bigger than a quarter of the budget is not
 * kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemo, keep } from "./remembered.ts";
 * const memo = createMemo<string, string>({
 *   name: "t",
 *   maxEntries: 100,
 *   maxBytes: 1000,
 *   sizeOf: (_key, value) => value.length,
 * });
 * keep(memo, "a", "x".repeat(250));
 * keep(memo, "b", "x".repeat(250));
 * keep(memo, "c", "x".repeat(250));
 * keep(memo, "d", "x".repeat(250));
 * keep(memo, "e", "x".repeat(250)); // 1250 bytes would pass the 1000: "a" goes
 * assert.deepEqual([...memo.map.keys()], ["b", "c", "d", "e"]);
 * assert.equal(memo.bytes, 1000);
 * ```
 */
export function keep<K, V>(memo: Memo<K, V>, key: K, value: V): void {
  drop(memo, key);
  const size = memo.sizeOf(key, value);
  if (size > memo.maxBytes / 4) return;
  for (const [oldKey, oldValue] of memo.map) {
    if (memo.map.size < memo.maxEntries && memo.bytes + size <= memo.maxBytes) break;
    memo.map.delete(oldKey);
    memo.bytes -= memo.sizeOf(oldKey, oldValue);
  }
  memo.map.set(key, value);
  memo.bytes += size;
}

/** Removes `key` from `memo`, if there. */
export function drop<K, V>(memo: Memo<K, V>, key: K): void {
  const value = memo.map.get(key);
  if (value === undefined) return;
  memo.map.delete(key);
  memo.bytes -= memo.sizeOf(key, value);
}

/** Empties a memo (tests; a caller that knows its entries went stale). */
export function forget<K, V>(memo: Memo<K, V>): void {
  memo.map.clear();
  memo.bytes = 0;
}

/** One live memo's state, for tests and diagnostics. */
export interface MemoStat {
  name: string;
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Every live memo in this isolate, with its size against its budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemo, memoStats } from "./remembered.ts";
 * const memo = createMemo({ name: "example-memo", maxEntries: 1, maxBytes: 1000 });
 * assert.ok(memoStats().some((s) => s.name === "example-memo" && s.maxBytes === 1000));
 * void memo;
 * ```
 */
export function memoStats(): MemoStat[] {
  const out: MemoStat[] = [];
  for (const ref of live) {
    const memo = ref.deref();
    if (!memo) {
      live.delete(ref);
      continue;
    }
    out.push({
      name: memo.name,
      entries: memo.map.size,
      bytes: memo.bytes,
      maxBytes: memo.maxBytes,
    });
  }
  return out;
}
