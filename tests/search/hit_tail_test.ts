/**
 * The tail of a ranking (`src/search/hit_tail.ts`): a search with a limit makes hits only of its
 * best, keeps the rest as numbers, and answers exactly as when every match is a hit — on random
 * small sites and queries, against the same engine whose index gives every match as a hit.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createContentStore } from "../../src/content/content_store.ts";
import { NO_TAIL } from "../../src/search/hit_tail.ts";
import { buildIndexFor, createSearchEngine } from "../../src/search/search_engine.ts";
import type { SearchIndex } from "../../src/search/search_index.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";
import { manifestOf } from "../helpers.ts";

const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
const WORDS = ["deploy", "cache", "edge", "build", "token", "schema", "stream", "index"];

/** The same index, every match a hit: what a search gave before tails. */
const untailed = (index: SearchIndex): SearchIndex => ({
  ...index,
  rank: (plan, options) => ({ hits: index.search(plan, options), tail: NO_TAIL }),
});

const word = fc.constantFrom(...WORDS);
const page = fc.record({
  title: fc.array(word, { minLength: 1, maxLength: 2 }),
  body: fc.array(word, { minLength: 1, maxLength: 12 }),
  links: fc.array(fc.nat(479), { maxLength: 3 }),
  // Words of no query, so that scores spread (length normalization).
  padding: fc.nat(300),
});
const site = fc.record({
  pages: fc.array(page, { minLength: 410, maxLength: 480 }),
  // A long page of sections (parts), one of its words per section.
  long: fc.array(word, { minLength: 0, maxLength: 16 }),
});
const query = fc.array(fc.oneof(word, fc.constant("deplo"), fc.constant("cach")), {
  minLength: 1,
  maxLength: 4,
});

interface Site {
  pages: { title: string[]; body: string[]; links: number[]; padding: number }[];
  long: string[];
}

async function engines(input: Site) {
  const files = input.pages.map((p, n) => ({
    path: `p${n}.md`,
    text: `# ${p.title.join(" ")}\n\n${p.body.join(" ")} ${"lorem ".repeat(p.padding)}\n\n` +
      p.links.map((l) => `[see](p${l % input.pages.length}.md)`).join(" "),
  }));
  if (input.long.length > 0) {
    const text = "# Reference\n\n" +
      input.long.map((w, i) =>
        `## Part ${i}\n\n${w} ${"filler words in a long section ".repeat(20)}\n`
      ).join("\n");
    files.push({ path: "reference.md", text });
  }
  const store = createContentStore(await manifestOf([{ name: "docs", description: "", files }]));
  const index = buildIndexFor(store);
  return {
    index,
    pruned: createSearchEngine(store, index),
    full: createSearchEngine(store, untailed(index)),
  };
}

Deno.test("a search with a limit answers as when every match is a hit", async () => {
  await fc.assert(
    fc.asyncProperty(
      site,
      fc.array(query, { minLength: 1, maxLength: 4 }),
      async (input, queries) => {
        const { index, pruned, full } = await engines(input);
        for (const words of queries) {
          const text = words.join(" ");
          const plan = index.plan(text);
          // Every match holding enough of the words, sorted (fillers depend on the limit).
          const all = index.search(plan, { weights }).filter((h) => !h.partial);
          for (const limit of [1, 3, 5]) {
            // The best `limit` (ties kept) come first, sorted as a search without a limit sorts;
            // the tail holds the rest, each below them.
            const { hits, tail } = index.rank(plan, { weights, limit });
            const best = hits.filter((h) => !h.partial);
            assert.ok(best.length >= Math.min(limit, all.length));
            assert.deepEqual(best.map((h) => h.doc), all.slice(0, best.length).map((h) => h.doc));
            assert.equal(best.length + tail.size, all.length);
            for (let i = 0; i < tail.size; i++) {
              assert.ok(tail.scores[i]! < best[best.length - 1]!.score);
            }
          }
          for (const limit of [1, 3, 10]) {
            for (const minRelative of [0, 0.1]) {
              for (const newestFirstOnTies of [false, true]) {
                const options = { weights, limit, minRelative, newestFirstOnTies };
                const answer = async (engine: typeof full) => {
                  const { hits, total } = await engine.query(text, options);
                  return {
                    total,
                    hits: hits.map((h) => [h.doc.id, h.score, h.partial, h.section]),
                  };
                };
                assert.deepEqual(await answer(pruned), await answer(full));
              }
            }
          }
        }
      },
    ),
    { numRuns: 15 },
  );
});

Deno.test("an API page the query names is lifted above the others on a shelf whose matches leave a tail", async () => {
  // `trait Iterator` names the trait's page (its kind beside its name: `api_document.ts`), which
  // scores far below the Peekable page that repeats the words; 450 pages that say `iterator` once
  // are more than the engine's candidates, so a tail is left.
  const files = [
    {
      path: "iterator.md",
      text: "---\nkind: trait\n---\n# Iterator\n\nAn interface for dealing with iterators. " +
        "lorem ipsum dolor ".repeat(60) + "\n\n## Iterator::next\n\nAdvances the iterator.\n",
    },
    {
      path: "peekable.md",
      text: "---\nkind: struct\n---\n# Peekable\n\nAn iterator adapter of the Iterator trait.\n\n" +
        "Every iterator trait method.\n",
    },
    ...Array.from({ length: 450 }, (_, n) => ({
      path: `page${n}.md`,
      text: `# Page ${n}\n\nThis page walks an iterator over ${"words ".repeat(n % 40)}items.\n`,
    })),
  ];
  const store = createContentStore(await manifestOf([{ name: "docs", description: "", files }]));
  const index = buildIndexFor(store);
  const plan = index.plan("trait Iterator");
  const { hits, tail } = index.rank(plan, { weights, limit: 100 });
  assert.equal(index.ids.at(hits[0]!.doc), "docs/peekable");
  assert.ok(tail.size > 0, "no tail");
  const pruned = createSearchEngine(store, index);
  const full = createSearchEngine(store, untailed(index));
  for (const minRelative of [0.1, 0]) {
    const answer = async (engine: typeof full) => {
      const { hits, total } = await engine.query("trait Iterator", {
        weights,
        limit: 3,
        minRelative,
      });
      return { total, hits: hits.map((h) => [h.doc.path, h.score, h.partial, h.section]) };
    };
    const got = await answer(pruned);
    assert.deepEqual(got.hits.slice(0, 2).map((h) => h[0]), ["iterator", "peekable"]);
    assert.equal(got.hits.length, minRelative ? 2 : 3);
    // Every match counts without the cut, the tail's too.
    assert.equal(got.total, minRelative ? 2 : files.length);
    assert.deepEqual(got, await answer(full));
  }
});
