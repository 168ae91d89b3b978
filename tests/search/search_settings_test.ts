import assert from "node:assert/strict";
import { weightsKeyOf } from "../../src/search/index_fields.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../../src/search/search_settings.ts";

Deno.test("acdcWeights: one frozen object per settings object, so that its key is made once", () => {
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  assert.ok(Object.isFrozen(weights));
  assert.equal(acdcWeights(DEFAULT_SEARCH_SETTINGS), weights);
  // Other settings, the same boosts: equal weights, an object of their own.
  const other = { ...DEFAULT_SEARCH_SETTINGS, boosts: { ...DEFAULT_SEARCH_SETTINGS.boosts } };
  assert.notEqual(acdcWeights(other), weights);
  assert.deepEqual(acdcWeights(other), weights);
  assert.equal(weightsKeyOf(acdcWeights(other)), weightsKeyOf(weights));
});

Deno.test("weightsKeyOf: weights that may change are keyed as they are when asked", () => {
  const weights = { name: 2, keywords: 3, description: 1, content: 1 };
  assert.equal(weightsKeyOf(weights), "2,3,1,1,1,1");
  weights.description = 1.5;
  assert.equal(weightsKeyOf(weights), "2,3,1.5,1,1,1");
});
