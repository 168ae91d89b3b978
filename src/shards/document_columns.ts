/**
 * Document columns: how a sharded build's edge manifest writes its compact documents
 * (`compact_documents.ts`) — field by field instead of document by document, so no key is
 * repeated for every document, each field in its shortest form (`value_column.ts`: sizes as
 * numbers, a date every document shares as a table, the section titles of the
 * few pages scored by their parts sparse).
 *
 * `m` (other frontmatter) is written one column a key (`m.<key>`) when every document lists its
 * keys in the columns' order, else as one column of objects. On openjdk-17-doc's 4,980 pages the
 * documents take 1.18 MB instead of 2.06 (2026-11-28).
 *
 * @module
 */
import {
  type CompactDocument,
  OPTIONAL_FIELDS,
  withFieldReader,
} from "../content/compact_documents.ts";
import { lazyList } from "../content/lazy_list.ts";
import type { Manifest } from "../content/manifest.ts";
import { decodeNumbers, encodeNumbers } from "./number_text.ts";
import { type Column, type ColumnReader, columnReader, encodeColumn } from "./value_column.ts";

/** The compact documents, field by field. */
export interface DocumentColumns {
  count: number;
  /** Field (`m.<key>` for a key of `m`) → its column. */
  columns: Record<string, Column>;
}

const META = "m.";

const invalid = (field: string, why: string) =>
  new TypeError(`Invalid manifest: document column ${field} ${why}`);

/** {@link columnReader}, its error saying it is the manifest's. */
function decoded(field: string, column: unknown, count: number): ColumnReader {
  try {
    return columnReader(field, column, count);
  } catch (error) {
    throw new TypeError(`Invalid manifest: document ${(error as Error).message}`);
  }
}

/**
 * The documents as columns; {@link unpackDocuments} gives them back (the same JSON).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packDocuments, unpackDocuments } from "./document_columns.ts";
 * const docs = [
 *   { i: "docs/api/a", n: "A", d: "", z: 10, m: { kind: "class" }, lastUpdated: "2026-01-01" },
 *   { i: "docs/api/b", n: "B", d: "", z: 7, m: { kind: "class" }, lastUpdated: "2026-01-01" },
 * ];
 * const packed = packDocuments(docs);
 * assert.deepEqual(packed.columns.z, "1Cwg");
 * assert.deepEqual(packed.columns["m.kind"], ["class", "class"]);
 * assert.deepEqual(JSON.parse(JSON.stringify(unpackDocuments(packed))), docs);
 * ```
 */
export function packDocuments(docs: readonly CompactDocument[]): DocumentColumns {
  const fields = new Set<string>();
  const metaKeys = new Set<string>();
  for (const doc of docs) {
    for (const key of Object.keys(doc)) fields.add(key);
    for (const key of Object.keys(doc.m ?? {})) metaKeys.add(key);
  }
  // One column a key when every document's keys come in the columns' order.
  const order = [...metaKeys];
  // (`__proto__` would be no key of an object made by assignment: kept whole, as JSON gives it.)
  const split = !metaKeys.has("__proto__") && docs.every((doc) => {
    if (doc.m === undefined) return true;
    const keys = Object.keys(doc.m);
    return keys.length > 0 && keys.join("\n") === order.filter((k) => k in doc.m!).join("\n");
  });
  const columns: Record<string, Column> = {};
  const record = (doc: CompactDocument) => doc as unknown as Record<string, unknown>;
  for (const field of fields) {
    if (field === "m" && split) {
      for (const key of order) {
        columns[META + key] = encodeColumn(docs.map((doc) => doc.m?.[key]));
      }
    } else columns[field] = encodeColumn(docs.map((doc) => record(doc)[field]));
  }
  return { count: docs.length, columns };
}

/** Every field a compact document may have, in the order its JSON lists them. */
const FIELDS = [
  "i",
  "s",
  "f",
  "t",
  "n",
  "d",
  "k",
  "m",
  "z",
  "c",
  "h",
  "a",
  ...OPTIONAL_FIELDS,
] as const satisfies readonly (keyof CompactDocument)[];

