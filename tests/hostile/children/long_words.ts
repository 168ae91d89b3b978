/**
 * Child process of `memo_bounds_test.ts`, run under a small heap: serves searches of distinct
 * long words (each new, so every memo sees a new key) through the MCP server over a real
 * corpus, then prints the heap used and each memo's size against its budget as JSON.
 *
 * Usage: deno run -A --v8-flags=--max-old-space-size=N long_words.ts <corpus> <count> <length>
 */
import { buildFromFolders } from "../../../src/build/build_from_folders.ts";
import { DEFAULT_SERVER } from "../../../src/build/parse_metadata.ts";
import { createStoreCache } from "../../../src/content/store_cache.ts";
import { dispatchMessage } from "../../../src/protocol/dispatch_message.ts";
import { createMcpServer } from "../../../src/protocol/mcp_server.ts";
import { memoStats } from "../../../src/remembered.ts";

const [corpus, countArg, lengthArg] = Deno.args;
const count = Number(countArg);
const length = Number(lengthArg);
const { manifest } = await buildFromFolders({
  server: { ...DEFAULT_SERVER },
  sources: [{ name: "docs", description: "docs", path: corpus! }],
  settings: {},
  warnings: [],
});
const server = createMcpServer({ stores: createStoreCache({ load: () => manifest }) });
const connection = { protocolVersion: "2025-06-18" };
const letters = "abcdefghijklmnopqrstuvwxyz";
/** The n-th distinct word of `length` letters (base 26 digits, then padding). */
const wordOf = (n: number) => {
  let head = "";
  for (let k = n; head.length < 5; k = Math.floor(k / 26)) head += letters[k % 26];
  return (head + "Deploy".repeat(Math.ceil(length / 6))).slice(0, length);
};
const heapAt = () => Deno.memoryUsage().heapUsed;
const before = heapAt();
for (let i = 0; i < count; i++) {
  for (const name of ["search", "search_articles"]) {
    const reply = await dispatchMessage(server, {
      jsonrpc: "2.0",
      id: i,
      method: "tools/call",
      params: { name, arguments: { query: wordOf(i) } },
    }, connection) as { error?: unknown };
    if (reply.error) throw new Error(JSON.stringify(reply.error));
  }
}
(globalThis as { gc?: () => void }).gc?.();
console.log(JSON.stringify({ before, after: heapAt(), memos: memoStats() }));
