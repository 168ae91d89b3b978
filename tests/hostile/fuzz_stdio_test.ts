/**
 * Fuzzing the stdio transport: hundreds of random lines (bytes, JSON, envelopes, batches) into
 * one spawned process. Every answer is one well-formed JSON-RPC line, the process does not
 * exit early, and a final valid request is still answered.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import fc from "fast-check";
import { ROOT } from "../helpers.ts";

Deno.test("fuzz: stdio survives random lines and keeps answering", async () => {
  const lines = [
    ...fc.sample(fc.string({ unit: "binary", maxLength: 80 }), { numRuns: 150, seed: 1 }),
    ...fc.sample(fc.jsonValue().map((v) => JSON.stringify(v)), { numRuns: 150, seed: 2 }),
    ...fc.sample(
      fc.record({
        jsonrpc: fc.constantFrom("2.0", "1.0"),
        id: fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 5 })),
        method: fc.constantFrom(
          "ping",
          "tools/list",
          "tools/call",
          "initialize",
          "server/discover",
          "nope",
          "",
        ),
        params: fc.oneof(
          fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
          fc.constant([1]),
        ),
      }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
      { numRuns: 200, seed: 3 },
    ),
    "[".repeat(10_000),
    JSON.stringify([]),
  ].map((l) => l.replace(/[\r\n]/g, " "));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--transport", "stdio"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(lines.join("\n") + "\n"));
  await writer.write(
    new TextEncoder().encode(
      JSON.stringify({ jsonrpc: "2.0", id: "final", method: "ping" }) + "\n",
    ),
  );
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0);
  const answers = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  const flat = answers.flatMap((a: any) => (Array.isArray(a) ? a : [a]));
  for (const a of flat) {
    assert.equal(a.jsonrpc, "2.0");
    assert.ok(
      "result" in a || (Number.isInteger(a.error?.code) && typeof a.error.message === "string"),
    );
    assert.notEqual(a.error?.code, -32603);
  }
  assert.ok(flat.length > 300, `${flat.length} answers`);
  assert.deepEqual(answers.at(-1), { jsonrpc: "2.0", id: "final", result: {} });
});
