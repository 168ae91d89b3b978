import { decodeEntities } from "../html_to_text.ts";

/**
 * The text of an HTML fragment on one line: tags dropped, entities decoded, spaces collapsed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inlineText } from "./inline_text.ts";
 * assert.equal(inlineText("Class HashMap&lt;K,<wbr>V&gt;\n"), "Class HashMap<K,V>");
 * ```
 */
export function inlineText(html: string): string {
  return decodeEntities(html.replace(/<[^<>]*>/g, "")).replace(/\s+/g, " ").trim();
}

/** Escapes text for HTML (`&`, `<`, `>`, `"`). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
