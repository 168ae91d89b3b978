import assert from "node:assert/strict";
import {
  allowsBatches,
  hasStructuredOutput,
  isModernVersion,
  negotiateVersion,
  SUPPORTED_VERSIONS,
} from "../../src/protocol/versions.ts";

Deno.test("negotiateVersion echoes every legacy version and falls back to 2025-11-25", () => {
  for (const v of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
    assert.equal(negotiateVersion(v), v);
  }
  for (const v of ["2026-07-28", "2099-01-01", "", 5, undefined, null]) {
    assert.equal(negotiateVersion(v), "2025-11-25");
  }
});

Deno.test("era features", () => {
  assert.deepEqual(SUPPORTED_VERSIONS, [
    "2026-07-28",
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
    "2024-11-05",
  ]);
  assert.ok(isModernVersion("2026-07-28") && !isModernVersion("2025-11-25"));
  assert.deepEqual(SUPPORTED_VERSIONS.map(hasStructuredOutput), [true, true, true, false, false]);
  assert.deepEqual(SUPPORTED_VERSIONS.map(allowsBatches), [false, false, false, true, true]);
});
