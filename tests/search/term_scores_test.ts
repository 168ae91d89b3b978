import assert from "node:assert/strict";
import { encodePostings } from "../../src/search/postings.ts";
import {
  CONTENT_DOCS_BYTES,
  createTermScores,
  decodedBound,
  NORMS_BYTES,
  SCORES_BYTES,
  type StatsScope,
} from "../../src/search/term_scores.ts";

const WEIGHTS = { name: 3, keywords: 2, description: 1, content: 1 };

/** An index of `total` documents and `terms` terms: term t is in the names of documents t, t+terms… and the content of all. */
function index(
  total: number,
  terms: number,
  maxBytes?: Parameters<typeof createTermScores>[0]["maxBytes"],
) {
  const postings = Array.from({ length: terms }, (_, t) => {
    const named: number[] = [];
    for (let n = t; n < total; n += terms) named.push(n, 1 + (n % 3));
    const content: number[] = [];
    for (let n = 0; n < total; n += 1 + t % 5) content.push(n, 1 + (n % 4));
    return encodePostings([named, [], [], content, [], []]);
  });
  const lengths = {
    name: Array.from({ length: total }, (_, n) => 1 + n % 4),
    keywords: new Array(total).fill(0),
    description: new Array(total).fill(0),
    content: Array.from({ length: total }, (_, n) => 10 + n % 50),
    links: new Array(total).fill(0),
    headings: new Array(total).fill(0),
  };
  return createTermScores({
    total,
    lengths,
    find: (term) => (term.startsWith("t") ? Number(term.slice(1)) : -1),
    postingsOf: (i) => postings[i]!,
    ...(maxBytes ? { maxBytes } : {}),
  });
}

const plain = (s: ReturnType<ReturnType<typeof index>["scoresOf"]>) =>
  s && { docs: [...s.docs], sums: [...s.sums], head: [...s.head] };

Deno.test("term scores: the scores and content documents kept stay within their byte bounds, and a term asked again after they start over scores the same", () => {
  const maxBytes = { scores: 60_000, contentDocs: 20_000 };
  const scorer = index(2_000, 40, maxBytes);
  const first = new Map<string, unknown>();
  for (let round = 0; round < 2; round++) {
    for (let t = 0; t < 40; t++) {
      const term = `t${t}`;
      const scores = plain(scorer.scoresOf(term, WEIGHTS, "w"));
      const docs = [...scorer.contentDocsOf(term)];
      if (round === 0) first.set(term, { scores, docs });
      else assert.deepEqual({ scores, docs }, first.get(term), term);
      const held = scorer.held();
      assert.ok(held.scores > 0 && held.scores <= maxBytes.scores, `scores ${held.scores}`);
      assert.ok(held.contentDocs > 0 && held.contentDocs <= maxBytes.contentDocs);
    }
  }
  // The same scores as a scorer bounded by the defaults (which keeps them all here).
  const roomy = index(2_000, 40);
  for (let t = 0; t < 40; t++) {
    assert.deepEqual(
      plain(roomy.scoresOf(`t${t}`, WEIGHTS, "w")),
      first.get(`t${t}`) && (first.get(`t${t}`) as { scores: unknown }).scores,
    );
  }
  assert.ok(roomy.held().scores <= SCORES_BYTES && roomy.held().contentDocs <= CONTENT_DOCS_BYTES);
});

Deno.test("term scores: length norms of many scopes stay within their byte bound, and scores under a scope whose norms were dropped are the same", () => {
  const total = 1_000;
  // Two fields' tables of 8,000 bytes each per scope: three of them fit.
  const scorer = index(total, 10, { norms: 3 * 8 * total });
  const scope = (k: number): StatsScope => ({
    key: `s${k}`,
    has: (n) => n % 4 === k % 4,
    size: total / 4,
  });
  const first: unknown[] = [];
  for (let round = 0; round < 2; round++) {
    for (let k = 0; k < 8; k++) {
      const s = plain(scorer.scoresOf("t3", WEIGHTS, "w", scope(k)));
      if (round === 0) first.push(s);
      else assert.deepEqual(s, first[k]);
      assert.ok(scorer.held().norms <= 3 * 8 * total, `norms ${scorer.held().norms}`);
    }
  }
  assert.ok(NORMS_BYTES >= 8 * 2 * 89_538, "one scope of the reference shelf's documents fits");
});

Deno.test("term scores: past the norms' bound the tables kept stay, and the rest are computed at each posting", () => {
  const total = 1_000;
  // Tables of 8,000 bytes: three fit.
  const scorer = index(total, 10, { norms: 3 * 8 * total });
  const scope = (k: number): StatsScope => ({ key: `s${k}`, has: () => true, size: total });
  const kept = () => scorer.held().norms;
  const first = [0, 1, 2, 3].map((k) => plain(scorer.scoresOf("t3", WEIGHTS, "w", scope(k))));
  const full = kept();
  assert.ok(full > 0 && full <= 3 * 8 * total, `norms ${full}`);
  // Scopes asked in turn, as a search of pages then of their parts asks them, keep what they
  // kept: no table is dropped and made again.
  for (let round = 0; round < 3; round++) {
    for (let k = 0; k < 4; k++) {
      assert.deepEqual(
        plain(scorer.scoresOf(`t${3 + round + 1}`, WEIGHTS, "w", scope(k))) !== undefined,
        true,
      );
      assert.equal(kept(), full);
    }
  }
  // And the scores are those of a scorer that kept every table.
  const roomy = index(total, 10);
  assert.deepEqual(
    [0, 1, 2, 3].map((k) => plain(roomy.scoresOf("t3", WEIGHTS, "w", scope(k)))),
    first,
  );
});

Deno.test("term scores: a query's terms, however common, are decoded once for all its reads while they fit its budget; the least recently read go first", () => {
  // 60,000 documents, each term in all of them (960 KB decoded): two fit the bound, three not.
  const total = 60_000;
  const all: number[] = [];
  for (let n = 0; n < total; n++) all.push(n, 1);
  const postings = [0, 1, 2].map(() => encodePostings([[], [], [], all, [], []]));
  const lengths = {
    name: new Array(total).fill(1),
    keywords: new Array(total).fill(0),
    description: new Array(total).fill(0),
    content: new Array(total).fill(10),
    links: new Array(total).fill(0),
    headings: new Array(total).fill(0),
  };
  const decoded: number[] = [];
  const scorer = createTermScores({
    total,
    lengths,
    find: (term) => Number(term.slice(1)),
    postingsOf: (i) => (decoded.push(i), postings[i]!),
    queryDocs: total,
  });
  // As a search reads them: its documents' stats, its titles, its scores, its parts' scores.
  const scope = { key: "parts", has: () => true, size: total };
  for (const term of ["t0", "t1"]) scorer.postingsOf(term);
  for (const term of ["t0", "t1"]) scorer.postingsOf(term);
  for (const term of ["t0", "t1"]) scorer.scoresOf(term, WEIGHTS, "w");
  for (const term of ["t0", "t1"]) scorer.scoresOf(term, WEIGHTS, "w", scope);
  assert.deepEqual(decoded, [0, 1]);
  assert.ok(scorer.held().decoded <= decodedBound(total));
  // A third term goes past the bound: the least recently read (t0) goes.
  scorer.postingsOf("t1");
  scorer.postingsOf("t2");
  scorer.postingsOf("t1");
  scorer.postingsOf("t0");
  assert.deepEqual(decoded, [0, 1, 2, 0]);
  assert.ok(scorer.held().decoded <= decodedBound(total));
});
