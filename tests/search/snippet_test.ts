import assert from "node:assert/strict";
import fc from "fast-check";
import { bestWindow, escapeHtml, flatten, snippet } from "../../src/search/snippet.ts";
import { occurrences, positionsOf } from "../../src/search/word_positions.ts";
import { termOf } from "../../src/search/analyzer.ts";

const groups = (...pairs: [string, string][]) => new Map(pairs);

Deno.test("snippet: the window with the most distinct query terms wins over more hits of one", () => {
  const text = "cache cache cache cache. " + "filler words here. ".repeat(30) +
    "The edge cache keeps the manifest warm. " + "more filler. ".repeat(30);
  const s = snippet(text, groups(["cach", "cach"], ["manifest", "manifest"]), { width: 80 });
  assert.match(s, /edge cache keeps the manifest/);
  assert.ok(s.startsWith("…") && s.endsWith("…"));
  assert.ok(s.length <= 84, `${s.length}`);
});

Deno.test("snippet: fuzzy variants and stems count; the text is shown as written", () => {
  const text = "# Title\n\n" + "x ".repeat(200) +
    "**Deploying** to [Netlify](https://n.dev)\n\n  works.";
  const s = snippet(text, groups(["deploi", "deploi"], ["netlifi", "netlifi"]), { width: 80 });
  assert.match(s, /\*\*Deploying\*\* to \[Netlify\]\(https:\/\/n\.dev\) works\./);
});

Deno.test("snippet: identifiers keep every character (only whitespace is collapsed)", () => {
  const cases: [string, string][] = [
    ["Edit `pg_hba.conf` to allow local connections.", "hba"],
    ["void *malloc(size_t size);\n\tallocates memory", "malloc"],
    ["Run `deno task build --site-url https://x`", "site"],
    ["__init__.py and snake_case_names", "init"],
  ];
  for (const [text, term] of cases) {
    assert.equal(snippet(text, groups([term, term])), text.replace(/\s+/g, " "));
  }
});

Deno.test("snippet: cached word positions give the same window as analyzing the text", async () => {
  const { positionsOf } = await import("../../src/search/word_positions.ts");
  const text = "alpha beta. ".repeat(40) + "Gamma deploys delta quickly. " + "beta ".repeat(40);
  const g = groups(["gamma", "gamma"], ["deploi", "deploi"], ["beta", "beta"]);
  assert.equal(
    snippet(text, g, { words: positionsOf(text), width: 70 }),
    snippet(text, g, { width: 70 }),
  );
  assert.match(snippet(text, g, { width: 70 }), /Gamma deploys delta/);
});

Deno.test("snippet: terms mayHold rules out are not looked for", () => {
  const text = "alpha beta. ".repeat(40) + "Gamma deploys delta quickly. " + "beta ".repeat(40);
  const g = groups(["gamma", "gamma"], ["deploi", "deploi"], ["zzz", "zzz"]);
  const all = snippet(text, g, { width: 70 });
  assert.match(all, /Gamma deploys delta/);
  // Ruling out a term the text lacks changes nothing; ruling out the ones it has loses them.
  // Positions in the map's order: gamma 0, deploi 1, zzz 2.
  assert.equal(snippet(text, g, { width: 70, mayHold: (p) => p !== 2 }), all);
  assert.equal(
    snippet(text, g, { width: 70, mayHold: (p) => p === 2 }),
    snippet(text, new Map(), { width: 70 }),
  );
});

Deno.test("snippet: no match gives the beginning; short text is whole", () => {
  assert.equal(snippet("Short text.", groups(["zzz", "zzz"])), "Short text.");
  const long = "word ".repeat(100);
  const s = snippet(long, new Map(), { width: 50 });
  assert.ok(s.endsWith("…") && !s.startsWith("…"));
});

Deno.test("snippet: HTML output is escaped, text output is not", () => {
  const text = "Use <b>bold</b> & friends";
  assert.equal(snippet(text, groups(["bold", "bold"])), "Use <b>bold</b> & friends");
  assert.equal(
    snippet(text, groups(["bold", "bold"]), { html: true }),
    "Use &lt;b&gt;bold&lt;/b&gt; &amp; friends",
  );
  assert.equal(escapeHtml('"'), "&quot;");
});

Deno.test("snippet: a word repeated 200,000 times is found without exhausting the stack", () => {
  const text = "spam ".repeat(200_000) + "the end";
  assert.match(snippet(text, groups(["spam", "spam"]), { width: 40 }), /^spam spam/);
});

/**
 * The window `bestWindow` must choose, found the plain way: every matching word collected and
 * sorted, then every run of them within `width` compared (most distinct query terms, then most
 * matches, the first such one). Returns the matches' offsets.
 */
