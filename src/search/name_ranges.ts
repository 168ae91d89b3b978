/**
 * The documents' names in ranges of names, not of documents: a sharded build writes each title
 * and file name (`SearchIndexData.names`) once, under a key of its term count and its text
 * ({@link nameKey}), with the documents bearing it; the keys sorted, in ranges of about
 * {@link NAME_RANGE_CHARS} characters, the edge index keeping where each range starts
 * ({@link NameRangesData}). The exact-name rule (`ranking_rules.ts`) gives a bonus only to a
 * name with as many terms as the query whose first term is an expansion of the query's first:
 * the keys it may name are together, found as a dictionary finds a word, in one or two ranges
 * read in the round of the query's postings — not the names of every document of the query's
 * terms whose title has as many terms as the query (on the reference shelf, 22 ranges of 128
 * documents, 133 KB, for "HashMap", one round after the postings; 2026-11-28).
 *
 * @module
 */
import { lastAtOrBefore } from "../last_at_or_before.ts";
import { oneAtATime } from "../one_at_a_time.ts";
import { createChunkLoader } from "../content/chunk_loader.ts";

/** What the name ranges read of a query's plan (`QueryPlan`'s). */
export interface NamedPlan {
  readonly terms: readonly string[];
  readonly expansions: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** Characters of JSON a name range holds, about (its keys front-coded: `packed_ranges.ts`). */
export const NAME_RANGE_CHARS = 4 * 1024;

/**
 * Name ranges a volume holds: the ranges again, in runs an isolate reads in the background from
 * its second search on, one a search (`SearchIndex.readRest`), so that a later search whose postings are read
 * already waits for no round of its names (on the reference shelf 2.3 MB in 7 volumes).
 */
export const NAME_VOLUME_RANGES = 128;

/** Where an index keeping its names in ranges has them (`DocumentRangesData.names`). */
export interface NameRangesData {
  /**
   * Each range's first key, shortened to the least that sorts after the range before's last
   * (a separator): a key is in the last range whose separator is not after it.
   */
  firsts: string[];
  /**
   * Ranges per volume (the last may hold fewer): volume `v` is read as range
   * `firsts.length + v` (a sharded build's list of name shards holds the ranges, then the
   * volumes). Absent: no volumes.
   */
  volumeRanges?: number;
}

/** One name range: its keys in order, and each key's documents. */
export interface NameRange {
  /** {@link nameKey}s, sorted. */
  keys: string[];
  /**
   * Per key, the documents it is the title of, then, after `|` when there are any, those it is
   * the file name of: numbers in base 36, joined by `,`.
   */
  docs: string[];
}

/**
 * The key of a name (analyzed terms joined by spaces) of `terms` terms: its term count in three
 * digits (999 for more), `:`, the name. Sorted, the names of a term count are together, and
 * among them those of one first term.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameKey } from "./name_ranges.ts";
 * assert.equal(nameKey("page bundl"), "002:page bundl");
 * assert.equal(nameKey(""), "000:");
 * ```
 */
export function nameKey(name: string): string {
  let terms = name === "" ? 0 : 1;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) === 0x20) terms++;
  return `${String(Math.min(999, terms)).padStart(3, "0")}:${name}`;
}

/** The shortest beginning of `key` that sorts after `previous` (which sorts before it). */
function separator(previous: string, key: string): string {
  let k = 0;
  while (k < previous.length && previous.charCodeAt(k) === key.charCodeAt(k)) k++;
  return key.slice(0, k + 1);
}

/**
 * Splits `names` (per document: its title, then `\n` and its file name when they differ) into
 * name ranges of about `rangeChars` characters: every document's title is a key's, so the names
 * can be made again from the ranges (`SearchIndex.export`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitNames } from "./name_ranges.ts";
 * const { data, ranges } = splitNames(["page bundl", "intro\npage bundl", "intro"], 10);
 * assert.deepEqual(ranges.flatMap((r) => r.keys), ["001:intro", "002:page bundl"]);
 * assert.deepEqual(ranges.flatMap((r) => r.docs), ["1,2", "0|1"]);
 * assert.deepEqual(data, { firsts: ["001:intro", "002"], volumeRanges: 128 });
 * ```
 */
