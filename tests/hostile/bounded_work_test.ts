/**
 * Work and memory per request are bounded by rules, checked here by their effects (the CPU
 * numbers themselves are in `deno task bench`): long query words get no typo expansion, a
 * query's typo expansion has a budget, and a batch has a byte budget and a work budget with a
 * clear error for each request it did not run, on every transport.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import fc from "fast-check";
import { createContentStore } from "../../src/content/content_store.ts";
import { dispatchMessage } from "../../src/protocol/dispatch_message.ts";
import { createMcpServer } from "../../src/protocol/mcp_server.ts";
import { MAX_BATCH_RESPONSE_BYTES } from "../../src/protocol/run_batch.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { termOf } from "../../src/search/analyzer.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { FUZZY_BUDGET, FUZZY_MAX_LENGTH } from "../../src/search/search_index.ts";
import { appFor, buildFolder, CORPORA, manifestOf, post } from "../helpers.ts";

const { manifest: asdlc } = await buildFolder(`${CORPORA}/asdlc`);

Deno.test("search plan: no typo expansion past the word length cap or the query budget", async () => {
  // Words that the stemmer leaves alone, each in the dictionary, and each typed with one typo.
  const words = ["qwertzuiopa", "asdfghjklyx", "mnbvcxzlkjh", "poiuytrewqa"];
  for (const w of words) assert.equal(termOf(w), w);
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: words.map((w, i) => ({ path: `d${i}.md`, text: `# Doc ${i}\n\n${w} text.` })),
  }]);
  const index = buildIndexFor(createContentStore(manifest));
  const typos = words.map((w) => w.slice(0, 5) + w.slice(6)); // one deletion each
  const plan = index.plan(typos.join(" "));
  const corrected = typos.map((t, i) => plan.expansions.get(t)?.has(words[i]!) ?? false);
  const fits = Math.floor(FUZZY_BUDGET / typos[0]!.length);
  assert.deepEqual(corrected, typos.map((_, i) => i < fits), `${fits} words fit the budget`);

  const long = "q".repeat(FUZZY_MAX_LENGTH + 1);
  const longIndex = buildIndexFor(createContentStore(
    await manifestOf([{
      name: "docs",
      description: "",
      files: [{ path: "a.md", text: `# A\n\n${long}q text.` }],
    }]),
  ));
  assert.equal(longIndex.plan(long).expansions.get(long)?.has(`${long}q`), true, "prefix still");
  const typo = long.slice(1) + "x";
  assert.equal(longIndex.plan(typo).expansions.get(typo)?.size ?? 0, 0, "no typo expansion");
});

Deno.test("search plan: any query up to 1,000 characters plans at most 32 terms", () => {
  const index = buildIndexFor(createContentStore(asdlc));
  fc.assert(
    fc.property(fc.string({ maxLength: 1000, unit: "grapheme" }), (query) => {
      const plan = index.plan(query);
      assert.ok(plan.terms.length <= 32);
      assert.equal(plan.expansions.size, plan.terms.length);
    }),
    { numRuns: 200, seed: 11 },
  );
});

const legacyBatch = (calls: unknown[]) =>
  calls.map((params, id) => ({ jsonrpc: "2.0", id, method: "tools/call", params }));

Deno.test("HTTP batch: responses stop at the byte budget, each skipped request says so", async () => {
  const big = "# Big\n\n" + "lorem ipsum dolor sit amet ".repeat(14_000); // ~378 KB
  const built = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "big.md", text: big }],
  }]);
  // The largest answer budget (100,000 tokens ≈ 400,000 characters) gives the body whole.
  const manifest = { ...built, settings: { ...built.settings, maxResponseTokens: 100_000 } };
  // Only the byte budget may stop this batch, however slow the machine.
  const { app } = appFor(manifest, { batch: { maxWorkMs: 60_000 } });
  const batch = Array.from({ length: 20 }, (_, id) => ({
    jsonrpc: "2.0",
    id,
    method: "resources/read",
    params: { uri: "acdc://docs/big.md" },
  }));
  const res = await post(app, batch, {
    "content-type": "application/json",
    "mcp-protocol-version": "2025-03-26",
  });
  assert.equal(res.status, 200);
  const body = res.body as any[];
  assert.deepEqual(body.map((r) => r.id), batch.map((m) => m.id), "every request answered");
  assert.ok(JSON.stringify(body).length <= MAX_BATCH_RESPONSE_BYTES + 10_000);
  const answered = body.filter((r) => r.result).length;
  const first: string = body[0].result.contents[0].text;
  assert.ok(first.length > 370_000 && !first.includes("[Part of a long document"), "whole body");
  assert.equal(answered, Math.floor(MAX_BATCH_RESPONSE_BYTES / (big.length + 100)));
  for (const r of body.slice(answered)) {
    assert.equal(r.error.code, -32600);
    assert.match(r.error.message, /^Batch response size limit reached/);
  }
});

Deno.test("HTTP batch: work stops at the time budget, each skipped request says so", async () => {
  const { app } = appFor(asdlc);
  const word = () => fc.sample(fc.stringMatching(/^[a-z]{24}$/), { numRuns: 40, seed: 5 });
  const batch = legacyBatch(Array.from({ length: 100 }, () => ({
    name: "search",
    arguments: { query: word().join(" ").slice(0, 1000) },
  })));
  const res = await post(app, batch, {
    "content-type": "application/json",
    "mcp-protocol-version": "2025-03-26",
  });
  const body = res.body as any[];
  assert.equal(body.length, 100);
  const skipped = body.filter((r) => r.error);
  assert.ok(skipped.length > 50, `${skipped.length} skipped`);
  assert.match(skipped[0].error.message, /^Batch work limit reached/);
});

Deno.test("stdio and SSE batches: over 100 messages is one -32600 error, never silence", async () => {
  const server = createMcpServer({ stores: createStoreCache({ load: () => asdlc }) });
  const connection = { protocolVersion: "2025-03-26" };
  const pings = Array.from({ length: 101 }, (_, id) => ({ jsonrpc: "2.0", id, method: "ping" }));
  const reply = await dispatchMessage(server, pings, connection) as any;
  assert.equal(reply.error.code, -32600);
  assert.match(reply.error.message, /more than 100 messages/);
  const ok = await dispatchMessage(server, pings.slice(0, 100), connection) as any[];
  assert.equal(ok.length, 100);
});