function referenceMatches(text: string, groups: Map<string, string>, width: number): number[] {
  const words = positionsOf(text);
  const found: { start: number; end: number; group: string }[] = [];
  for (const [term, group] of groups) {
    const list = occurrences(words, term);
    for (let i = 0; i < list.length; i += 2) {
      found.push({ start: list[i]!, end: list[i + 1]!, group });
    }
  }
  found.sort((a, b) => a.start - b.start);
  let best: number[] = [];
  let bestDistinct = 0;
  for (let right = 0; right < found.length; right++) {
    let left = 0;
    while (found[right]!.end - found[left]!.start > width) left++;
    const run = found.slice(left, right + 1);
    const distinct = new Set(run.map((w) => w.group)).size;
    if (distinct > bestDistinct || (distinct === bestDistinct && run.length > best.length)) {
      bestDistinct = distinct;
      best = run.map((w) => w.start);
    }
  }
  return best;
}

Deno.test("bestWindow: the window a plain sort-and-compare finds, with many terms and matches", () => {
  // 48 words whose terms differ, so that queries hold more terms (and query terms) than the
  // snippet's scratch lists start with, and texts hold more matches than they start with.
  const vocabulary = [
    "alpha",
    "bridge",
    "cache",
    "deploy",
    "engine",
    "filter",
    "gateway",
    "header",
    "index",
    "journal",
    "kernel",
    "ledger",
    "mirror",
    "network",
    "origin",
    "packet",
    "query",
    "router",
    "socket",
    "token",
    "update",
    "vector",
    "worker",
    "yield",
    "zone",
    "archive",
    "buffer",
    "cluster",
    "daemon",
    "export",
    "format",
    "graph",
    "handler",
    "import",
    "joiner",
    "keystore",
    "lambda",
    "module",
    "node",
    "object",
    "parser",
    "quota",
    "record",
    "schema",
    "tunnel",
    "upload",
    "volume",
    "widget",
  ];
  const terms = vocabulary.map(termOf);
  assert.equal(new Set(terms).size, vocabulary.length);
  fc.assert(
    fc.property(
      fc.array(fc.nat(vocabulary.length + 5), { minLength: 1, maxLength: 900, size: "max" }),
      fc.uniqueArray(fc.nat(vocabulary.length - 1), { minLength: 1, maxLength: 48, size: "max" }),
      fc.constantFrom(1, 2, 5, 48),
      fc.constantFrom(20, 60, 200),
      (picks, queried, groupCount, width) => {
        // Past the vocabulary: filler words and line breaks.
        const text = picks.map((k) => vocabulary[k] ?? (k % 2 ? "x" : "\n")).join(" ");
        const groups = new Map(queried.map((k) => [terms[k]!, `g${k % groupCount}`]));
        const window = bestWindow(text, groups, { width });
        const expected = referenceMatches(text, groups, width);
        assert.deepEqual(window.matchOffsets, expected);
        assert.equal(window.matches, expected.length);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("flatten: exactly the regular expression's collapse, on any text", () => {
  const spaces = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a"]
    .concat(["\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u200b", "\u0085"]);
  const piece = fc.oneof(fc.constantFrom(...spaces), fc.string({ unit: "binary", maxLength: 4 }));
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const s = pieces.join("");
      assert.equal(flatten(s), s.replace(/\s+/g, " ").trim());
    }),
    { numRuns: 2000 },
  );
});

Deno.test("flatten: a range between marks is the collapse of that slice, however long", () => {
  const spaces = [" ", "\n", "\u00a0", "\u2028", "\ufeff"];
  const piece = fc.oneof(fc.constantFrom(...spaces), fc.string({ unit: "binary", maxLength: 4 }));
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 40 }),
      fc.nat(),
      fc.nat(),
      fc.constantFrom("", "…", "<<"),
      fc.constantFrom("", "…", ">>"),
      (pieces, a, b, head, tail) => {
        const s = pieces.join("");
        const from = s.length === 0 ? 0 : a % (s.length + 1);
        const to = from + (s.length === 0 ? 0 : b % (s.length - from + 1));
        const expected = head + s.slice(from, to).replace(/\s+/g, " ").trim() + tail;
        assert.equal(flatten(s, from, to, head, tail), expected);
      },
    ),
    { numRuns: 2000 },
  );
  // A long range with a run to collapse every few characters: 10,000 joins.
  const long = "word \n ".repeat(5000);
  assert.equal(flatten(long, 1, long.length, "…"), "…" + long.slice(1).replace(/\s+/g, " ").trim());
});
