/**
 * Memory bounded by bytes: every memo a request can fill stays within its byte budget, however
 * long and however many the distinct keys, and a server under a small heap survives a stream of
 * searches for distinct 990-letter words (which grew the heap by ~600 MB per 100,000 before the
 * analyzer stopped keeping words past its length cap).
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";
import { createMemo, memoStats, remembered } from "../../src/remembered.ts";
import { stem, termOf, WORD_MAX } from "../../src/search/analyzer.ts";
import { wantsEventStream } from "../../src/transport/http_checks.ts";
import { isLoopback } from "../../src/transport/guards.ts";

const CHILD = `${ROOT}/tests/hostile/children/long_words.ts`;

/** Runs the child under a heap of `heapMb` and returns what it reports. */
async function child(heapMb: number, count: number, length: number) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `--v8-flags=--max-old-space-size=${heapMb},--expose-gc`,
      CHILD,
      `${ROOT}/../shared/corpora/asdlc`,
      String(count),
      String(length),
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, `the child died under a ${heapMb} MB heap:\n${stderr.slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(out.stdout)) as {
    before: number;
    after: number;
    memos: { name: string; entries: number; bytes: number; maxBytes: number }[];
  };
}

function assertWithinBudgets(memos: { name: string; bytes: number; maxBytes: number }[]) {
  assert.ok(memos.length > 0);
  for (const memo of memos) {
    assert.ok(memo.bytes <= memo.maxBytes, `${memo.name}: ${memo.bytes} > ${memo.maxBytes}`);
  }
}

Deno.test("memos: 60,000 searches of distinct 990-letter words under a 128 MB heap", async () => {
  // Before the analyzer's length cap this process died of "JavaScript heap out of memory".
  const report = await child(128, 60_000, 990);
  assertWithinBudgets(report.memos);
  const grown = report.after - report.before;
  assert.ok(grown < 32 * 1024 * 1024, `heap grew ${(grown / 1e6).toFixed(1)} MB`);
});

Deno.test("memos: 40,000 searches of distinct words at the length cap fill memos to their budgets", async () => {
  const report = await child(128, 40_000, WORD_MAX);
  assertWithinBudgets(report.memos);
  const terms = report.memos.find((m) => m.name === "analyzer terms")!;
  assert.ok(terms.entries > 0, "words at the cap are still remembered");
});

Deno.test("memos: each in-process memo stays within its bytes with distinct long keys", () => {
  for (let i = 0; i < 20_000; i++) {
    const word = `${i}`.padEnd(WORD_MAX, "x");
    termOf(word);
    stem(word.slice(0, WORD_MAX - 1));
    termOf("y".repeat(900) + i); // past the cap: analyzed, not kept
    wantsEventStream(`text/${i}`.padEnd(250, "a"));
    isLoopback(`localhost:${i}`.padEnd(290, "0"));
  }
  assertWithinBudgets(memoStats());
  const names = new Set(memoStats().map((m) => m.name));
  for (const name of ["analyzer terms", "analyzer stems", "accept headers", "loopback hosts"]) {
    assert.ok(names.has(name), name);
  }
});

Deno.test("memo: past its bytes it starts over; an entry past a quarter is not kept", () => {
  const memo = createMemo<string, string>({
    name: "test",
    maxEntries: 1_000_000,
    maxBytes: 10_000,
  });
  for (let i = 0; i < 1000; i++) {
    remembered(memo, `key-${i}`.padEnd(100, "k"), (k) => k);
    assert.ok(memo.bytes <= 10_000);
  }
  assert.ok(memo.map.size < 1000 && memo.map.size > 0);
  remembered(memo, "z".repeat(2000), (k) => k);
  assert.ok(!memo.map.has("z".repeat(2000)));
});
