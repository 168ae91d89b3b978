import assert from "node:assert/strict";
import {
  evalQuestions,
  interleave,
  titleQuestions,
} from "../../../scripts/bench/bench_questions.ts";

Deno.test("the evaluation's questions are read from its fixtures, in order", async () => {
  const questions = await evalQuestions("cppreference");
  assert.ok(questions.length >= 40);
  assert.equal(questions[0], "std::vector");
  await assert.rejects(() => evalQuestions("no-such-corpus"), Deno.errors.NotFound);
});

Deno.test("interleave takes from each list in turn and drops repeats", () => {
  assert.deepEqual(interleave([]), []);
  assert.deepEqual(interleave([["a", "b"], [], ["c", "d", "e"]]), ["a", "c", "b", "d", "e"]);
  assert.deepEqual(interleave([["a", "a"], ["a"]]), ["a"]);
});

const llms = [
  "# shelf",
  "",
  "> about [not a title](/x.md)",
  "",
  ...Array.from({ length: 100 }, (_, i) => `- [Page ${i}](/_shelf/md/docs/p${i}.md): text ${i}`),
  "- [Page 3](/_shelf/md/docs/again.md)",
  "- [  ](/_shelf/md/docs/blank.md)",
].join("\n");

Deno.test("titles are spread over the whole llms.txt", () => {
  assert.deepEqual(titleQuestions(llms, 4, []), ["Page 0", "Page 25", "Page 50", "Page 75"]);
  assert.equal(titleQuestions(llms, 1_000, []).length, 100);
});

Deno.test("excluded and repeated titles are left out; blank ones too", () => {
  const titles = titleQuestions(llms, 1_000, ["Page 1", "Page 2"]);
  assert.equal(titles.length, 98);
  assert.ok(!titles.includes("Page 1") && !titles.includes(""));
  assert.equal(titles.filter((t) => t === "Page 3").length, 1);
});
