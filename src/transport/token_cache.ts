/**
 * The OAuth access tokens an isolate has verified, remembered so that a client's next requests
 * with the same token skip the signature check (hundreds of µs of public-key crypto against a few
 * for a lookup). An entry lives until the earlier of the token's `exp` (with the clock skew the
 * verifier tolerates) and a short TTL, and only for the audience it was verified for; the
 * verifier empties the cache when the issuer's key set changes. Only accepted tokens are put in.
 *
 * Entries are keyed by a 32-bit FNV-1a hash of the token's last 64 characters (its signature,
 * where tokens differ) and hold the token itself, compared in full on a hit: so the key costs a
 * fraction of a µs (a SHA-256 digest of a 600-character token in JavaScript costs 5–9 µs on the
 * 2-core VM, `crypto.subtle.digest` about 35 µs with its promise, and `node:crypto` cannot be in
 * the edge bundle), and two tokens that share a key only take each other's place, never each
 * other's verification.
 *
 * @module
 */
import { approxBytes, createMemo, drop, forget, keep, type Memo, recall } from "../remembered.ts";
import { fnv1a } from "../fnv1a.ts";

/** What a verified token grants: the verifier's answer for it. */
export interface Granted {
  ok: true;
  scopes: readonly string[];
  subject?: string;
}

/** One remembered token. */
interface Entry {
  token: string;
  audience: string;
  /** Epoch ms: remembered up to (not including) this instant. */
  until: number;
  /** Epoch ms: not valid before this instant (`nbf` less the skew; 0 without `nbf`). */
  from: number;
  granted: Granted;
}

/** The bounds of a {@link TokenCache}. */
export interface TokenCacheOptions {
  /** Bytes of tokens, scopes and entry overhead held at most (default 2 MiB). */
  maxBytes?: number;
  /** How long a token is trusted without a new check, at most (default 60 s). */
  ttlMs?: number;
  /** Seconds of clock difference tolerated on `exp`/`nbf`, as the verifier does. */
  clockSkewSeconds: number;
}

/** See {@link createTokenCache}. */
export interface TokenCache {
  /** The grant of `token` for `audience` if it was verified and is still valid at `now` (ms). */
  get(token: string, audience: string, now: number): Granted | undefined;
  /**
   * Remembers an accepted token verified at `now` (ms) with its `exp` and `nbf` (seconds), unless
   * the cache was emptied since `generation` (keys that changed during the verification).
   */
  put(
    token: string,
    claims: { audience: string; exp: number; nbf?: number | undefined; generation: number },
    granted: Granted,
    now: number,
  ): void;
  /** Forgets every token (the issuer's keys changed). */
  clear(): void;
  /** Counts the times the cache was emptied: what {@link TokenCache.put} is given back. */
  readonly generation: number;
  /** The entries, listed by `memoStats()`. */
  readonly memo: Memo<number, Entry>;
}

/** Default bytes held (about 800 tokens of 1,200 characters). */
export const TOKEN_CACHE_BYTES = 2 * 1024 * 1024;
/** Default longest time a token is trusted without a new check. */
export const TOKEN_CACHE_TTL_MS = 60_000;

/**
 * A cache of verified tokens for one verifier. A token is found only if stored whole under the
 * same audience and still inside its validity, its TTL included; when it is full, the least
 * recently used tokens go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createTokenCache } from "./token_cache.ts";
 * const cache = createTokenCache({ clockSkewSeconds: 0, ttlMs: 60_000 });
 * const granted = { ok: true as const, scopes: ["docs:read"] };
 * const now = 1_000_000_000_000;
 * const claims = { audience: "https://kb.example/mcp", exp: now / 1000 + 30, generation: 0 };
 * cache.put("t0k3n", claims, granted, now);
 * assert.equal(cache.get("t0k3n", "https://kb.example/mcp", now + 1000), granted);
 * assert.equal(cache.get("t0k3n", "https://other.example/mcp", now + 1000), undefined);
 * assert.equal(cache.get("t0k3n", "https://kb.example/mcp", now + 30_000), undefined); // expired
 * ```
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const ttlMs = options.ttlMs ?? TOKEN_CACHE_TTL_MS;
  const skewMs = options.clockSkewSeconds * 1000;
  const memo = createMemo<number, Entry>({
    name: "oauth tokens",
    maxEntries: 100_000,
    maxBytes: options.maxBytes ?? TOKEN_CACHE_BYTES,
    sizeOf: (_key, entry) =>
      96 + approxBytes(entry.token) + approxBytes(entry.audience) +
      approxBytes(entry.granted.scopes) + approxBytes(entry.granted.subject),
  });
  let generation = 0;
  return {
    memo,
    get generation() {
      return generation;
    },
    get(token, audience, now) {
      const key = tokenHash(token);
      const entry = recall(memo, key);
      if (entry === undefined || entry.token !== token || entry.audience !== audience) return;
      if (now >= entry.until || now < entry.from) {
        drop(memo, key);
        return;
      }
      return entry.granted;
    },
    put(token, claims, granted, now) {
      if (claims.generation !== generation) return;
      const until = Math.min(claims.exp * 1000 + skewMs, now + ttlMs);
      const from = claims.nbf === undefined ? 0 : claims.nbf * 1000 - skewMs;
      if (now >= until || now < from) return;
      keep(memo, tokenHash(token), { token, audience: claims.audience, until, from, granted });
    },
    clear() {
      generation++;
      forget(memo);
    },
  };
}

/**
 * FNV-1a (32 bits) of the last 64 UTF-16 code units of a string: the cache's key, never trusted
 * alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokenHash } from "./token_cache.ts";
 * assert.equal(tokenHash(""), 0x811c9dc5);
 * assert.equal(tokenHash("a"), 0xe40c292c);
 * const signature = "s".repeat(64);
 * assert.equal(tokenHash(`header.payload.${signature}`), tokenHash(`other.claims.${signature}`));
 * ```
 */
export function tokenHash(text: string): number {
  return fnv1a(text, Math.max(0, text.length - 64)) >>> 0;
}
