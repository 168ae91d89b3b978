/**
 * A value column: one field of every document of a list, in whichever of seven forms is shortest
 * for it (the build tries each):
 *
 * - numbers (a string, `number_text.ts`): each value plus 1, 0 for none (sizes, source numbers;
 *   each under 2³² − 1);
 * - a list, `null` for none;
 * - a table (`{ v, x }`): the distinct values, and each document's place in them plus 1, 0 for
 *   none (a date every document shares, an API page's kind);
 * - runs (`{ v, u }`): the distinct values, and each run of documents with the same one as its
 *   place plus 1 (0 for none) and its length (a document's source and format, the same for
 *   thousands of documents in a row: sorted by id, they are sorted by source);
 * - sparse (`{ v, at }`): the values of the few documents that have one, and the gaps between
 *   those documents' numbers (section titles of the pages scored by their parts);
 * - lists (`{ n, e }`): each document's count of items plus 1 (0 for none), and the items of all
 *   of them as one column (section titles, keywords);
 * - front-coded (`{ p, r }`, `front_coded.ts`): strings, each as the beginning it shares with
 *   the one before and the rest (sorted ids).
 *
 * Every form is read back by native code (`JSON.parse`, `number_text.ts`) and loops that do one
 * step a value. A front-coded string is rebuilt when it is first read, not when the column is:
 * rebuilding every one from the one before cost openjdk-17-doc's cold isolate 27 ms of CPU
 * (2-core VM, 2026-11-28), where its first search reads a few.
 *
 * @module
 */
import { encodeFrontCoded, type FrontCoded, frontCodedReader } from "./front_coded.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";

/** One field of every document (see the module's forms). */
export type Column =
  | string
  | unknown[]
  | { v: unknown[]; x: string }
  | { v: unknown[]; u: string }
  | { v: unknown[]; at: string }
  | { n: string; e: Column }
  | FrontCoded;

const jsonLength = (value: unknown) => JSON.stringify(value).length;

/** `places` (`count` of them) as runs: each run's place and its length, in turn. */
function runsOf(places: ArrayLike<number>, count: number): number[] {
  const runs: number[] = [];
  for (let n = 0; n < count; n++) {
    if (n > 0 && places[n] === runs[runs.length - 2]) runs[runs.length - 1]!++;
    else runs.push(places[n]!, 1);
  }
  return runs;
}

/**
 * The shortest form of a field's values (`undefined`: the document has none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeColumn, encodeColumn } from "./value_column.ts";
 * assert.equal(encodeColumn([3, undefined, 0]), "1BAAB");
 * assert.deepEqual(encodeColumn(["x", undefined]), ["x", null]);
 * const dates = Array.from({ length: 6 }, () => "2026-11-28T00:00:00.000Z");
 * assert.deepEqual(encodeColumn(dates), { v: [dates[0]], u: "1AQY" });
 * const kinds = Array.from({ length: 6 }, (_, n) => n % 2 ? "enum" : "class");
 * assert.deepEqual(encodeColumn(kinds), { v: ["class", "enum"], x: "1AQIBAgEC" });
 * const sources = Array.from({ length: 60 }, (_, n) => n < 40 ? undefined : 1);
 * assert.deepEqual(encodeColumn(sources), { v: [1], u: "1ACgBFA" });
 * const rare = Array.from({ length: 50 }, (_, n) => n === 40 ? ["A", "B"] : undefined);
 * assert.deepEqual(encodeColumn(rare), { v: [["A", "B"]], at: "1KA" });
 * const titles = Array.from({ length: 8 }, (_, n) =>
 *   n % 4 === 3 ? undefined : ["Method Summary", "Method Details", `m${n}()`]);
 * assert.deepEqual(encodeColumn(titles), {
 *   n: "1BAQEAAQEBAA",
 *   e: {
 *     v: ["Method Summary", "Method Details", "m0()", "m1()", "m2()", "m4()", "m5()", "m6()"],
 *     x: "1AQIDAQIEAQIFAQIGAQIHAQII",
 *   },
 * });
 * const ids = ["rust/core/arch/x86/struct.__m512d", "rust/core/arch/x86/struct.__m512i"];
 * assert.deepEqual(encodeColumn(ids), { p: "1ACA", r: "rust/core/arch/x86/struct.__m512d\ni" });
 * for (const values of [dates, kinds, sources, rare, titles, ids]) {
 *   assert.deepEqual(decodeColumn("f", encodeColumn(values), values.length), values);
 * }
 * ```
 */
