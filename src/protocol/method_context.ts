import type { ContentStore } from "../content/content_store.ts";
import type { ManifestHead } from "../content/manifest.ts";
import type { VisibleOutline } from "../content/manifest_outline.ts";
import type { ToolRegistry } from "../tools/tool_registry.ts";
import type { EngineCache } from "../search/engine_cache.ts";
import type { SearchSettings } from "../search/search_settings.ts";
import type { StoreSettings } from "./store_settings.ts";

/** How the client speaks: fixed per request (HTTP) or per connection (stdio). */
export interface Session {
  protocolVersion: string;
  /** The stateless 2026-07-28 era. */
  modern: boolean;
  /** The connection can receive `notifications/*\/list_changed` (stdio or SSE in dev mode). */
  listChanged?: boolean;
  /** The origin the request arrived at, where the transport gives it (the openai endpoint). */
  base?: string;
  /**
   * The OAuth scopes the request's token holds: sources needing another are invisible to it
   * (`content/scoped_store.ts`). Absent (stdio, a trusted local process): every source.
   */
  scopes?: readonly string[];
}

/** What a method answered from the manifest's head receives: no document is read for it. */
export interface HeadContext {
  params: Record<string, unknown>;
  session: Session;
  /** The manifest's identity, freshness and settings (`ManifestHead`). */
  head: ManifestHead;
  /** Everything resolved once for this head (instructions, freshness, TTL). */
  settings: StoreSettings;
}

/** What a method handler receives. */
export interface MethodContext extends HeadContext {
  store: ContentStore;
  tools: ToolRegistry;
  engines: EngineCache;
  search: SearchSettings;
}

/** A method handler: returns the `result` object or throws `RpcError`. */
export type MethodHandler = (
  ctx: MethodContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Which eras a method exists in. */
export type Era = "legacy" | "modern" | "both";

/** A handler of a method that needs no document (`initialize`, `ping`, `server/discover`). */
export type HeadHandler = (
  ctx: HeadContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** What a listing answered from the manifest's outline receives: no document is read for it. */
export interface OutlineContext extends HeadContext {
  /** The sources, categories and prompts the request sees (`manifest_outline.ts`). */
  outline: VisibleOutline;
}

/** A handler of a listing that needs the outline alone (`tools/list`, `prompts/list`). */
export type OutlineHandler = (
  ctx: OutlineContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * An entry of the method table: a `handler` over the content store, a `head` handler answered
 * from the manifest's head alone, or an `outline` handler answered from the head's outline —
 * both before the documents are read, on a server that knows the head first (a sharded build's
 * root).
 */
export type MethodSpec =
  & {
    eras: Era;
    /** Modern-era results carry `ttlMs` and `cacheScope` (the spec's cacheable results). */
    cacheable?: boolean;
  }
  & (
    | { handler: MethodHandler; head?: never; outline?: never }
    | { head: HeadHandler; handler?: never; outline?: never }
    | { outline: OutlineHandler; handler?: never; head?: never }
  );
