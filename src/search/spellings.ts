/**
 * "Did you mean": how the documents spell an index term — its shortest spelling in the best
 * document that has it (the base form, as a rule: "write" rather than "writing"), an irregular
 * form ("written") named by the base word the analyzer maps it to. Found once per term and
 * engine, kept in a memo bounded in bytes.
 *
 * @module
 */
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { createMemo, remembered } from "../remembered.ts";
import type { FieldWeights } from "./index_fields.ts";
import { IRREGULAR_FORMS } from "./irregular_forms.ts";
import type { SearchIndex } from "./search_index.ts";
import { occurrences, positionsOf, wordPositions } from "./word_positions.ts";

const ANY_FIELD: FieldWeights = { name: 1, keywords: 1, description: 1, content: 1 };

/**
 * The speller of one engine: `spellingsOf(terms, budget)` gives each index term's spelling. A
 * term not spelled yet needs its postings (to find its best document) and that document's body
 * loaded first, so such terms are spelled, in order, only while their costs (`costOf`: the
 * documents their postings hold) fit in `budget` — what the query's own terms left of the
 * index's budget; the others are left out of the answer. Terms spelled before are answered from
 * the memo, at no cost. `isDocument(n)` tells whether the index's document `n` is one of `docs`
 * (the best document is looked for among a term's postings: a test that reads `docs[n]` makes
 * the document when `docs` is a store's lazy list).
 *
 * @example
 * ```ts ignore
 * const speller = createSpeller(store, index, docs);
 * (await speller.spellingsOf(["deploi"])).get("deploi"); // "deploy"
 * ```
 */
export function createSpeller(
  store: ContentStore,
  index: SearchIndex,
  docs: readonly (ManifestDocument | undefined)[],
  isDocument: (n: number) => boolean = (n) => docs[n] !== undefined,
) {
  // How the documents spell an index term: its shortest spelling in the best document with it
  // (the base form, as a rule: "write" rather than "writing"), the first if tied; an irregular
  // form ("written") is named by the base word the analyzer maps it to.
  // The best is found without a search: ranking every document of a common term made thousands
  // of hits only to keep one, and in a new isolate the garbage they left cost the first such
  // suggestion tens of milliseconds.
  const bestDocFor = (term: string): ManifestDocument | undefined =>
    docs[index.bestDocument(term, ANY_FIELD, isDocument)];
  // The term's spelling in `doc`, its best document (whose body must be loaded).
  const findSpelling = (term: string, doc: ManifestDocument | undefined): string => {
    if (!doc) return term;
    const body = store.body(doc);
    const inBody = shortestWord(body, occurrences(wordPositions.get(doc, body), term));
    if (inBody !== undefined) return inBody;
    for (const text of [doc.title, doc.description, doc.keywords.join(" ")]) {
      const at = shortestWord(text, occurrences(positionsOf(text), term));
      if (at !== undefined) return at;
    }
    return term;
  };
  // A term's spelling depends only on the content: found once per term and engine (bounded).
  // A term not spelled yet needs its postings (to find its best document) and that document's
  // body loaded first; terms spelled before are answered from the memo, with no search.
  const spellings = createMemo<string, string>({
    name: "engine: spellings",
    maxEntries: 10_000,
    maxBytes: 2 * 1024 * 1024,
  });
  const spellingsOf = async (
    terms: readonly string[],
    budget = Infinity,
  ): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    const fresh: string[] = [];
    let left = budget;
    for (const term of terms) {
      const known = spellings.map.get(term);
      if (known !== undefined) out.set(term, known);
      else if (!fresh.includes(term)) {
        const cost = index.costOf(term);
        if (cost > left) continue;
        fresh.push(term);
        left -= cost;
      }
    }
    if (fresh.length === 0) return out;
    await index.loadPostings(fresh);
    await index.loadStats(fresh);
    const best = fresh.map(bestDocFor);
    await store.loadBodies(best.filter((d) => d !== undefined));
    fresh.forEach((term, i) => {
      const spelled = remembered(spellings, term, () => {
        const written = findSpelling(term, best[i]);
        return IRREGULAR_FORMS.get(written) ?? written;
      });
      out.set(term, spelled);
    });
    return out;
  };
  return { spellingsOf };
}

/**
 * The shortest of the words at `offsets` (`[start, end, …]`) in `text`, lowercased; the first
 * of equally short ones, `undefined` when there are none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shortestWord } from "./search_engine.ts";
 * assert.equal(shortestWord("Written, writes, Write", [0, 7, 9, 15, 17, 22]), "write");
 * assert.equal(shortestWord("x", []), undefined);
 * ```
 */
export function shortestWord(text: string, offsets: readonly number[]): string | undefined {
  let best: [number, number] | undefined;
  for (let i = 0; i + 1 < offsets.length; i += 2) {
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    if (best === undefined || end - start < best[1] - best[0]) best = [start, end];
  }
  return best && text.slice(best[0], best[1]).toLowerCase();
}
