import assert from "node:assert/strict";
import fc from "fast-check";
import { createLineSplitter, type LinePiece } from "../../src/transport/line_splitter.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

/** The pieces of `input` fed in the given cut points. */
function split(input: Uint8Array, cuts: number[], max: number): LinePiece[] {
  const lines = createLineSplitter(max);
  const out: LinePiece[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    out.push(...lines.push(input.subarray(from, cut)));
    from = cut;
  }
  out.push(...lines.push(input.subarray(from)), ...lines.end());
  return out;
}

Deno.test("line splitter: the pieces do not depend on how the input is cut", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("\n", "\r\n", "é", "ø€")), {
        maxLength: 30,
      }),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.integer({ min: 1, max: 16 }),
      (words, rawCuts, max) => {
        const input = bytes(words.join(""));
        const whole = split(input, [], max);
        const cuts = rawCuts.map((c) => c % (input.byteLength + 1));
        assert.deepEqual(split(input, cuts, max), whole);
        // Every line kept is at most `max` bytes, and lines past it are reported, not served.
        for (const piece of whole) {
          if (piece.kind === "line") assert.ok(bytes(piece.line).byteLength <= max);
        }
        // The model: split on "\n"; a raw line (its "\r" counted) past `max` bytes is one
        // report, any other a line without its "\r".
        const raw = words.join("").split("\n");
        if (raw.at(-1) === "") raw.pop();
        assert.deepEqual(
          whole,
          raw.map((line): LinePiece =>
            bytes(line).byteLength > max
              ? { kind: "too-long" }
              : { kind: "line", line: line.replace(/\r$/, "") }
          ),
        );
      },
    ),
    { numRuns: 2000, seed: 7 },
  );
});

Deno.test("line splitter: a line past the cap is one report, its rest never a line", () => {
  const lines = createLineSplitter(4);
  assert.deepEqual(lines.push(bytes("abcdef")), [{ kind: "too-long" }]);
  assert.deepEqual(lines.push(bytes('{"x":1}')), []);
  assert.deepEqual(lines.push(bytes("ghij")), []);
  assert.deepEqual(lines.push(bytes("\nok\n")), [{ kind: "line", line: "ok" }]);
  // Long in one chunk with its newline: one report, and the next line is served.
  assert.deepEqual(lines.push(bytes("abcdefgh\nab\n")), [{ kind: "too-long" }, {
    kind: "line",
    line: "ab",
  }]);
  // The cap counts bytes, not characters: two 3-byte characters do not fit in 4.
  assert.deepEqual(lines.push(bytes("€€\n€\n")), [{ kind: "too-long" }, {
    kind: "line",
    line: "€",
  }]);
  assert.deepEqual(lines.push(bytes("abcdefgh")), [{ kind: "too-long" }]);
  assert.deepEqual(lines.end(), [], "a cut line at end of input is not served");
});
