/**
 * A value column: one field of every document of a list, in whichever of five forms is shortest
 * for it (the build tries each):
 *
 * - numbers (a string, `number_text.ts`): each value plus 1, 0 for none (sizes, source numbers);
 * - a list, `null` for none;
 * - a table (`{ v, x }`): the distinct values, and each document's place in them plus 1, 0 for
 *   none (a date every document shares, an API page's kind);
 * - sparse (`{ v, at }`): the values of the few documents that have one, and the gaps between
 *   those documents' numbers (section titles of the pages scored by their parts);
 * - front-coded strings (`{ p, s }`): for each document, how many characters its value shares
 *   with the value before plus 1 (0 for none), and the rest of each value (ids, whose folders
 *   repeat; an API page's qualified name), where that saves a tenth of the list;
 * - lists (`{ n, e }`): each document's count of items plus 1 (0 for none), and the items of all
 *   of them as one column (section titles, keywords).
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
  | { p: string; s: string[] }
  | { n: string; e: Column };

const jsonLength = (value: unknown) => JSON.stringify(value).length;

/**
 * The shortest form of a field's values (`undefined`: the document has none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeColumn, encodeColumn } from "./value_column.ts";
 * assert.equal(encodeColumn([3, undefined, 0]), "EAB");
 * assert.deepEqual(encodeColumn(["x", undefined]), ["x", null]);
 * const dates = Array.from({ length: 6 }, () => "2026-11-28T00:00:00.000Z");
 * assert.deepEqual(encodeColumn(dates), { v: [dates[0]], x: "BBBBBB" });
 * const rare = Array.from({ length: 50 }, (_, n) => n === 40 ? ["A", "B"] : undefined);
 * assert.deepEqual(encodeColumn(rare), { v: [["A", "B"]], at: "oB" });
 * const ids = ["docs/java.base/java/io/File", "docs/java.base/java/io/FileReader"];
 * assert.deepEqual(encodeColumn(ids), { p: "Bc", s: [ids[0], "Reader"] });
 * const titles = ["Vec", "HashMap", "String"].map((t) => [`${t}::new`, `${t}::len`, `${t}::clear`]);
 * assert.deepEqual(encodeColumn(titles), {
 *   n: "EEE",
 *   e: { p: "BGGBKKBJJ", s: ["Vec::new", "len", "clear", "HashMap::new", "len", "clear", "String::new", "len", "clear"] },
 * });
 * for (const values of [dates, rare, ids, titles]) {
 *   assert.deepEqual(decodeColumn("f", encodeColumn(values), values.length), values);
 * }
 * ```
 */
export function encodeColumn(values: readonly unknown[]): Column {
  const forms: Column[] = [];
  const present = values.filter((v) => v !== undefined);
  if (
    present.every((v) => typeof v === "number" && Number.isSafeInteger(v + 1) && v >= 0)
  ) {
    forms.push(encodeNumbers(values.map((v) => v === undefined ? 0 : (v as number) + 1)));
  }
  const list = values.map((v) => v === undefined ? null : v);
  if (present.length > 0 && present.every((v) => typeof v === "string")) {
    // Only where it saves a tenth: putting the strings together again costs time.
    const front = frontCoded(values as (string | undefined)[]);
    if (jsonLength(front) < 0.9 * jsonLength(list)) forms.push(front);
  }
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

function frontCoded(values: readonly (string | undefined)[]): { p: string; s: string[] } {
  let previous = "";
  const shared: number[] = [];
  const s: string[] = [];
  for (const value of values) {
    if (value === undefined) {
      shared.push(0);
      continue;
    }
    let k = 0;
    const most = Math.min(value.length, previous.length);
    while (k < most && value.charCodeAt(k) === previous.charCodeAt(k)) k++;
    // Not inside a surrogate pair: each part stays well-formed text in JSON.
    if (k > 0 && k < value.length && (value.charCodeAt(k) & 0xfc00) === 0xdc00) k--;
    shared.push(k + 1);
    previous = value;
    s.push(value.slice(k));
  }
  return { p: encodeNumbers(shared), s };
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
 * assert.deepEqual(decodeColumn("z", "BC", 2), [0, 1]);
 * assert.throws(() => decodeColumn("z", "BC", 3), /column z has 2 of 3 values/);
 * assert.throws(() => decodeColumn("t", { v: ["html"], x: "C" }, 1), /column t names value 2 of 1/);
 * ```
 */
export function decodeColumn(field: string, column: unknown, count: number): unknown[] {
  let values: unknown[];
  if (typeof column === "string") {
    values = decodeNumbers(column).map((n) => n === 0 ? undefined : n - 1);
  } else if (Array.isArray(column)) {
    values = column.map((v) => v === null ? undefined : v);
  } else if (typeof column === "object" && column !== null && "p" in column) {
    const { p, s } = column as { p: unknown; s: unknown };
    if (typeof p !== "string" || !Array.isArray(s)) throw invalid(field, "is not front-coded");
    let previous = "";
    let k = 0;
    values = decodeNumbers(p).map((shared) => {
      if (shared === 0) return undefined;
      if (k >= s.length) throw invalid(field, "is not front-coded");
      return previous = previous.slice(0, shared - 1) + String(s[k++]);
    });
    if (k !== s.length) throw invalid(field, "is not front-coded");
  } else if (typeof column === "object" && column !== null && "e" in column) {
    const { n, e } = column as { n: unknown; e: unknown };
    if (typeof n !== "string") throw invalid(field, "has no counts");
    const counts = decodeNumbers(n);
    const items = decodeColumn(
      `${field}[]`,
      e,
      counts.reduce((sum, c) => sum + Math.max(0, c - 1), 0),
    );
    let at = 0;
    values = counts.map((c) => c === 0 ? undefined : items.slice(at, at += c - 1));
  } else if (
    typeof column === "object" && column !== null && Array.isArray((column as { v?: unknown }).v)
  ) {
    const { v, x, at } = column as { v: unknown[]; x?: unknown; at?: unknown };
    if (typeof x === "string") {
      values = decodeNumbers(x).map((k) => {
        if (k > v.length) throw invalid(field, `names value ${k} of ${v.length}`);
        return k === 0 ? undefined : v[k - 1];
      });
    } else if (typeof at === "string") {
      values = new Array(count).fill(undefined);
      let n = 0;
      const gaps = decodeNumbers(at);
      if (gaps.length !== v.length) throw invalid(field, "has other gaps than values");
      gaps.forEach((gap, k) => {
        n += gap;
        if (n >= count) throw invalid(field, `names document ${n} of ${count}`);
        values[n] = v[k];
      });
    } else throw invalid(field, "is neither a table nor sparse");
  } else throw invalid(field, "is not a column");
  if (values.length !== count) throw invalid(field, `has ${values.length} of ${count} values`);
  return values;
}
