/**
 * What a sharded search reads of the postings before its plan: runs of completions when few
 * chunks hold them, else the word's own range; abbreviations' ranges; heavy terms, a bounded
 * number a search; each span once.
 */
import assert from "node:assert/strict";
import { AHEAD_SPANS, HEAVY_CHUNKS, readPostingsAhead } from "../../src/search/postings_ahead.ts";

/** A query of `terms`, all words. */
const words = (terms: string[]) => ({ terms, words: terms.length });

/**
 * Ranges of `per` terms each, starting with `firsts`; a chunk a term, so a read of positions is
 * refused past `most` terms.
 */
function fixture(firsts: string[], per = 2) {
  const ranges = {
    size: per * firsts.length,
    starts: firsts.map((_, r) => per * r),
    firsts,
    range: () => undefined,
  };
  const reads: string[] = [];
  const read = (from: number, to: number, most: number) => {
    if (to - from > most) return undefined;
    reads.push(`${from}-${to}`);
    return Promise.resolve();
  };
  return { ranges, reads, read };
}

Deno.test("postings ahead: a word's run of ranges when few chunks hold it, else its own range", () => {
  // "vec" runs over three ranges: in three chunks, read; in six, its own range is.
  const few = fixture(["alpha", "vec", "vect", "vecz", "zeta"], 1);
  readPostingsAhead(few.ranges, few.read, words(["vec", "zeta"]), undefined);
  assert.deepEqual(few.reads, ["1-4", "4-5"]);
  const many = fixture(["alpha", "vec", "vect", "vecz", "zeta"], 2);
  readPostingsAhead(many.ranges, many.read, words(["vec", "zeta", "ve"]), undefined);
  // "ve" is too short to complete: its own range ("alpha"'s), not its run.
  assert.deepEqual(many.reads, ["2-4", "8-10", "0-2"]);
});

Deno.test("postings ahead: abbreviations' ranges, each span once, and a failed read is let go", async () => {
  const { ranges, reads } = fixture(["alpha", "hash", "hashmap", "zeta"]);
  let failed = 0;
  const read = (from: number, to: number, most: number) => {
    if (to - from > most) return undefined;
    reads.push(`${from}-${to}`);
    failed++;
    return Promise.reject(new Error("offline"));
  };
  readPostingsAhead(ranges, read, words(["hashmap", "hashmap"]), undefined);
  // "hashmap"'s own range, then its abbreviation "hash"'s (its run of one range is its own).
  assert.deepEqual(reads, ["4-6", "2-4"]);
  await new Promise((resolve) => setTimeout(resolve, 0)); // no unhandled rejection
  assert.equal(failed, 2);
});

Deno.test("postings ahead: at most HEAVY_CHUNKS heavy terms' chunks a search", () => {
  const words = Array.from({ length: 10 }, (_, k) => `common${k}`);
  const { ranges, reads, read } = fixture(["a", ...words]);
  const heavy = { terms: words, positions: words.map((_, k) => 2 * (k + 1)) };
  readPostingsAhead(ranges, read, { terms: words, words: words.length }, heavy);
  const single = reads.filter((span) => {
    const [from, to] = span.split("-").map(Number);
    return to! - from! === 1;
  });
  assert.equal(single.length, HEAVY_CHUNKS);
  assert.deepEqual(
    single,
    words.slice(0, HEAVY_CHUNKS).map((_, k) => `${2 * (k + 1)}-${2 * (k + 1) + 1}`),
  );
});

Deno.test("postings ahead: an identifier typed whole reads its own range and its own heavy term", () => {
  const { ranges, reads, read } = fixture(["alpha", "vec", "vect", "zeta"], 1);
  const heavy = { terms: ["vec", "vect"], positions: [1, 2] };
  // As a word, "vec" reads its run and its completion "vect"; as an identifier, neither.
  readPostingsAhead(ranges, read, { terms: ["vec"], words: 1 }, heavy);
  assert.deepEqual(reads, ["1-3", "1-2", "2-3"]);
  reads.length = 0;
  readPostingsAhead(ranges, read, { terms: ["zeta", "vec"], words: 1 }, heavy);
  assert.deepEqual(reads, ["3-4", "1-2"]);
});

Deno.test("postings ahead: at most AHEAD_SPANS spans a search, whatever the question", () => {
  const firsts = Array.from({ length: 200 }, (_, k) => `w${String(k).padStart(3, "0")}`);
  const { ranges, reads, read } = fixture(firsts, 1);
  readPostingsAhead(ranges, read, words(firsts.slice(0, 100)), undefined);
  assert.equal(reads.length, AHEAD_SPANS);
});
