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

const INDEX = /^(?:0|[1-9]\d*)$/;

/** `key`'s number when it names an item of a list of `length` items, else -1. */
function itemOf(key: string | symbol, length: number): number {
  if (typeof key !== "string" || !INDEX.test(key)) return -1;
  const n = Number(key);
  return n < length ? n : -1;
}

/**
 * A read-only array of `length` items, item `n` made by `make(n)` when first read (once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazyList, madeItems } from "./lazy_list.ts";
 * const list = lazyList(1000, (n) => ({ n }));
 * assert.ok(Array.isArray(list));
 * assert.deepEqual([list.length, list[7], madeItems(list)], [1000, { n: 7 }, 1]);
 * assert.equal(list[7], list[7]); // made once
 * assert.equal(list[1000], undefined);
 * assert.deepEqual(list.slice(0, 2), [{ n: 0 }, { n: 1 }]);
 * assert.equal(list.filter((d) => d.n % 100 === 0).length, 10);
 * assert.equal(madeItems(list), 1000);
 * assert.throws(() => ((list as { n: number }[])[0] = { n: 5 }), TypeError);
 * ```
 */
export function lazyList<T>(length: number, make: (n: number) => T): readonly T[] {
  const items: (T | undefined)[] = [];
  const tally = { count: 0 };
  const itemAt = (n: number): T => {
    let item = items[n];
    if (item === undefined) {
      item = items[n] = make(n);
      tally.count++;
    }
    return item;
  };
  // The target holds no item: a `length` and the array prototype (its methods read the items
  // through `get`).
  const target: T[] = [];
  target.length = length;
  const list = new Proxy(target, {
    get(target, key, receiver) {
      const n = itemOf(key, length);
      return n === -1 ? Reflect.get(target, key, receiver) : itemAt(n);
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

/**
 * How many items of `list` were made so far: all of them for a list that is not a
 * {@link lazyList}.
 */
export function madeItems(list: readonly unknown[]): number {
  return made.get(list)?.count ?? list.length;
}
