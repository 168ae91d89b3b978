/**
 * A sharded build's body and detail ranges as its content store reads them, the modules that
 * read them (`body_ranges.ts`, `detail_loader.ts`, `document_details.ts`, `packed_sections.ts`)
 * imported when a store of such a manifest is made: a bundled build's store, whose manifest holds
 * its details and whose bodies are in it or in chunk modules, never loads them. Reading a body or
 * details before they are loaded throws as it does once the modules are there.
 *
 * @module
 */
import type { ChunkCache } from "./chunk_cache.ts";
import { LOADED } from "./chunk_loader.ts";
import type { SectionsElsewhere } from "./compact_documents.ts";
import type { ContentStore } from "./content_store.ts";
import type { Details } from "./detail_loader.ts";
import type { DetailRangeReader } from "./document_details.ts";
import type { Manifest, ManifestDocument } from "./manifest.ts";

/** What `make` makes of the module `load` imports (started now), and it once it is made. */
function imported<M, T>(load: () => Promise<M>, make: (module: M) => T) {
  let made: T | undefined;
  const ready = load().then((module) => made = make(module));
  ready.catch(() => {}); // a read's caller is told (`ready` is awaited there)
  return { ready, now: () => made };
}

/**
 * Reading a sharded build's bodies and sections from body ranges (`body_ranges.ts`), a document
 * found by its number in the manifest (`numberOf`), named in errors as `name` says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitBodyRanges } from "./body_ranges.ts";
 * import { rangedBodies } from "./deferred_ranges.ts";
 * const compactDocuments = [{ i: "d/x", n: "X", d: "", z: 5 }, { i: "d/y", n: "Y", d: "", z: 2 }];
 * const shards = splitBodyRanges(compactDocuments as never, { "d/x": "xxxxx", "d/y": "yy" }, 4);
 * const manifest = { compactDocuments, bodyRangeBytes: 4 } as never;
 * const numberOf = (d: { id: string }) => d.id === "d/x" ? 0 : 1;
 * const name = (n: number) => ["d/x", "d/y"][n]!;
 * const bodies = rangedBodies(manifest, (k) => Promise.resolve(shards[k]), numberOf, name);
 * const y = { id: "d/y" } as never;
 * assert.throws(() => bodies.body(y), /body of d\/y read before loadBodies/);
 * await bodies.loadBodies([y]);
 * assert.equal(bodies.body(y), "yy");
 * assert.throws(() => rangedBodies(manifest, undefined, () => 0, name), /nothing loads them/);
 * ```
 */
export function rangedBodies(
  input: Manifest,
  bodyChunk: ((k: number) => Promise<unknown>) | undefined,
  numberOf: (doc: ManifestDocument) => number,
  name: (n: number) => string,
  cache?: ChunkCache,
): Pick<ContentStore, "body" | "loadBodies"> & { sections: SectionsElsewhere } {
  if (!bodyChunk) {
    throw new TypeError("Invalid manifest: its bodies are in body ranges and nothing loads them");
  }
  const ranges = imported(
    () => import("./body_ranges.ts"),
    ({ createBodyRanges }) =>
      createBodyRanges(
        input.compactDocuments ?? [],
        input.bodyRangeBytes!,
        bodyChunk,
        cache,
        input.bodyRangeStarts,
      ),
  );
  const opened = (what: string, id: string) => {
    const made = ranges.now();
    if (!made) throw new Error(`${what} of ${id} read before loadBodies`);
    return made;
  };
  return {
    sections: (n) => opened("sections", name(n)).sections(n, name(n)),
    body(doc) {
      const n = numberOf(doc);
      return opened("body", name(n)).body(n, name(n));
    },
    loadBodies(docs = []) {
      const numbers = Array.from(docs, numberOf);
      const made = ranges.now();
      return made ? made.load(numbers) : ranges.ready.then((r) => r.load(numbers));
    },
  };
}

/**
 * The starts of `manifest`'s detail ranges (`undefined`: it keeps its details), checking that
 * `ranges` reads them; throws a `TypeError` when it keeps them in ranges and nothing reads them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detailRangeStarts } from "./deferred_ranges.ts";
 * assert.equal(detailRangeStarts({} as never, undefined), undefined);
 * assert.throws(() => detailRangeStarts({ detailRangeStarts: [0] } as never, undefined), /nothing loads them/);
 * ```
 */
export function detailRangeStarts(
  manifest: Manifest,
  ranges: DetailRangeReader | undefined,
): readonly number[] | undefined {
  const starts = manifest.detailRangeStarts;
  if (starts !== undefined && !ranges) {
    throw new TypeError(
      `Invalid manifest: its documents' details are in ${starts.length} ranges and nothing loads them`,
    );
  }
  return starts;
}

/**
 * The details of `manifest` (`detail_loader.ts`'s `createDetails`, imported when it keeps them in
 * ranges; nothing to load when it does not).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangedDetails } from "./deferred_ranges.ts";
 * const manifest = { detailRangeStarts: [0], compactDocuments: [{ i: "d/a" }] } as never;
 * const details = rangedDetails(manifest, {
 *   read: () => Promise.resolve([{ d: "A" }]),
 *   rows: (range) => range as never,
 * });
 * assert.throws(() => details.elsewhere!(0), /details of document 0 read before they were loaded/);
 * await details.load();
 * assert.equal(details.elsewhere!(0).d, "A");
 * assert.equal(rangedDetails({} as never, undefined).elsewhere, undefined);
 * ```
 */
export function rangedDetails(
  manifest: Manifest,
  ranges: DetailRangeReader | undefined,
  cache?: ChunkCache,
  name: (n: number) => string = (n) => `document ${n}`,
): Details {
  if (detailRangeStarts(manifest, ranges) === undefined) {
    return { load: () => LOADED, idAt: () => undefined };
  }
  const details = imported(
    () => import("./detail_loader.ts"),
    ({ createDetails }) => createDetails(manifest, ranges, cache, name),
  );
  return {
    idAt: (n) => details.now()?.idAt(n),
    elsewhere(n) {
      const made = details.now();
      if (!made) {
        throw new Error(`details of ${name(n)} read before they were loaded (loadDocuments)`);
      }
      return made.elsewhere!(n);
    },
    load(docs) {
      const made = details.now();
      return made ? made.load(docs) : details.ready.then((d) => d.load(docs));
    },
  };
}
