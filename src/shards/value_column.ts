/**
 * A value column: one field of every document of a list, in whichever of five forms is shortest
 * for it (the build tries each):
 *
 * - numbers (a string, `number_text.ts`): each value plus 1, 0 for none (sizes, source numbers;
 *   each under 2³² − 1);
 * - a list, `null` for none;
 * - a table (`{ v, x }`): the distinct values, and each document's place in them plus 1, 0 for
 *   none (a date every document shares, an API page's kind);
 * - sparse (`{ v, at }`): the values of the few documents that have one, and the gaps between
 *   those documents' numbers (section titles of the pages scored by their parts);
 * - lists (`{ n, e }`): each document's count of items plus 1 (0 for none), and the items of all
 *   of them as one column (section titles, keywords).
 *
 * Every form is read back by native code (`JSON.parse`, `number_text.ts`) and loops that do one
 * step a value. Strings are not front-coded: rebuilding each from the one before cost openjdk-17-doc's
 * cold isolate 27 ms of CPU for 0.5 MB of its 3.2 MB (of which gzip, which the CDN applies, saves
 * most anyway: 17 KB compressed); 2-core VM, 2026-11-28.
 *
 * @module
 */
import { decodeNumbers, encodeNumbers } from "./number_text.ts";

/** One field of every document (see the module's forms). */
export type Column =
  | string
  | unknown[]
  | { v: unknown[]; x: string }
  | { v: unknown[]; at: string }
  | { n: string; e: Column };

const jsonLength = (value: unknown) => JSON.stringify(value).length;

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
 * assert.deepEqual(encodeColumn(dates), { v: [dates[0]], x: "1AQEBAQEB" });
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
 * for (const values of [dates, rare, titles]) {
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
  forms.push({ v, x });
  let previous = 0;
  const gaps: number[] = [];
  values.forEach((value, n) => {
    if (value === undefined) return;
    gaps.push(n - previous);
    previous = n;
  });
  forms.push({ v: present, at: encodeNumbers(gaps) });
  return forms.reduce((best, form) => jsonLength(form) < jsonLength(best) ? form : best);
}

const invalid = (field: string, why: string) => new TypeError(`column ${field} ${why}`);

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
  // Plain loops, no callback per value: a cold isolate runs this in the interpreter.
  let values: unknown[];
  if (typeof column === "string") {
    const numbers = decodeNumbers(column);
    values = new Array(numbers.length);
    for (let n = 0; n < numbers.length; n++) {
      const k = numbers[n]!;
      values[n] = k === 0 ? undefined : k - 1;
    }
  } else if (Array.isArray(column)) {
    values = column;
    for (let n = 0; n < values.length; n++) if (values[n] === null) values[n] = undefined;
  } else if (typeof column === "object" && column !== null && "e" in column) {
    const { n, e } = column as { n: unknown; e: unknown };
    if (typeof n !== "string") throw invalid(field, "has no counts");
    const counts = decodeNumbers(n);
    let total = 0;
    for (let d = 0; d < counts.length; d++) total += Math.max(0, counts[d]! - 1);
    const items = decodeColumn(`${field}[]`, e, total);
    values = new Array(counts.length);
    let at = 0;
    for (let d = 0; d < counts.length; d++) {
      const c = counts[d]!;
      values[d] = c > 0 ? items.slice(at, at += c - 1) : undefined;
    }
  } else if (
    typeof column === "object" && column !== null && Array.isArray((column as { v?: unknown }).v)
  ) {
    const { v, x, at } = column as { v: unknown[]; x?: unknown; at?: unknown };
    if (typeof x === "string") {
      const places = decodeNumbers(x);
      values = new Array(places.length);
      for (let n = 0; n < places.length; n++) {
        const k = places[n]!;
        if (k > v.length) throw invalid(field, `names value ${k} of ${v.length}`);
        values[n] = k > 0 ? v[k - 1] : undefined;
      }
    } else if (typeof at === "string") {
      values = new Array(count).fill(undefined);
      const gaps = decodeNumbers(at);
      if (gaps.length !== v.length) throw invalid(field, "has other gaps than values");
      let n = 0;
      for (let k = 0; k < gaps.length; k++) {
        n += gaps[k]!;
        if (n >= count) throw invalid(field, `names document ${n} of ${count}`);
        values[n] = v[k];
      }
    } else throw invalid(field, "is neither a table nor sparse");
  } else throw invalid(field, "is not a column");
  if (values.length !== count) throw invalid(field, `has ${values.length} of ${count} values`);
  return values;
}
