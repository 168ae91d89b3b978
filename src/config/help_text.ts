import { SETTINGS } from "./settings_table.ts";

/** The `--help` text: every setting with its flags, variables and default. */
export function helpText(): string {
  const lines = [
    "Shelf — serve a markdown knowledge base to AI agents over MCP.",
    "",
    "Usage: deno task start [-- flags]   (deno task stdio for the stdio transport)",
    "",
    "Precedence: flag > environment variable > .env in the working directory > default.",
    "",
  ];
  for (const s of SETTINGS) {
    const names = [...s.flags, ...s.env].join(", ");
    const def = s.boolean ? "" : ` (default: ${s.default === "" ? "none" : s.default})`;
    lines.push(`  ${names}`, `      ${s.help}${def}`);
  }
  lines.push("", "The MCP endpoint is http://HOST:PORT/mcp; GET /health reports status.");
  return lines.join("\n");
}
