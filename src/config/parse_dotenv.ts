/**
 * Parses a `.env` file: `KEY=value` lines, `#` comments, optional `export ` and quotes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDotenv } from "./parse_dotenv.ts";
 * const env = parseDotenv('# c\nexport A=1\nB="two words"\nC=\'x\' # note\n');
 * assert.ok(env.A === "1" && env.B === "two words" && env.C === "x");
 * ```
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const q = value[0];
    if ((q === '"' || q === "'") && value.lastIndexOf(q) > 0) {
      value = value.slice(1, value.lastIndexOf(q));
      if (q === '"') value = value.replace(/\\n/g, "\n");
    } else value = value.replace(/\s+#.*$/, "");
    out[m[1]!] = value;
  }
  return out;
}
