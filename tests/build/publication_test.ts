import assert from "node:assert/strict";
import {
  DEFAULT_STATUSES,
  publicationVerdict,
  sourceUsesStatus,
} from "../../src/build/publication.ts";

const strict = { statuses: DEFAULT_STATUSES, requireStatus: true };
const plain = { statuses: DEFAULT_STATUSES, requireStatus: false };

Deno.test("publicationVerdict: Live and Experimental are exposed, case-insensitively", () => {
  for (const status of ["Live", "live", " LIVE ", "Experimental", "experimental"]) {
    assert.deepEqual(publicationVerdict({ status }, strict), { exposed: true }, status);
  }
});

Deno.test("publicationVerdict: Draft, Proposed, Deprecated and unknown statuses are hidden", () => {
  for (const status of ["Draft", "Proposed", "Deprecated", "Archived", "Standard"]) {
    assert.deepEqual(publicationVerdict({ status }, strict), {
      exposed: false,
      reason: `status ${status}`,
    });
  }
  assert.equal(publicationVerdict({ status: ["Live"] }, strict).exposed, false);
  assert.equal(publicationVerdict({ status: 1 }, plain).exposed, false);
});

Deno.test("publicationVerdict: draft: true always hides", () => {
  assert.deepEqual(publicationVerdict({ draft: true, status: "Live" }, strict), {
    exposed: false,
    reason: "draft: true",
  });
  assert.equal(publicationVerdict({ draft: "true" }, plain).exposed, false);
  assert.equal(publicationVerdict({ draft: false }, plain).exposed, true);
});

Deno.test("publicationVerdict: a missing status fails closed only where statuses are required", () => {
  assert.equal(publicationVerdict({}, plain).exposed, true);
  const v = publicationVerdict({ title: "x" }, strict);
  assert.equal(v.exposed, false);
  assert.match((v as { reason: string }).reason, /counts as Draft/);
});

Deno.test("publicationVerdict: custom statuses", () => {
  const rules = { statuses: ["Published"], requireStatus: true };
  assert.equal(publicationVerdict({ status: "Published" }, rules).exposed, true);
  assert.equal(publicationVerdict({ status: "Live" }, rules).exposed, false);
});

Deno.test("sourceUsesStatus", () => {
  assert.equal(sourceUsesStatus([]), false);
  assert.equal(sourceUsesStatus([{ title: "a" }, { status: null }]), false);
  assert.equal(sourceUsesStatus([{ title: "a" }, { status: "Draft" }]), true);
});
