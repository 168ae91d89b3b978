/**
 * The statistics scopes of one index: the documents a narrowed search (`source=docs`) is scored
 * by as if they were the whole index — their count, their field lengths' sums, and their most
 * linked page, the static prior's scale (`prior_score.ts`) — each counted on its first search and
 * kept under its key. A scope that is every page or every part takes the sums the index knows of
 * them (`document_ranges.ts`), without reading its documents' lengths.
 *
 * @module
 */
import type { DocumentSums } from "./document_ranges.ts";
import { SCOPES_KEPT, type StatsScope } from "./term_scores.ts";

/** A statistics scope with the highest inbound link count among its documents. */
export interface PriorScope extends StatsScope {
  /** The highest inbound count of its documents (0 when none is linked). */
  readonly most: number;
}

/** The tests {@link documentsFrom} made, by the first document each accepts. */
const suffixes = new WeakMap<(n: number) => boolean, number>();

/**
 * A scope's test accepting every document from number `first` on (every part of an index: they
 * follow its pages), which {@link createStatsScopes} counts without calling it on each document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentsFrom, firstOf } from "./stats_scopes.ts";
 * const parts = documentsFrom(2);
 * assert.deepEqual([0, 1, 2, 3].map(parts), [false, false, true, true]);
 * assert.equal(firstOf(parts), 2);
 * assert.equal(firstOf((n) => n >= 2), undefined); // another test is called on each document
 * ```
 */
export function documentsFrom(first: number): (n: number) => boolean {
  const has = (n: number) => n >= first;
  suffixes.set(has, first);
  return has;
}

/** The first document of a test {@link documentsFrom} made, else `undefined`. */
export const firstOf = (has: (n: number) => boolean): number | undefined => suffixes.get(has);

/** What {@link createStatsScopes} knows of an index's documents. */
export interface ScopedDocuments {
  /** Inbound link counts by document (read for a scope's `most` when it is first asked for). */
  inbound: ArrayLike<number>;
  /** How many documents, from the first, are pages (the rest: parts). Default: all. */
  pages?: number;
  /** The pages' sums and the parts', when known. */
  known?: { pages: DocumentSums; parts: DocumentSums };
}

/**
 * The scopes of an index's documents: `scopeOf(key, has)` counts the documents `has` accepts
 * once, then gives the same scope for `key` (a key names the same documents on every search); at
 * most `SCOPES_KEPT` are kept at once. A scope's `most` is counted when first read (its members'
 * inbound counts must be there by then), but for a scope of every page or every part, whose sums
 * and `most` are the known ones (`sums` is set only then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStatsScopes, documentsFrom } from "./stats_scopes.ts";
 * const scopeOf = createStatsScopes({ inbound: [4, 0, 9, 1] });
 * const odd = scopeOf("odd", (n) => n % 2 === 1);
 * assert.equal(odd.size, 2);
 * assert.equal(odd.most, 1);
 * assert.equal(scopeOf("odd", () => true), odd); // counted once
 * const sums = { name: 1, keywords: 0, description: 0, content: 7, links: 0, headings: 0 };
 * const known = { pages: { sums, mostInbound: 9 }, parts: { sums, mostInbound: 1 } };
 * const withParts = createStatsScopes({ inbound: [4, 0, 9, 1], pages: 2, known });
 * assert.equal(withParts("parts", (n) => n >= 2).sums, sums);
 * assert.equal(withParts("parts", (n) => n >= 2).most, 1);
 * assert.equal(withParts("some", (n) => n === 3).sums, undefined);
 * const { size, sums: partSums } = createStatsScopes({ inbound: [4, 0, 9, 1], pages: 2, known })(
 *   "parts", documentsFrom(2)); // counted without testing each document
 * assert.deepEqual([size, partSums], [2, sums]);
 * ```
 */
export function createStatsScopes(
  documents: ScopedDocuments,
): (key: string, has: (n: number) => boolean) => PriorScope {
  const { inbound, known } = documents;
  const total = inbound.length;
  const pages = documents.pages ?? total;
  const scopes = new Map<string, PriorScope>();
  return (key, has) => {
    let found = scopes.get(key);
    if (found === undefined) {
      if (scopes.size >= SCOPES_KEPT) scopes.clear();
      let size = 0;
      let pagesIn = 0;
      const first = firstOf(has);
      if (first !== undefined) {
        size = Math.max(0, total - Math.max(0, first));
        pagesIn = Math.max(0, pages - Math.max(0, first));
      } else {
        for (let n = 0; n < total; n++) {
          if (!has(n)) continue;
          size++;
          if (n < pages) pagesIn++;
        }
      }
      const whole = !known || size === 0
        ? undefined
        : pagesIn === size && size === pages
        ? known.pages
        : pagesIn === 0 && size === total - pages
        ? known.parts
        : undefined;
      let most = whole?.mostInbound;
      found = {
        key,
        has,
        size,
        ...(whole ? { sums: whole.sums } : {}),
        get most() {
          if (most === undefined) {
            most = 0;
            for (let n = 0; n < total; n++) if (has(n) && inbound[n]! > most) most = inbound[n]!;
          }
          return most;
        },
      };
      scopes.set(key, found);
    }
    return found;
  };
}
