const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/**
 * What joins the words of an identifier the index keeps whole (`cherry-pick`, `user_name`,
 * `init.defaultbranch`): a word typed joined (`cherrypick`) is one insertion away from it.
 * Inserted only inside a word, where they join two parts.
 */
const JOINERS = "-_.";

/**
 * Every string at edit distance 1 from `term` (one deletion, insertion, substitution, or a swap
 * of two neighbours; a joiner of {@link JOINERS} inserted inside it) that `exists` accepts,
 * without `term` itself. Used to expand a query term to the dictionary terms it may be a typo
 * of, or the identifier it joins (`cherrypick` → `cherry-pick`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editVariants } from "./edit_variants.ts";
 * const dict = new Set(["search", "starch", "reach"]);
 * assert.ok(editVariants("serach", (t) => dict.has(t)).join() === "search");
 * assert.ok(editVariants("sarch", (t) => dict.has(t)).join() === "search,starch");
 * assert.deepEqual(editVariants("cherrypick", (t) => t === "cherry-pick"), ["cherry-pick"]);
 * assert.deepEqual(editVariants("pick", (t) => t === "pick-" || t === "-pick"), []); // inside only
 * ```
 */
export function editVariants(term: string, exists: (t: string) => boolean): string[] {
  const found = new Set<string>();
  const check = (t: string) => {
    if (t !== term && !found.has(t) && exists(t)) found.add(t);
  };
  const n = term.length;
  for (let i = 0; i < n; i++) check(term.slice(0, i) + term.slice(i + 1));
  for (let i = 0; i < n - 1; i++) {
    check(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  for (let i = 0; i <= n; i++) {
    for (const c of ALPHABET) {
      check(term.slice(0, i) + c + term.slice(i));
      if (i < n && c !== term[i]) check(term.slice(0, i) + c + term.slice(i + 1));
    }
    if (i > 0 && i < n) { for (const c of JOINERS) check(term.slice(0, i) + c + term.slice(i)); }
  }
  return [...found].sort();
}
