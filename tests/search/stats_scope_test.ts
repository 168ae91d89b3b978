/**
 * A search narrowed to some documents (a source, a category) is scored by their statistics:
 * the same scores as an index of those documents alone.
 */
import assert from "node:assert/strict";
import { buildSearchIndex, type IndexableDocument } from "../../src/search/search_index.ts";

const W = { name: 2, keywords: 3, description: 1.5, content: 1 };
const doc = (id: string, name: string, content: string, inbound = 0): IndexableDocument => ({
  id,
  name,
  keywords: [],
  description: "",
  content,
  inbound,
});
// Source a: "widget" everywhere, long bodies, much linked; source b: "widget" rare, short
// bodies, few links (the static prior is scaled by b's most linked page, not a's).
const a = Array.from(
  { length: 30 },
  (_, i) => doc(`a${i}`, `Widget ${i}`, "widget tooling ".repeat(40 + i), 50),
);
const b = [
  doc("b0", "Deploy", "deploy the widget to production", 1),
  doc("b1", "Rollback", "deploy again, or roll back a deploy", 3),
  doc("b2", "Canary", "a canary deploy of the new build"),
];
const both = buildSearchIndex([...a, ...b], "both");
const alone = buildSearchIndex(b, "b");
const inB = (n: number) => n >= a.length;

for (const query of ["widget", "widget deploy", "deploy", "canary build widget"]) {
  Deno.test(`stats scope: '${query}' narrowed to b scores as b alone`, () => {
    const scoped = both.search(both.plan(query), { weights: W, filter: inB, statsScope: "b" });
    const own = alone.search(alone.plan(query), { weights: W });
    assert.deepEqual(scoped.map((h) => both.ids.at(h.doc)), own.map((h) => alone.ids.at(h.doc)));
    scoped.forEach((h, i) =>
      assert.ok(Math.abs(h.score - own[i]!.score) < 1e-9, both.ids.at(h.doc))
    );
    // Without the scope the whole index's statistics score it: "widget" is common there.
    const global = both.search(both.plan(query), { weights: W, filter: inB });
    if (query === "widget") {
      const w = global.find((h) => both.ids.at(h.doc) === "b0")!.score;
      assert.ok(
        w < scoped.find((h) => both.ids.at(h.doc) === "b0")!.score,
        "widget weighs more within b",
      );
    }
  });
}
