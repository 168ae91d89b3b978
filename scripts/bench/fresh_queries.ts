/**
 * `n` distinct questions made from the evaluation's: each query with two words added, from the
 * queries themselves and then from `vocabulary` (document titles), so they read like the real
 * ones and match like them. Throws if `n` distinct ones cannot be made (a row that would repeat
 * questions would measure the cache, not search).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { freshQueries } from "./fresh_queries.ts";
 * const qs = freshQueries(["deploy to netlify", "search index"], ["Build", "Cache"], 40);
 * assert.equal(new Set(qs).size, 40);
 * assert.ok(qs.every((q) => q.startsWith("deploy to netlify ") || q.startsWith("search index ")));
 * assert.throws(() => freshQueries(["a"], [], 5));
 * ```
 */
export function freshQueries(queries: string[], vocabulary: string[], n: number): string[] {
  const words = [
    ...new Set([...queries, ...vocabulary].flatMap((q) => q.toLowerCase().split(/\s+/))),
  ].filter(Boolean);
  const found = new Set<string>();
  for (let i = 0; found.size < n && i < n * 20; i++) {
    const base = queries[i % queries.length]!;
    const k = Math.floor(i / queries.length);
    const a = words[k % words.length];
    const b = words[Math.floor(k / words.length) % words.length];
    found.add(`${base} ${a} ${b}`);
  }
  if (found.size < n) throw new Error(`only ${found.size} distinct questions, ${n} wanted`);
  return [...found];
}