export function splitNames(
  names: readonly string[],
  rangeChars = NAME_RANGE_CHARS,
  volumeRanges = NAME_VOLUME_RANGES,
): { data: NameRangesData; ranges: NameRange[] } {
  const titles = new Map<string, number[]>();
  const files = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, name: string, n: number) => {
    const key = nameKey(name);
    const docs = map.get(key);
    if (docs) docs.push(n);
    else map.set(key, [n]);
  };
  names.forEach((text, n) => {
    const cut = text.indexOf("\n");
    add(titles, cut < 0 ? text : text.slice(0, cut), n);
    if (cut >= 0) add(files, text.slice(cut + 1), n);
  });
  const keys = [...new Set([...titles.keys(), ...files.keys()])].sort();
  const ranges: NameRange[] = [];
  const firsts: string[] = [];
  let chars = Infinity;
  keys.forEach((key, i) => {
    const title = (titles.get(key) ?? []).map((n) => n.toString(36)).join(",");
    const file = files.get(key)?.map((n) => n.toString(36)).join(",");
    const docs = file === undefined ? title : `${title}|${file}`;
    if (chars >= rangeChars) {
      ranges.push({ keys: [], docs: [] });
      firsts.push(i === 0 ? key : separator(keys[i - 1]!, key));
      chars = 0;
    }
    const range = ranges.at(-1)!;
    range.keys.push(key);
    range.docs.push(docs);
    chars += key.length + docs.length + 6;
  });
  return { data: { firsts, volumeRanges }, ranges };
}

/** The last place of `firsts` not after `key` (0 when every one is). */
const rangeOf = (firsts: readonly string[], key: string): number =>
  Math.max(0, lastAtOrBefore(firsts, key));

/**
 * Most names {@link spansOf} spells out (the combinations of the expansions of a query's first
 * terms): past it, the spans are those of the names starting with fewer of them.
 */
export const SPELLED_NAMES = 4096;

/**
 * The keys `plan`'s exact-name rule may give a bonus to, as spans `[from, to]` (inclusive) of
 * keys: the names with as many terms as the query whose first terms are expansions of its first,
 * in order — as many of them as spell at most {@link SPELLED_NAMES} beginnings (the first term
 * at least), each beginning's names together (a common first term, "agent", heads thousands of
 * names of as many terms on a large shelf; its second, third, … narrow them to the few the rule
 * may name).
 */
function spansOf(plan: NamedPlan): [string, string][] {
  const count = plan.terms.length;
  if (count === 0) return [];
  let heads = [`${String(Math.min(999, count)).padStart(3, "0")}:`];
  for (let k = 0; k < count; k++) {
    const options = [...plan.expansions.get(plan.terms[k]!)?.keys() ?? []];
    if (k > 0 && heads.length * options.length > SPELLED_NAMES) break;
    heads = heads.flatMap((head) => options.map((t) => k === 0 ? head + t : `${head} ${t}`));
    if (k === count - 1) return heads.map((key) => [key, key]);
  }
  return heads.map((head) => [`${head} `, `${head} \uffff`]);
}

/**
 * The ranges of `data` holding the keys `plan`'s exact-name rule may give a bonus to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameRangesOf, splitNames } from "./name_ranges.ts";
 * const names = ["alpha", "beta", "gamma", "delta epsilon", "delta x", "delta y", "deltas x"];
 * const { data } = splitNames(names, 1); // a key a range
 * const plan = (...terms: string[][]) => ({
 *   terms: terms.map((t) => t[0]!),
 *   expansions: new Map(terms.map((t) => [t[0]!, new Map(t.map((x) => [x, 1]))])),
 * });
 * assert.deepEqual(nameRangesOf(data, plan(["beta", "beto"])), [1]);
 * // The names "delta x" and "deltas x" may be the query; "delta epsilon" and "delta y" not.
 * assert.deepEqual(nameRangesOf(data, plan(["delta", "deltas"], ["x"])), [4, 6]);
 * assert.deepEqual(nameRangesOf(data, plan(["delta"], [])), []); // a word no name can hold
 * ```
 */
export function nameRangesOf(
  data: NameRangesData,
  plan: NamedPlan,
): number[] {
  const { firsts } = data;
  // Spans follow one another in the ranges, mostly: the last one found is tried first.
  let hint = 0;
  const at = (key: string) => {
    const inHint = firsts[hint]! <= key && (hint + 1 >= firsts.length || key < firsts[hint + 1]!);
    return inHint ? hint : (hint = rangeOf(firsts, key));
  };
  const wanted = new Set<number>();
  for (const [from, to] of spansOf(plan)) {
    for (let r = at(from), last = at(to); r <= last; r++) wanted.add(r);
  }
  return [...wanted].sort((a, b) => a - b);
}