type Values = Partial<Record<keyof CompactDocument, ColumnReader>>;

/**
 * One document read from the columns where they are: a cold isolate makes one small object a
 * document (of one shape) instead of a document's every field, and `m` when it is read.
 */
class ColumnRow {
  readonly #values: Values;
  readonly #meta: readonly { key: string; values: ColumnReader }[];
  readonly #n: number;
  constructor(
    values: Values,
    meta: readonly { key: string; values: ColumnReader }[],
    n: number,
  ) {
    this.#values = values;
    this.#meta = meta;
    this.#n = n;
  }
  #get(field: keyof CompactDocument): unknown {
    return this.#values[field]?.(this.#n);
  }
  get i() {
    return this.#get("i") as string;
  }
  get s() {
    return this.#get("s") as number | undefined;
  }
  get f() {
    return this.#get("f") as string | undefined;
  }
  get t() {
    return this.#get("t") as CompactDocument["t"];
  }
  get n() {
    return this.#get("n") as string;
  }
  get d() {
    return this.#get("d") as string;
  }
  get k() {
    return this.#get("k") as string[] | undefined;
  }
  get m(): CompactDocument["m"] {
    if (this.#meta.length === 0) return this.#get("m") as CompactDocument["m"];
    let meta: Record<string, unknown> | undefined;
    for (const { key, values } of this.#meta) {
      const value = values(this.#n);
      if (value !== undefined) (meta ??= {})[key] = value;
    }
    return meta as CompactDocument["m"];
  }
  get z() {
    return this.#get("z") as number;
  }
  get c() {
    return this.#get("c") as CompactDocument["c"];
  }
  get h() {
    return this.#get("h") as string[] | undefined;
  }
  get a() {
    return this.#get("a") as string | undefined;
  }
  get status() {
    return this.#get("status") as string | undefined;
  }
  get maturity() {
    return this.#get("maturity") as string | undefined;
  }
  get lastUpdated() {
    return this.#get("lastUpdated") as string | undefined;
  }
  get relatedIds() {
    return this.#get("relatedIds") as string[] | undefined;
  }
  get supersededBy() {
    return this.#get("supersededBy") as string[] | undefined;
  }
  get url() {
    return this.#get("url") as string | undefined;
  }
  /** Its fields as a plain object (those it has). */
  toJSON(): CompactDocument {
    const out: Record<string, unknown> = {};
    for (const field of FIELDS) {
      const value = this[field];
      if (value !== undefined) out[field] = value;
    }
    return out as unknown as CompactDocument;
  }
}

/**
 * The compact documents of {@link packDocuments}' columns, each read from the columns when asked
 * (`JSON.stringify` gives its fields) and made when first read (`lazy_list.ts`: a cold search
 * makes those of its candidates and hits only); throws a `TypeError` naming a column that is not
 * one. A field of every document is read from its column without them (`fieldReader`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unpackDocuments } from "./document_columns.ts";
 * import { fieldReader } from "../content/compact_documents.ts";
 * const docs = unpackDocuments({ count: 2, columns: { i: ["a", "b"], z: "1AQI", "m.kind": [null, "x"] } });
 * assert.deepEqual(docs.map((d) => [d.i, d.z, d.m]), [["a", 0, undefined], ["b", 1, { kind: "x" }]]);
 * assert.deepEqual([fieldReader(docs)("z", 1), fieldReader(docs)("i", 0)], [1, "a"]);
 * assert.equal(JSON.stringify(docs[1]), '{"i":"b","m":{"kind":"x"},"z":1}');
 * assert.throws(() => unpackDocuments({ count: 3, columns: { i: ["a"] } }), /column i has 1 of 3/);
 * assert.throws(() => unpackDocuments({ count: 1, columns: { q: [1] } }), /column q is not a field/);
 * ```
 */
export function unpackDocuments(packed: DocumentColumns): CompactDocument[] {
  const { count, columns } = packed;
  if (!Number.isSafeInteger(count) || count < 0 || typeof columns !== "object" || !columns) {
    throw new TypeError("Invalid manifest: document columns without a count or columns");
  }
  const values: Values = {};
  const meta: { key: string; values: ColumnReader }[] = [];
  const known = new Set<string>(FIELDS);
  for (const [field, column] of Object.entries(columns)) {
    if (field.startsWith(META)) {
      meta.push({ key: field.slice(META.length), values: decoded(field, column, count) });
    } else if (known.has(field)) {
      values[field as keyof CompactDocument] = decoded(field, column, count);
    } else throw invalid(field, "is not a field");
  }
  if (meta.length > 0 && values.m !== undefined) throw invalid("m", "is split and whole");
  const docs = lazyList(count, (n) => new ColumnRow(values, meta, n) as CompactDocument);
  return withFieldReader(docs, (field, n) => values[field]?.(n)) as CompactDocument[];
}

/** The lists of range starts an edge manifest writes as the gaps between them (`number_text.ts`). */
const STARTS = ["bodyRangeStarts", "detailRangeStarts"] as const;
type Starts = (typeof STARTS)[number];

/**
 * A compact manifest (`compactManifest`) with its documents written as columns
 * (`documentColumns`) and its ranges' starts as the gaps between them; {@link unpackManifest}
 * reads it. Throws if a document would not come back as itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packManifest, unpackManifest } from "./document_columns.ts";
 * const docs = [{ i: "d/a", n: "A", d: "", z: 1 }, { i: "d/b", n: "B", d: "", z: 2 }];
 * const packed = packManifest({ contentHash: "h", compactDocuments: docs } as never);
 * assert.equal("compactDocuments" in packed, false);
 * const back = unpackManifest(JSON.parse(JSON.stringify(packed)));
 * assert.deepEqual(JSON.parse(JSON.stringify(back.compactDocuments)), docs);
 * ```
 */
export function packManifest(
  manifest: Manifest,
): Omit<Manifest, "compactDocuments" | Starts> & Partial<Record<Starts, string>> & {
  documentColumns: DocumentColumns;
} {
  const { compactDocuments = [], ...rest } = manifest;
  const gaps: Partial<Record<Starts, string>> = {};
  for (const field of STARTS) {
    const starts = manifest[field];
    if (starts) gaps[field] = encodeNumbers(starts.map((start, k) => start - (starts[k - 1] ?? 0)));
  }
  const documentColumns = packDocuments(compactDocuments);
  const back = unpackDocuments(JSON.parse(JSON.stringify(documentColumns)));
  compactDocuments.forEach((doc, n) => {
    const row = back[n]!;
    for (const field of FIELDS) {
      if (JSON.stringify(doc[field]) !== JSON.stringify(row[field])) {
        throw new Error(`document ${doc.i} does not survive the columns (${field})`);
      }
    }
  });
  const { bodyRangeStarts: _b, detailRangeStarts: _d, ...others } = rest;
  return { ...others, ...gaps, documentColumns };
}

/**
 * A manifest as {@link packManifest} wrote it, its documents read from the columns
 * (`compactDocuments`); any other value as it is (`assertManifest` checks it).
 */
export function unpackManifest(value: unknown): Manifest {
  if (typeof value !== "object" || value === null || !("documentColumns" in value)) {
    return value as Manifest;
  }
  const { documentColumns, ...rest } = value as Record<string, unknown> & {
    documentColumns: DocumentColumns;
  };
  for (const field of STARTS) {
    const gaps: unknown = rest[field];
    if (typeof gaps !== "string") continue; // checked by `assertManifest`
    const starts: number[] = [];
    let start = 0;
    for (const gap of decodeNumbers(gaps)) starts.push(start += gap);
    rest[field] = starts;
  }
  return { ...rest, compactDocuments: unpackDocuments(documentColumns) } as unknown as Manifest;
}
