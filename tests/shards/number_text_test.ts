import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeNumbers, encodeNumbers } from "../../src/shards/number_text.ts";

const widest = fc.integer({ min: 0, max: 0xffff_ffff });

Deno.test("number text: any list of integers from 0 to 2^32 - 1 comes back, in text JSON needs no escape for", () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.nat(255), fc.nat(65_535), widest)), (values) => {
      const text = encodeNumbers(values);
      assert.deepEqual([...decodeNumbers(text)], values);
      assert.equal(JSON.stringify(text), `"${text}"`);
    }),
  );
});

Deno.test("number text: each number takes the bytes of the largest, a third more in characters", () => {
  assert.equal(encodeNumbers(new Array(300).fill(255)).length, 1 + 400);
  assert.equal(encodeNumbers([...new Array(299).fill(0), 256]).length, 1 + 800);
  assert.equal(encodeNumbers([...new Array(299).fill(0), 65_536]).length, 1 + 1600);
  // Under half of a JSON array's digits and commas for numbers under 256.
  const small = Array.from({ length: 1000 }, (_, n) => (n * 7919) % 256);
  assert.ok(encodeNumbers(small).length < JSON.stringify(small).length / 2);
});

Deno.test("number text: a negative, fractional or too large number is refused; damaged text throws", () => {
  for (const bad of [-1, 0.5, 2 ** 32, NaN]) {
    assert.throws(() => encodeNumbers([bad]), RangeError, String(bad));
  }
  assert.throws(() => decodeNumbers(""), /no width/);
  assert.throws(() => decodeNumbers("AAAA"), /no width/);
  assert.throws(() => decodeNumbers("1AA\u00e9"), /not base64url/);
  // White space, which the runtime's decoder skips, and padding are no base64url of ours.
  for (const text of ["1AAAA ", "1AA AA", "1 AA", "1AA==", "1AAA+", "1A"]) {
    assert.throws(() => decodeNumbers(text), /not base64url/, JSON.stringify(text));
  }
  assert.throws(() => decodeNumbers("4AAA"), /cut short/);
});

Deno.test("number text: read the same where the runtime has no Uint8Array.fromBase64 (atob instead)", async () => {
  const typed = Uint8Array as unknown as { fromBase64?: unknown };
  const saved = typed.fromBase64;
  delete typed.fromBase64;
  try {
    // A second instance of the module, made while the runtime lacks it.
    const without = await import("../../src/shards/number_text.ts?without-fromBase64");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(255), fc.nat(65_535), widest)), (values) => {
        assert.deepEqual([...without.decodeNumbers(encodeNumbers(values))], values);
      }),
    );
    assert.throws(() => without.decodeNumbers("1A!"), /not base64url/);
  } finally {
    typed.fromBase64 = saved;
  }
});