/**
 * The ranges of `data` a query of `terms` (analyzed, before its expansions are known) most likely
 * reads, read while its dictionary ranges are, so that its plan's ranges ({@link nameRangesOf})
 * are read by then as a rule (not those of a typo): those of the names of its term count that
 * begin with its first term (as typed or completed: `hashmap computeifabsent` may be the name
 * `HashMap.get computeIfAbsent`), when at most {@link NEAR_RANGES} hold them; else those of its own
 * name and of the names it begins (its last term's completions), when as few hold them; else its
 * own name's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameRangesNear, splitNames } from "./name_ranges.ts";
 * const names = ["beta", "betas", "betamax", "gamma", "delta x", "delta.z y", "zeta a", "zeta b"];
 * const { data } = splitNames([...names, "zeta c", "zetas d"], 1);
 * // Keys 001:beta, 001:betamax, 001:betas, 001:gamma, 002:delta x, 002:delta.z y, 002:zeta a,
 * // 002:zeta b, 002:zeta c, 002:zetas d: a range each.
 * assert.deepEqual(nameRangesNear(data, ["betam"]), [1]); // its completions' range
 * assert.deepEqual(nameRangesNear(data, ["beta"]), [0]); // three: its own only
 * // The names that begin with "delta": its own range, and its completion's (delta.z y).
 * assert.deepEqual(nameRangesNear(data, ["delta", "y"]), [4, 5]);
 * // Four begin with "zeta": its own name's range only.
 * assert.deepEqual(nameRangesNear(data, ["zeta", "b"]), [7]);
 * assert.deepEqual(nameRangesNear(data, []), []);
 * ```
 */
export function nameRangesNear(data: NameRangesData, terms: readonly string[]): number[] {
  if (terms.length === 0) return [];
  const key = nameKey(terms.join(" "));
  const { firsts } = data;
  // The ranges from `start`'s to `end`'s when at most NEAR_RANGES, else none.
  const few = (start: string, end: string) => {
    const [from, to] = [rangeOf(firsts, start), rangeOf(firsts, end)];
    return to - from < NEAR_RANGES ? Array.from({ length: to - from + 1 }, (_, k) => from + k) : [];
  };
  // The count's prefix ("002:") and the first term: the names that begin with it.
  const first = key.slice(0, 4) + terms[0]!;
  const near = terms.length > 1 ? few(first, `${first}\uffff`) : [];
  if (near.length > 0) return near;
  const own = few(key, `${key}\uffff`);
  return own.length > 0 ? own : [rangeOf(firsts, key)];
}

/** Most ranges {@link nameRangesNear} reads for the completions of a query's first term. */
export const NEAR_RANGES = 2;

/** The documents of a range's key (`NameRange.docs`): those it titles, those it file-names. */
function docsOf(docs: string): [number[], number[]] {
  const [title = "", file = ""] = docs.split("|");
  const numbers = (list: string) => list === "" ? [] : list.split(",").map((d) => parseInt(d, 36));
  return [numbers(title), numbers(file)];
}

/** What an index reads of its names in ranges ({@link createNameRanges}). */
export interface NameRanges {
  /** Reads the ranges `plan`'s exact-name rule reads, not read yet. */
  load(plan: NamedPlan): Promise<void>;
  /** Reads the ranges a query of `terms` most likely reads ({@link nameRangesNear}). */
  loadNear(terms: readonly string[]): Promise<void>;
  /**
   * The names of the documents that may bear `plan` as a name (per document: its title when it
   * may be the query, else nothing, then `\n` and its file name when that may be; some of the
   * names of as many terms that are not the query too), by document; `plan`'s ranges must be
   * read ({@link load}), else it throws.
   */
  namesFor(plan: NamedPlan): ReadonlyMap<number, string>;
  /** Every document's names (`SearchIndexData.names`), once every range is read. */
  all(total: number): Promise<string[]>;
  /**
   * Reads the next volume of the ranges not read yet, one a call (nothing when there are none),
   * so that no request pays for parsing them all; a failure is forgotten (the next call tries
   * again).
   */
  readRest(): Promise<void>;
}

/**
 * The names of an index in ranges `data`, range `k` read by `readRange` (a {@link NameRange}):
 * each range read once and kept (all of them are 2.6 MB on the reference shelf; a search reads
 * one or two).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createNameRanges, splitNames } from "./name_ranges.ts";
 * const { data, ranges } = splitNames(["beta", "alpha\nbeta", "gamma"], 1);
 * const reads: number[] = [];
 * const names = createNameRanges(data, (k) => (reads.push(k), Promise.resolve(ranges[k])));
 * const plan = { terms: ["beta"], expansions: new Map([["beta", new Map([["beta", 1]])]]) };
 * assert.throws(() => names.namesFor(plan), /not read/);
 * await names.load(plan);
 * assert.deepEqual([...names.namesFor(plan)], [[0, "beta"], [1, "\nbeta"]]);
 * assert.deepEqual(reads, [1]);
 * assert.deepEqual(await names.all(3), ["beta", "alpha\nbeta", "gamma"]);
 * ```
 */
