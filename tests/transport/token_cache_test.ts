/**
 * The verified-token cache on its own: what it hands back, for how long, and what it holds.
 * The verifier's use of it (re-verification counted, rotation, refusals) is in `oauth_test.ts`.
 */
import assert from "node:assert/strict";
import { createTokenCache, tokenHash } from "../../src/transport/token_cache.ts";

const AUD = "https://kb.example/mcp";
const T0 = 1_800_000_000_000;
const grant = (...scopes: string[]) => ({ ok: true as const, scopes });
const claims = (exp: number, extra: { nbf?: number; generation?: number } = {}) => ({
  audience: AUD,
  exp,
  nbf: extra.nbf,
  generation: extra.generation ?? 0,
});

Deno.test("token cache: a token is trusted until exp plus the skew, and no longer", () => {
  const cache = createTokenCache({ clockSkewSeconds: 5, ttlMs: 3_600_000 });
  const granted = grant("docs:read");
  cache.put("tok", claims(T0 / 1000 + 30), granted, T0);
  assert.equal(cache.get("tok", AUD, T0 + 34_999), granted);
  assert.equal(cache.get("tok", AUD, T0 + 35_000), undefined);
  assert.equal(cache.memo.map.size, 0, "the expired entry is dropped");
});

Deno.test("token cache: a token is trusted for the TTL at most, however late its exp", () => {
  const cache = createTokenCache({ clockSkewSeconds: 5, ttlMs: 60_000 });
  const granted = grant("docs:read");
  cache.put("tok", claims(T0 / 1000 + 86_400), granted, T0);
  assert.equal(cache.get("tok", AUD, T0 + 59_999), granted);
  assert.equal(cache.get("tok", AUD, T0 + 60_000), undefined);
});

Deno.test("token cache: not before nbf less the skew (a clock set back)", () => {
  const cache = createTokenCache({ clockSkewSeconds: 5, ttlMs: 60_000 });
  const granted = grant();
  cache.put("tok", claims(T0 / 1000 + 300, { nbf: T0 / 1000 }), granted, T0);
  assert.equal(cache.get("tok", AUD, T0 - 5_000), granted);
  assert.equal(cache.get("tok", AUD, T0 - 5_001), undefined);
});

Deno.test("token cache: a token is found only whole, for the audience it was verified for", () => {
  const cache = createTokenCache({ clockSkewSeconds: 0 });
  // Two tokens with the same 32-bit key: neither is taken for the other.
  const [a, b] = ["eyJhbGciOiJFUzI1NiJ9.32vu.sig", "eyJhbGciOiJFUzI1NiJ9.auea.sig"] as const;
  assert.equal(tokenHash(a), tokenHash(b));
  const granted = grant("docs:internal");
  cache.put(a, claims(T0 / 1000 + 300), granted, T0);
  assert.equal(cache.get(b, AUD, T0), undefined);
  assert.equal(cache.get(a, "https://other.example/mcp", T0), undefined);
  assert.equal(cache.get(a, AUD, T0), granted);
});

Deno.test("token cache: bounded in bytes, the least recently used token goes first", () => {
  const token = (i: number) => `${"x".repeat(1000)}.${i}`;
  const probe = createTokenCache({ clockSkewSeconds: 0 });
  probe.put(token(0), claims(T0 / 1000 + 300), grant("docs:read"), T0);
  const entryBytes = probe.memo.bytes;
  assert.ok(entryBytes > 2000, "the token's characters are counted");
  const cache = createTokenCache({ clockSkewSeconds: 0, maxBytes: entryBytes * 4 });
  for (let i = 0; i < 4; i++) cache.put(token(i), claims(T0 / 1000 + 300), grant("docs:read"), T0);
  assert.ok(cache.get(token(0), AUD, T0), "0 used again: 1 is now the oldest");
  cache.put(token(4), claims(T0 / 1000 + 300), grant("docs:read"), T0);
  assert.ok(cache.memo.bytes <= entryBytes * 4);
  assert.equal(cache.get(token(1), AUD, T0), undefined);
  for (const i of [0, 2, 3, 4]) assert.ok(cache.get(token(i), AUD, T0), `token ${i} kept`);
});

Deno.test("token cache: cleared, it forgets; a verification begun before is not put in", () => {
  const cache = createTokenCache({ clockSkewSeconds: 0 });
  cache.put("tok", claims(T0 / 1000 + 300), grant(), T0);
  const before = cache.generation;
  cache.clear();
  assert.equal(cache.get("tok", AUD, T0), undefined);
  cache.put("late", claims(T0 / 1000 + 300, { generation: before }), grant(), T0);
  assert.equal(cache.get("late", AUD, T0), undefined);
  assert.equal(cache.memo.bytes, 0);
});
