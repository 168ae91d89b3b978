import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeNumbers, encodeNumbers } from "../../src/shards/number_text.ts";

Deno.test("number text: any list of non-negative safe integers comes back, in ASCII JSON needs no escape for", () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.nat(40), fc.nat(), fc.maxSafeNat())), (values) => {
      const text = encodeNumbers(values);
      assert.deepEqual(decodeNumbers(text), values);
      assert.equal(JSON.stringify(text), `"${text}"`);
    }),
  );
});

Deno.test("number text: shorter than a JSON array's digits and commas for small numbers", () => {
  // A number under 32 is one character, under 1,024 two, under 32,768 three.
  assert.equal(encodeNumbers([31]).length, 1);
  assert.equal(encodeNumbers([32, 1023]).length, 4);
  assert.equal(encodeNumbers([1024, 32767]).length, 6);
  const lengths = Array.from({ length: 1000 }, (_, n) => (n * 7919) % 1000);
  assert.ok(encodeNumbers(lengths).length < 0.6 * JSON.stringify(lengths).length);
});

Deno.test("number text: a negative, fractional or unsafe number is refused; damaged text throws", () => {
  for (const bad of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1, NaN]) {
    assert.throws(() => encodeNumbers([bad]), RangeError, String(bad));
  }
  assert.throws(() => decodeNumbers("AB\u00e9"), SyntaxError);
  assert.throws(() => decodeNumbers("Ag"), /cut short/);
});
