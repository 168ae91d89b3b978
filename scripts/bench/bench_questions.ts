/**
 * The questions of `shards_bench.ts`: realistic ones are the evaluation's (`tests/eval/fixtures/`,
 * written by people from reading the pages), and a shelf's page titles (from its published
 * `llms.txt`, a format for agents rather than a layout of Shelf's) make up the rest of a long
 * run of different questions.
 *
 * @module
 */

const FIXTURES = new URL("../../tests/eval/fixtures/", import.meta.url).pathname;

/** The evaluation's questions about corpus `name` (`tests/eval/fixtures/<name>.json`). */
export async function evalQuestions(name: string): Promise<string[]> {
  const fixture = JSON.parse(await Deno.readTextFile(`${FIXTURES}${name}.json`));
  return (fixture.cases as { query: string }[]).map((c) => c.query);
}

/**
 * Takes from each list in turn (the first of each, then the second of each, …), without
 * repeating a question.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { interleave } from "./bench_questions.ts";
 * assert.deepEqual(interleave([["a", "b", "c"], ["x"], ["a", "y"]]), ["a", "x", "b", "y", "c"]);
 * ```
 */
export function interleave(lists: string[][]): string[] {
  const out = new Set<string>();
  for (let i = 0; lists.some((list) => i < list.length); i++) {
    for (const list of lists) if (i < list.length) out.add(list[i]!);
  }
  return [...out];
}

/**
 * `count` page titles of an `llms.txt` (its `- [Title](link)` lines), spread evenly over it,
 * without those in `exclude` and without repeats.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { titleQuestions } from "./bench_questions.ts";
 * const llms = "# shelf\n\n## A\n\n- [Vec](/a.md): x\n- [Box](/b.md)\n- [Vec](/c.md)\n" +
 *   "- [Rc](/d.md): y\n";
 * assert.deepEqual(titleQuestions(llms, 10, ["Box"]), ["Vec", "Rc"]);
 * assert.deepEqual(titleQuestions(llms, 1, []), ["Vec"]);
 * ```
 */
export function titleQuestions(llmsTxt: string, count: number, exclude: string[]): string[] {
  const skip = new Set(exclude);
  const titles = [
    ...new Set(
      [...llmsTxt.matchAll(/^- \[(.+?)\]\(/gm)].map((m) => m[1]!.trim())
        .filter((t) => t && !skip.has(t)),
    ),
  ];
  const step = Math.max(1, titles.length / count);
  const out: string[] = [];
  for (let i = 0; out.length < count && Math.floor(i) < titles.length; i += step) {
    out.push(titles[Math.floor(i)]!);
  }
  return out;
}
