import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeHtml, flatten, snippet } from "../../src/search/snippet.ts";

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
  assert.equal(snippet(text, g, { width: 70, mayHold: (t) => t !== "zzz" }), all);
  assert.equal(
    snippet(text, g, { width: 70, mayHold: (t) => t === "zzz" }),
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
