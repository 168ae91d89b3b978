/**
 * Whether an edited file kept every line of the original, in order: each original line is in
 * the result, or — for a `key = "value"` line whose string value was extended — a line with the
 * same text up to the value's closing quote, followed by more value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linesKept } from "./lines_kept.ts";
 * const before = '# c\n[build]\n  command = "make" # x\n';
 * assert.ok(linesKept(before, '# c\n[build]\n  command = "make && shelf" # x\n\n[[e]]\n'));
 * assert.ok(!linesKept(before, '[build]\n  command = "make && shelf" # x\n'));
 * assert.ok(!linesKept(before, '# c\n[build]\n  command = "shelf"\n'));
 * ```
 */
export function linesKept(before: string, after: string): boolean {
  const out = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    const value = /^(\s*[\w."'-]+\s*=\s*)(["'])(.*)\2(\s*(#.*)?)$/.exec(line);
    let found = false;
    while (at < out.length && !found) {
      const candidate = out[at++]!;
      if (candidate === line) found = true;
      else if (value) {
        const [, key, quote, text, tail] = value as unknown as string[];
        found = candidate.startsWith(`${key}${quote}${text}`) && candidate.endsWith(tail!);
      }
    }
    if (!found) return false;
  }
  return true;
}
