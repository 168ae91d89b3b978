/**
 * Shelf as an OAuth resource server, against a local issuer (its metadata and key set served on
 * loopback, keys made with `jose`): the 401 that tells a client where to go, the protected-resource
 * metadata, and every token a server must refuse — each case fails if its check is removed.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { generateKeyPair, jwtVerify, SignJWT } from "jose";
import { createTokenVerifier, type JwtVerify } from "../../src/transport/oauth.ts";
import { appFor, manifestOf } from "../helpers.ts";
import { localIssuer as issuer } from "./local_issuer.ts";

const PING = { jsonrpc: "2.0", id: 1, method: "ping" };
const ORIGIN = "http://kb.test";

async function setup(extra: Record<string, unknown> = {}) {
  const as = await issuer();
  const key = await addKey(as, "k1");
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# Alpha\n\nPrivate runbook." }],
  }]);
  const { app, errors } = appFor(manifest, {
    sse: { channel: null },
    // Key sets may be fetched again at once for an unknown key id (30 s apart in production).
    oauth: { keysCooldownMs: 0 },
    auth: {
      type: "oauth",
      issuer: as.url,
      required: true,
      scopes: ["docs:read"],
      algorithms: ["ES256"],
      clockSkewSeconds: 5,
      ...extra,
    } as any,
  });
  const token = (
    claims: Record<string, unknown> = {},
    options: { kid?: string; key?: CryptoKey; exp?: string } = {},
  ) =>
    new SignJWT({ scope: "docs:read", iss: as.url, aud: `${ORIGIN}/mcp`, ...claims })
      .setProtectedHeader({ alg: "ES256", kid: options.kid ?? "k1" })
      .setIssuedAt()
      .setExpirationTime(options.exp ?? "5m")
      .sign(options.key ?? key);
  const post = async (authorization?: string) => {
    const res = await app.request(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(PING),
    });
    const body = await res.json();
    return { status: res.status, challenge: res.headers.get("www-authenticate"), body };
  };
  return { as, app, errors, token, post, key };
}

const addKey = (as: Awaited<ReturnType<typeof issuer>>, kid: string) => as.addKey(kid);

Deno.test("oauth: no token is 401 naming the resource metadata; the metadata is public", async () => {
  const { as, app, post } = await setup();
  try {
    const res = await post();
    assert.equal(res.status, 401);
    assert.equal(
      res.challenge,
      `Bearer resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp", scope="docs:read"`,
    );
    for (
      const path of [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
      ]
    ) {
      const meta = await (await app.request(`${ORIGIN}${path}`)).json();
      assert.deepEqual(meta, {
        resource: `${ORIGIN}/mcp`,
        authorization_servers: [as.url],
        scopes_supported: ["docs:read"],
        bearer_methods_supported: ["header"],
      });
    }
    const card = await (await app.request(`${ORIGIN}/.well-known/mcp`)).json();
    assert.equal(
      card.authentication.resourceMetadata,
      `${ORIGIN}/.well-known/oauth-protected-resource/mcp`,
    );
    for (const path of ["/llms.txt", "/_shelf/md/docs/a.md", "/sse"]) {
      const res = await app.request(`${ORIGIN}${path}`);
      await res.body?.cancel();
      assert.equal(res.status, 401, path);
    }
    const health = await app.request(`${ORIGIN}/health`);
    await health.body?.cancel();
    assert.equal(health.status, 200);
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("oauth: a valid token passes, on the direct path and through the router", async () => {
  const { as, app, errors, token, post } = await setup();
  try {
    const good = `Bearer ${await token()}`;
    const res = await post(good);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { jsonrpc: "2.0", id: 1, result: {} });
    const llms = await app.request(`${ORIGIN}/llms.txt`, { headers: { authorization: good } });
    assert.equal(llms.status, 200);
    assert.match(await llms.text(), /Alpha/);
    assert.deepEqual(errors, []);
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("oauth: tokens a resource server must refuse are refused", async () => {
  const { as, app, token, post, key } = await setup();
  try {
    const stranger = (await generateKeyPair("ES256")).privateKey;
    const unsigned = (claims: Record<string, unknown>) =>
      `${btoa(JSON.stringify({ alg: "none", typ: "JWT" }))}.${btoa(JSON.stringify(claims))}.`
        .replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
    const now = Math.floor(Date.now() / 1000);
    const hmacWithPublicKey = await new SignJWT({ scope: "docs:read" })
      .setProtectedHeader({ alg: "HS256", kid: "k1" })
      .setIssuer(as.url).setAudience(`${ORIGIN}/mcp`).setExpirationTime("5m")
      .sign(new TextEncoder().encode(JSON.stringify(as.keys[0])));
    // A key the issuer does publish, of an algorithm this server does not accept (ES256 only).
    const rsa = await as.addKey("rsa", "RS256");
    const rs256 = await new SignJWT({ scope: "docs:read" })
      .setProtectedHeader({ alg: "RS256", kid: "rsa" })
      .setIssuer(as.url).setAudience(`${ORIGIN}/mcp`).setExpirationTime("5m")
      .sign(rsa);
    const forever = await new SignJWT({ scope: "docs:read" })
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer(as.url).setAudience(`${ORIGIN}/mcp`)
      .sign(key);
    const cases: [string, string][] = [
      ["an algorithm not accepted", rs256],
      ["no expiry", forever],
      ["expired", await token({}, { exp: now - 60 as unknown as string })],
      ["another audience", await token({ aud: "https://other.example/mcp" })],
      ["another issuer", await token({ iss: "https://evil.example" })],
      [
        "alg none",
        unsigned({ iss: as.url, aud: `${ORIGIN}/mcp`, exp: now + 300, scope: "docs:read" }),
      ],
      ["HMAC with the public key", hmacWithPublicKey],
      ["a key the issuer does not have", await token({}, { kid: "k1", key: stranger })],
      ["an unknown key id", await token({}, { kid: "k9", key: stranger })],
      ["garbage", "not.a.token"],
    ];
    for (const [name, t] of cases) {
      const res = await post(`Bearer ${t}`);
      assert.equal(res.status, 401, name);
      assert.match(res.challenge ?? "", /error="invalid_token"/, name);
      assert.doesNotMatch(JSON.stringify(res.body), /Private runbook/, name);
    }
    // A token without the required scope: 403, insufficient_scope.
    const narrow = await post(`Bearer ${await token({ scope: "profile" })}`);
    assert.equal(narrow.status, 403);
    assert.match(narrow.challenge ?? "", /error="insufficient_scope", scope="docs:read"/);
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("oauth: a rotated key is fetched once for its new key id", async () => {
  const { as, app, token, post } = await setup();
  try {
    assert.equal((await post(`Bearer ${await token()}`)).status, 200);
    const fetchesBefore = as.fetches();
    const rotated = await as.addKey("k2");
    assert.equal(
      (await post(`Bearer ${await token({}, { kid: "k2", key: rotated })}`)).status,
      200,
    );
    assert.equal(as.fetches(), fetchesBefore + 1, "one refresh for the new key id");
    assert.equal(
      (await post(`Bearer ${await token({}, { kid: "k2", key: rotated })}`)).status,
      200,
    );
    assert.equal(as.fetches(), fetchesBefore + 1, "kept after that");
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("oauth: with required false, no token passes and a bad one is still refused", async () => {
  const { as, app, token, post } = await setup({ required: false });
  try {
    assert.equal((await post()).status, 200);
    assert.equal((await post(`Bearer ${await token({ aud: "x" })}`)).status, 401);
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("discovery: the AI Catalog names the card; both are public and name no document", async () => {
  const { as, app } = await setup();
  try {
    for (const path of ["/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"]) {
      const res = await app.request(`${ORIGIN}${path}`);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get("content-type"), "application/ai-catalog+json");
      assert.equal(res.headers.get("cache-control"), "public, max-age=3600");
      assert.deepEqual(await res.json(), {
        specVersion: "1.0",
        entries: [{
          identifier: "urn:air:kb.test:mcp:test-kb",
          type: "application/mcp-server-card+json",
          url: `${ORIGIN}/mcp/server-card`,
        }],
      });
    }
    const res = await app.request(`${ORIGIN}/mcp/server-card`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/mcp-server-card+json");
    const text = await res.text();
    assert.doesNotMatch(text, /Alpha|runbook|acdc:\/\//i);
    const card = JSON.parse(text);
    // The card schema (v1): these members only, the required ones present, the name's pattern.
    const allowed = [
      "$schema",
      "_meta",
      "description",
      "icons",
      "name",
      "remotes",
      "repository",
      "title",
      "version",
      "websiteUrl",
    ];
    assert.deepEqual(Object.keys(card).filter((k) => !allowed.includes(k)), []);
    for (const key of ["$schema", "description", "name", "version"]) assert.ok(card[key], key);
    assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    assert.ok(card.description.length <= 100);
    assert.equal(card.remotes[0].url, `${ORIGIN}/mcp`);
    assert.equal(
      card._meta["io.github.shelf/authentication"].resourceMetadata,
      `${ORIGIN}/.well-known/oauth-protected-resource/mcp`,
    );
  } finally {
    app.shutdown();
    await as.close();
  }
});

/**
 * A verifier (no app) on a local issuer with key `k1`, a clock the test moves, and a count of
 * the signature verifications it runs.
 */
