/**
 * A read-only list whose items are made on first read: a sharded build's edge manifest lists
 * tens of thousands of documents, and a cold isolate's first search reads a few hundred of them
 * (its candidates and hits), so making an object for each at start cost it more CPU than the
 * search (30,502 pages: about 30 ms, and their share of the garbage collector's time).
 *
 * The list is an array to every reader (`Array.isArray`, indexing, `length`, `map`, `filter`,
 * spreading, `JSON.stringify`); each item is made once, by its number, when first read.
 *
 * @module
 */

/** The items each lazy list made so far (for {@link madeItems}). */
const made = new WeakMap<object, { count: number }>();

/** `key`'s number when it names an item of a list of `length` items (`"0"`, `"12"`), else -1. */
function itemOf(key: string | symbol, length: number): number {
  if (typeof key !== "string") return -1;
  const first = key.charCodeAt(0);
  if (!(first >= 48 && first <= 57)) return -1; // a method's name, `length`
  const n = +key;
  return n < length && String(n) === key ? n : -1;
}

/**
 * A read-only array of `length` items, item `n` made by `make(n)` when first read (once). Reading
 * an item, `at` and `slice` make the items they read; any other method of arrays (`map`, `filter`,
 * `find`, iterating…), which reads them all, makes every item first, then runs over a plain array
 * of them: going through the list's traps item by item cost 2 µs an item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazyList, madeItems } from "./lazy_list.ts";
 * const list = lazyList(1000, (n) => ({ n }));
 * assert.ok(Array.isArray(list));
 * assert.deepEqual([list.length, list[7], list.at(-1), madeItems(list)], [1000, { n: 7 }, { n: 999 }, 2]);
 * assert.equal(list[7], list[7]); // made once
 * assert.equal(list[1000], undefined);
 * assert.deepEqual(list.slice(0, 2), [{ n: 0 }, { n: 1 }]);
 * assert.equal(madeItems(list), 4);
 * assert.equal(list.filter((d) => d.n % 100 === 0).length, 10);
 * assert.equal(madeItems(list), 1000);
 * assert.equal([...list][5], list[5]);
 * assert.throws(() => ((list as { n: number }[])[0] = { n: 5 }), TypeError);
 * ```
 */
export function lazyList<T>(length: number, make: (n: number) => T): readonly T[] {
  const items: (T | undefined)[] = new Array(length);
  const tally = { count: 0 };
  const itemAt = (n: number): T => {
    let item = items[n];
    if (item === undefined) {
      item = items[n] = make(n);
      tally.count++;
    }
    return item;
  };
  /** Every item, made. */
  const all = (): T[] => {
    if (tally.count < length) { for (let n = 0; n < length; n++) itemAt(n); }
    return items as T[];
  };
  // Those that read some items only.
  const at = (index: number) => {
    const n = Math.trunc(index) || 0;
    const k = n < 0 ? n + length : n;
    return k >= 0 && k < length ? itemAt(k) : undefined;
  };
  const slice = (start?: number, end?: number) => {
    const from = clamp(start ?? 0, length);
    const to = clamp(end ?? length, length);
    const out: T[] = [];
    for (let n = from; n < to; n++) out.push(itemAt(n));
    return out;
  };
  const methods = new Map<string | symbol, unknown>([["at", at], ["slice", slice]]);
  // The target holds no item: a `length` and the array prototype.
  const target: T[] = [];
  target.length = length;
  const list = new Proxy(target, {
    get(target, key, receiver) {
      const n = itemOf(key, length);
      if (n !== -1) return itemAt(n);
      const own = methods.get(key);
      if (own) return own;
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || key === "constructor") return value;
      // Any other method: over the plain array of every item.
      const over = (...args: unknown[]) =>
        (value as (...a: unknown[]) => unknown).apply(all(), args);
      methods.set(key, over);
      return over;
    },
    has: (target, key) => itemOf(key, length) !== -1 || Reflect.has(target, key),
    getOwnPropertyDescriptor(target, key) {
      const n = itemOf(key, length);
      if (n === -1) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: itemAt(n), writable: false, enumerable: true, configurable: true };
    },
    ownKeys: (
      target,
    ) => [...Array.from({ length }, (_, n) => String(n)), ...Reflect.ownKeys(target)],
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
  made.set(list, tally);
  return list;
}

/** `index` (as `slice` reads it: negative from the end) within 0 … `length`. */
function clamp(index: number, length: number): number {
  const n = Math.trunc(index) || 0;
  return n < 0 ? Math.max(0, n + length) : Math.min(n, length);
}

/**
 * How many items of `list` were made so far: all of them for a list that is not a
 * {@link lazyList}.
 */
export function madeItems(list: readonly unknown[]): number {
  return made.get(list)?.count ?? list.length;
}
