/** Per-source publication rules (DESIGN §4). */
export interface PublicationRules {
  /** Statuses that are exposed, compared case-insensitively. */
  statuses: readonly string[];
  /** Whether a document without `status` is hidden. */
  requireStatus: boolean;
}

/** Statuses exposed by default. */
export const DEFAULT_STATUSES: readonly string[] = ["Live", "Experimental"];

/** Whether a document is served, and why not when it is not. */
export type PublicationVerdict = { exposed: true } | { exposed: false; reason: string };

/**
 * Whether any document of a source carries a status. When one does, the default rules treat a
 * missing status as Draft (fail closed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceUsesStatus } from "./publication.ts";
 * assert.ok(sourceUsesStatus([{}, { status: "Live" }]));
 * assert.ok(!sourceUsesStatus([{ title: "x" }]));
 * ```
 */
export function sourceUsesStatus(attrsList: Iterable<Record<string, unknown>>): boolean {
  for (const attrs of attrsList) {
    if (attrs.status !== undefined && attrs.status !== null) return true;
  }
  return false;
}

/**
 * The `draft` values that mean "not a draft". Everything else hides the document (fail closed):
 * `true`, and YAML 1.1's `yes`, `on`, `y`, `1` as Jekyll and Hugo read them, and any value
 * nobody would write by mistake for "published".
 */
const NOT_DRAFT = new Set<unknown>([undefined, null, false, 0, "", "false", "no", "off", "n", "0"]);

/**
 * Decides whether a document is exposed. Hidden: a truthy `draft` in any YAML spelling
 * (`true`, `yes`, `on`, `1`; Hugo, Jekyll, Astro), a status
 * outside `rules.statuses`, a status that is not a string, and a missing status when
 * `rules.requireStatus` holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publicationVerdict } from "./publication.ts";
 * const rules = { statuses: ["Live", "Experimental"], requireStatus: true };
 * assert.ok(publicationVerdict({ status: "live" }, rules).exposed);
 * const v = publicationVerdict({ status: "Draft" }, rules);
 * assert.ok(!v.exposed && v.reason === "status Draft");
 * assert.ok(!publicationVerdict({}, rules).exposed);
 * assert.ok(!publicationVerdict({ status: "Live", draft: "yes" }, rules).exposed);
 * assert.ok(publicationVerdict({ status: "Live", draft: "no" }, rules).exposed);
 * ```
 */
export function publicationVerdict(
  attrs: Record<string, unknown>,
  rules: PublicationRules,
): PublicationVerdict {
  const draft = attrs.draft;
  if (!NOT_DRAFT.has(typeof draft === "string" ? draft.trim().toLowerCase() : draft)) {
    return { exposed: false, reason: `draft: ${JSON.stringify(draft)?.slice(0, 40)}` };
  }
  const status = attrs.status;
  if (status === undefined || status === null || status === "") {
    return rules.requireStatus
      ? {
        exposed: false,
        reason: "no status in a source that uses statuses (counts as Draft)",
      }
      : { exposed: true };
  }
  if (typeof status !== "string") {
    return { exposed: false, reason: `status is not a string (${JSON.stringify(status)})` };
  }
  const wanted = status.trim().toLowerCase();
  if (rules.statuses.some((s) => s.toLowerCase() === wanted)) return { exposed: true };
  return { exposed: false, reason: `status ${status.trim()}` };
}
