import type { ContentStore } from "../content/content_store.ts";
import type { StoreOutline } from "../content/manifest_outline.ts";
import type { SearchEngine } from "../search/search_engine.ts";
import type { SearchSettings } from "../search/search_settings.ts";
import type { ListLimit } from "./list_limits.ts";

/** JSON Schema, as MCP carries it. */
export type JsonSchema = Record<string, unknown>;

/** What a tool call returns (MCP `CallToolResult` without the protocol extras). */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What a tool sees of the server while it runs. */
export interface ToolContext {
  store: ContentStore;
  /** Whether the client's protocol version takes `structuredContent` (2025-06-18+). */
  structured: boolean;
  /** The search engine of this store, made on first use. */
  engine: () => Promise<SearchEngine>;
  search: SearchSettings;
  /** Whether `docs://` URIs are accepted (the mcp-serve profile is on). */
  docsAlias: boolean;
  /** The origin the request arrived at, where a transport says (links of the openai tools). */
  base?: string;
}

/** One tool: its listing and its implementation. */
export interface ToolDefinition {
  name: string;
  /** Profile the tool belongs to (`articles`, `acdc`, `sections`, …). */
  family: string;
  title: string;
  description: string;
  /**
   * Schema of the arguments; may depend on the content's outline (e.g. an enum of categories):
   * `tools/list` answers from it before any document is read.
   */
  inputSchema: JsonSchema | ((store: StoreOutline) => JsonSchema);
  outputSchema?: JsonSchema;
  /**
   * The answer depends only on the store, the arguments, whether the era takes structured
   * content and the search settings (a search): `tools/call` keeps it (`result_cache.ts`), so a
   * repeated question is answered from memory until the content changes. Tools that cache
   * their own results (reads, lists) by resolved arguments leave this unset.
   */
  cacheable?: boolean;
  /**
   * The tool's list arguments and their bounds (from `list_limits.ts`): `tools/call` refuses a
   * call past them before anything else, and the input schema advertises them.
   */
  lists?: Readonly<Record<string, ListLimit>>;
  call(args: Record<string, unknown>, ctx: ToolContext): ToolResult | Promise<ToolResult>;
}

/**
 * A successful result carrying JSON: compact JSON text for every client (compact is cheaper to
 * send and costs the agent fewer tokens), plus `structuredContent` for clients of 2025-06-18
 * and later.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonResult } from "./tool.ts";
 * const r = jsonResult({ count: 1 }, true);
 * assert.ok(r.structuredContent?.count === 1 && r.content[0]?.text.includes('"count"'));
 * assert.ok(jsonResult({ a: 1 }, false).structuredContent === undefined);
 * ```
 */
export function jsonResult(value: Record<string, unknown>, structured: boolean): ToolResult {
  const result: ToolResult = { content: [{ type: "text", text: JSON.stringify(value) }] };
  if (structured) result.structuredContent = value;
  return result;
}

/**
 * A tool failure the agent can read and act on (not a protocol error).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorResult } from "./tool.ts";
 * assert.ok(errorResult("Article 'x' not found").isError === true);
 * ```
 */
export function errorResult(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