export function createNameRanges(
  data: NameRangesData,
  readRange: (k: number) => Promise<unknown>,
): NameRanges {
  const count = data.firsts.length;
  const check = (value: unknown, k: number) => {
    const range = value as Partial<NameRange> | null;
    const { keys, docs } = range ?? {};
    if (
      !Array.isArray(keys) || !Array.isArray(docs) || keys.length !== docs.length ||
      !keys.every((key) => typeof key === "string") || !docs.every((d) => typeof d === "string")
    ) {
      throw new TypeError(`name range ${k} is not the one the index names`);
    }
    return range as NameRange;
  };
  const chunks = createChunkLoader(count, readRange, check);
  // The ranges read in volumes, one a call of `readRest`.
  const rest: (NameRange | undefined)[] = new Array(count);
  const ranges = {
    get: (k: number) => chunks.get(k) ?? rest[k],
    load: (wanted: readonly number[]) => chunks.load(wanted.filter((k) => rest[k] === undefined)),
  };
  const per = data.volumeRanges ?? count;
  const readVolumes = async () => {
    for (let v = 0; data.volumeRanges !== undefined && v * per < count; v++) {
      const first = v * per;
      const end = Math.min(count, first + per);
      let missing = false;
      for (let k = first; k < end && !missing; k++) missing = ranges.get(k) === undefined;
      if (!missing) continue;
      const value = await readRange(count + v);
      if (!Array.isArray(value) || value.length !== end - first) {
        throw new TypeError(`name volume ${v} is not the one the index names`);
      }
      value.forEach((range, i) => rest[first + i] = check(range, first + i));
      // One volume a call: whatever request is running pays for parsing it.
      return;
    }
  };
  // Done or failed, the next call reads the next volume (or this one again).
  const readRest = oneAtATime(readVolumes);
  // The last plans' names (a search asks for them once per scoring pass) and ranges (a search
  // loads them twice, then reads their names: up to 8,192 binary searches each time).
  const found = new WeakMap<object, Map<number, string>>();
  const rangesOfPlan = new WeakMap<object, number[]>();
  const rangesOf = (plan: NamedPlan) => {
    let wanted = rangesOfPlan.get(plan);
    if (!wanted) rangesOfPlan.set(plan, wanted = nameRangesOf(data, plan));
    return wanted;
  };
  return {
    load: (plan) => ranges.load(rangesOf(plan)),
    loadNear: (terms) => ranges.load(nameRangesNear(data, terms)),
    readRest,
    namesFor(plan) {
      let names = found.get(plan);
      if (names) return names;
      names = new Map();
      // Every name of the query's term count in its ranges: those it may be are among them, and
      // the rule tells which are (`nameFactor` of `ranking_rules.ts`).
      const count = `${String(Math.min(999, plan.terms.length)).padStart(3, "0")}:`;
      for (const r of rangesOf(plan)) {
        const range = ranges.get(r);
        if (!range) throw new Error(`name range ${r} is not read: load the plan's first`);
        range.keys.forEach((key, i) => {
          if (!key.startsWith(count)) return;
          const name = key.slice(key.indexOf(":") + 1);
          const [titled, filed] = docsOf(range.docs[i]!);
          for (const n of titled) names!.set(n, name + (names!.get(n) ?? ""));
          for (const n of filed) names!.set(n, `${names!.get(n) ?? ""}\n${name}`);
        });
      }
      found.set(plan, names);
      return names;
    },
    async all(total) {
      await ranges.load(Array.from({ length: count }, (_, k) => k));
      const titles: string[] = new Array(total).fill("");
      const files: (string | undefined)[] = new Array(total);
      for (let r = 0; r < count; r++) {
        const range = ranges.get(r)!;
        range.keys.forEach((key, i) => {
          const name = key.slice(key.indexOf(":") + 1);
          const [titled, filed] = docsOf(range.docs[i]!);
          for (const n of titled) titles[n] = name;
          for (const n of filed) files[n] = name;
        });
      }
      return titles.map((title, n) => files[n] === undefined ? title : `${title}\n${files[n]}`);
    },
  };
}