async function cached() {
  const as = await issuer();
  const key = await addKey(as, "k1");
  const clock = { now: Date.now() };
  const counted = { calls: 0 };
  const spy: JwtVerify = (token, keys, options) => {
    counted.calls++;
    return jwtVerify(token, keys, options);
  };
  const verifier = createTokenVerifier({
    type: "oauth",
    issuer: as.url,
    required: true,
    scopes: ["docs:read"],
    algorithms: ["ES256"],
    clockSkewSeconds: 5,
  }, { keysCooldownMs: 0, now: () => clock.now, jwtVerify: spy });
  const token = (
    claims: Record<string, unknown> = {},
    options: { kid?: string; key?: CryptoKey } = {},
  ) =>
    new SignJWT({
      scope: "docs:read",
      sub: "ada",
      iss: as.url,
      aud: `${ORIGIN}/mcp`,
      iat: Math.floor(clock.now / 1000),
      exp: Math.floor(clock.now / 1000) + 300,
      ...claims,
    }).setProtectedHeader({ alg: "ES256", kid: options.kid ?? "k1" }).sign(options.key ?? key);
  const check = async (t: string, origin = ORIGIN) => await verifier.check(`Bearer ${t}`, origin);
  return { as, clock, counted, token, check };
}

Deno.test("oauth cache: a token seen before passes without a new verification, for a minute", async () => {
  const { as, clock, counted, token, check } = await cached();
  try {
    const t = await token();
    assert.equal((await check(t)).ok, true);
    assert.equal((await check(t)).ok, true);
    assert.equal(counted.calls, 1);
    clock.now += 60_000;
    assert.equal((await check(t)).ok, true);
    assert.equal(counted.calls, 2, "verified again after the TTL");
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: an expired token is refused though remembered", async () => {
  const { as, clock, counted, token, check } = await cached();
  try {
    const t = await token({ exp: Math.floor(clock.now / 1000) + 30 });
    assert.equal((await check(t)).ok, true);
    clock.now += 36_000; // past exp and the 5 s of skew, within the TTL
    const late = await check(t);
    assert.equal(late.ok, false);
    assert.match(late.ok ? "" : late.message, /expired/);
    assert.equal(counted.calls, 2);
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: a refused token is never remembered as good", async () => {
  const { as, counted, token, check } = await cached();
  try {
    const narrow = await token({ scope: "profile" });
    for (let i = 0; i < 2; i++) {
      const result = await check(narrow);
      assert.equal(result.ok, false);
      assert.equal(result.ok ? 0 : result.status, 403);
    }
    const stranger = await token({}, { key: (await generateKeyPair("ES256")).privateKey });
    for (let i = 0; i < 2; i++) assert.equal((await check(stranger)).ok, false);
    assert.equal(counted.calls, 4, "each refused token verified each time");
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: a token remembered for one audience is checked for another", async () => {
  const { as, token, check } = await cached();
  try {
    const t = await token();
    assert.equal((await check(t)).ok, true);
    const elsewhere = await check(t, "https://other.example");
    assert.equal(elsewhere.ok, false);
    assert.match(elsewhere.ok ? "" : elsewhere.message, /claim aud/);
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: a key set fetched again and changed empties the cache", async () => {
  const { as, counted, token, check } = await cached();
  try {
    const old = await token();
    assert.equal((await check(old)).ok, true);
    // The issuer withdraws k1 for k2; a token of k2 makes the verifier fetch the keys again.
    as.keys.splice(0, as.keys.length);
    const k2 = await as.addKey("k2");
    assert.equal((await check(await token({}, { kid: "k2", key: k2 }))).ok, true);
    const withdrawn = await check(old);
    assert.equal(withdrawn.ok, false, "k1's token is checked again, and refused");
    assert.match(withdrawn.ok ? "" : withdrawn.message, /no key of the issuer/);
    assert.equal(counted.calls, 3);
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: a remembered token grants the scopes and subject it was verified with", async () => {
  const { as, counted, token, check } = await cached();
  try {
    const wide = await token({ scope: "docs:read docs:internal", sub: "ada" });
    const narrow = await token({ scope: "docs:read", sub: "bob" });
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(await check(wide), {
        ok: true,
        scopes: ["docs:read", "docs:internal"],
        subject: "ada",
      });
      assert.deepEqual(await check(narrow), { ok: true, scopes: ["docs:read"], subject: "bob" });
    }
    assert.equal(counted.calls, 2);
  } finally {
    await as.close();
  }
});

Deno.test("oauth cache: a header is read the same way whether its token is remembered or not", async () => {
  const { as, counted, token, check } = await cached();
  try {
    const t = await token();
    assert.equal((await check(t)).ok, true);
    assert.equal((await check(`${t} ${t}`)).ok, false, "a remembered token and more is no token");
    assert.equal((await check(`${t}.`)).ok, false);
    assert.equal((await check(`${t}  `)).ok, true, "trailing spaces are allowed, as before");
    assert.equal(counted.calls, 2, "and the token found remembered; the extended one verified");
  } finally {
    await as.close();
  }
});
