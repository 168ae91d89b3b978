/**
 * Lowercases a heading and turns every run of characters that are not letters or digits into
 * one hyphen. Empty results become `section`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slugify } from "./slugify.ts";
 * assert.ok(slugify("REST Conventions!") === "rest-conventions");
 * assert.ok(slugify("  ") === "section");
 * ```
 */
export function slugify(text: string): string {
  const slug = text.toLowerCase().normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "section" : slug;
}
