import type { Manifest } from "./manifest.ts";

/** When the served content was built, and from which commits (for `/health`, `_meta`). */
export interface Freshness {
  builtAt: string;
  commits?: Record<string, string>;
}

/** `_meta` key under which results carry {@link Freshness}. */
export const META_FRESHNESS = "io.github.shelf/freshness";

/**
 * How fresh a manifest is: its build time and the commits its sources were built from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { freshnessOf, freshnessSentence } from "./freshness.ts";
 * const m = { builtAt: "2026-11-22T10:00:00.000Z", commits: { docs: "076b0470d6493b16" } };
 * assert.deepEqual(freshnessOf(m as never), m);
 * assert.equal(freshnessSentence(m), "Content built 2026-11-22T10:00:00.000Z from docs at commit 076b0470d649.");
 * ```
 */
export function freshnessOf(manifest: Pick<Manifest, "builtAt" | "commits">): Freshness {
  return manifest.commits
    ? { builtAt: manifest.builtAt, commits: manifest.commits }
    : { builtAt: manifest.builtAt };
}

/** One sentence an agent can quote about how current the content is. */
export function freshnessSentence(f: Freshness): string {
  const commits = Object.entries(f.commits ?? {}).map(([source, sha]) =>
    `${source} at commit ${sha.slice(0, 12)}`
  );
  return `Content built ${f.builtAt}` + (commits.length ? ` from ${commits.join(", ")}` : "") +
    ".";
}