export function encodeColumn(values: readonly unknown[]): Column {
  const forms: Column[] = [];
  const present = values.filter((v) => v !== undefined);
  if (
    present.every((v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 0xffff_ffff)
  ) {
    forms.push(encodeNumbers(values.map((v) => v === undefined ? 0 : (v as number) + 1)));
  }
  const list = values.map((v) => v === undefined ? null : v);
  forms.push(list);
  if (present.length > 0 && present.every(Array.isArray)) {
    const items = (present as unknown[][]).flat();
    forms.push({
      n: encodeNumbers(values.map((v) => v === undefined ? 0 : (v as unknown[]).length + 1)),
      e: encodeColumn(items),
    });
  }
  const keys = new Map<string, number>();
  const v: unknown[] = [];
  const x = encodeNumbers(values.map((value) => {
    if (value === undefined) return 0;
    const key = JSON.stringify(value);
    let at = keys.get(key);
    if (at === undefined) keys.set(key, at = v.push(value) - 1);
    return at + 1;
  }));
  forms.push({ v, x }, { v, u: encodeNumbers(runsOf(decodeNumbers(x), values.length)) });
  let previous = 0;
  const gaps: number[] = [];
  values.forEach((value, n) => {
    if (value === undefined) return;
    gaps.push(n - previous);
    previous = n;
  });
  forms.push({ v: present, at: encodeNumbers(gaps) });
  const frontCoded = encodeFrontCoded(values);
  if (frontCoded) forms.push(frontCoded);
  return forms.reduce((best, form) => jsonLength(form) < jsonLength(best) ? form : best);
}

const invalid = (field: string, why: string) => new TypeError(`column ${field} ${why}`);

/** A column's value of document `n` (`undefined` for none), read from the column where it is. */
export type ColumnReader = (n: number) => unknown;

/**
 * The reader of a column of `count` values; throws a `TypeError` naming `field` on a column that
 * is not one. Each value is read when asked, the same one each time: a cold isolate made every
 * value of its manifest's every column first (a loop a document and column, interpreted), when
 * its first search reads a few of most columns.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnReader, encodeColumn } from "./value_column.ts";
 * const titles = [["Summary", "m()"], undefined, ["Summary"]];
 * const at = columnReader("h", encodeColumn(titles), 3);
 * assert.deepEqual([at(0), at(1), at(2)], titles);
 * assert.equal(at(0), at(0)); // the same list each time
 * assert.throws(() => columnReader("z", "1AQI", 3), /column z has 2 of 3 values/);
 * ```
 */
export function columnReader(field: string, column: unknown, count: number): ColumnReader {
  // Plain loops, no callback per value: a cold isolate runs this in the interpreter.
  const counted = (length: number) => {
    if (length !== count) throw invalid(field, `has ${length} of ${count} values`);
  };
  if (typeof column === "string") {
    const numbers = decodeNumbers(column);
    counted(numbers.length);
    return (n) => {
      const k = numbers[n]!;
      return k === 0 ? undefined : k - 1;
    };
  }
  if (Array.isArray(column)) {
    counted(column.length);
    return (n) => column[n] ?? undefined;
  }
  if (typeof column !== "object" || column === null) throw invalid(field, "is not a column");
  if ("e" in column) {
    const { n, e } = column as { n: unknown; e: unknown };
    if (typeof n !== "string") throw invalid(field, "has no counts");
    const counts = decodeNumbers(n);
    // Where each document's items start among all of them.
    const starts = new Float64Array(counts.length + 1);
    for (let d = 0; d < counts.length; d++) {
      starts[d + 1] = starts[d]! + Math.max(0, counts[d]! - 1);
    }
    const item = columnReader(`${field}[]`, e, starts[counts.length]!);
    counted(counts.length);
    const lists: unknown[][] = [];
    return (d) => {
      if (counts[d] === 0) return undefined;
      let list = lists[d];
      if (list === undefined) {
        const start = starts[d]!;
        list = lists[d] = new Array(counts[d]! - 1);
        for (let k = 0; k < list.length; k++) list[k] = item(start + k);
      }
      return list;
    };
  }
  if ("r" in column) return frontCodedReader(field, column as FrontCoded, count);
  const { v, x, u, at } = column as { v?: unknown; x?: unknown; u?: unknown; at?: unknown };
  if (!Array.isArray(v)) throw invalid(field, "is not a column");
  if (typeof x === "string") {
    const places = decodeNumbers(x);
    for (let n = 0; n < places.length; n++) {
      const k = places[n]!;
      if (k > v.length) throw invalid(field, `names value ${k} of ${v.length}`);
    }
    counted(places.length);
    return (n) => {
      const k = places[n]!;
      return k > 0 ? v[k - 1] : undefined;
    };
  }
  if (typeof u === "string") {
    const runs = decodeNumbers(u);
    const places = new Uint32Array(count);
    let n = 0;
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const k = runs[r]!;
      const end = n + runs[r + 1]!;
      if (k > v.length) throw invalid(field, `names value ${k} of ${v.length}`);
      if (end > count) throw invalid(field, `has more than ${count} values`);
      places.fill(k, n, end);
      n = end;
    }
    counted(n);
    return (n) => {
      const k = places[n]!;
      return k > 0 ? v[k - 1] : undefined;
    };
  }
  if (typeof at !== "string") throw invalid(field, "is neither a table nor sparse");
  const gaps = decodeNumbers(at);
  if (gaps.length !== v.length) throw invalid(field, "has other gaps than values");
  // Each document's place in `v` plus 1, 0 for none.
  const places = new Uint32Array(count);
  let n = 0;
  for (let k = 0; k < gaps.length; k++) {
    n += gaps[k]!;
    if (n >= count) throw invalid(field, `names document ${n} of ${count}`);
    places[n] = k + 1;
  }
  return (n) => {
    const k = places[n]!;
    return k > 0 ? v[k - 1] : undefined;
  };
}

/**
 * A column's values, `undefined` for none (`count` of them); throws a `TypeError` naming `field`
 * on a column that is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeColumn } from "./value_column.ts";
 * assert.deepEqual(decodeColumn("z", "1AQI", 2), [0, 1]);
 * assert.throws(() => decodeColumn("z", "1AQI", 3), /column z has 2 of 3 values/);
 * assert.throws(() => decodeColumn("t", { v: ["html"], x: "1Ag" }, 1), /column t names value 2 of 1/);
 * ```
 */
export function decodeColumn(field: string, column: unknown, count: number): unknown[] {
  const at = columnReader(field, column, count);
  const values: unknown[] = new Array(count);
  for (let n = 0; n < count; n++) values[n] = at(n);
  return values;
}
