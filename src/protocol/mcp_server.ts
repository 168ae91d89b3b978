import type { StoreCache } from "../content/store_cache.ts";
import type { ToolRegistry } from "../tools/tool_registry.ts";
import { createEngineCache, type EngineCache } from "../search/engine_cache.ts";
import type { SearchOverrides } from "../search/search_settings.ts";
import { resolveStoreSettings, type StoreSettings } from "./store_settings.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestHead } from "../content/manifest.ts";
import { visibleOutline } from "../content/manifest_outline.ts";
import type { ChunkCache } from "../content/chunk_cache.ts";
import {
  errorResponse,
  type JsonRpcRequest,
  type JsonRpcResponse,
  resultResponse,
} from "./codec.ts";
import type { MethodSpec, Session } from "./method_context.ts";
import { METHOD_TABLE } from "./method_table.ts";
import { ErrorCode, isExpectedError, RpcError } from "./rpc_error.ts";
import { decorateResult } from "./decorate_result.ts";
import { scopedStore } from "../content/scoped_store.ts";
import { ShardUnavailableError } from "../content/shard_unavailable_error.ts";
import { errorResult } from "../tools/tool.ts";

const NO_SCOPES: readonly string[] = [];

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  stores: StoreCache;
  tools?: ToolRegistry;
  /** Search engines per store (default: built on first search, no prebuilt index). */
  engines?: EngineCache;
  /** Overrides the manifest's search settings (environment, flags). */
  search?: SearchOverrides;
  /** Reports unexpected errors (they reach the client only as `-32603 Internal error`). */
  onInternalError?: (error: unknown, method: string) => void;
  /**
   * The isolate's cache of chunks read from shards (a sharded build's): each request holds the
   * chunks it reads until it answers, so none is evicted between its load and its read.
   */
  chunkCache?: ChunkCache;
}

/** A transport-independent MCP server: one request in, one response out. */
export interface McpServer {
  handle(request: JsonRpcRequest, session: Session): Promise<JsonRpcResponse>;
  /** The current store and its settings (the server card and site files use them). */
  /**
   * The current store as a request with `scopes` sees it (default: none, what anyone may see)
   * and its settings.
   */
  current(scopes?: readonly string[]): Promise<{ store: ContentStore; settings: StoreSettings }>;
}

/**
 * Creates the dispatcher: looks the method up in {@link METHOD_TABLE}, runs it against the
 * current content store, and decorates modern-era results (`resultType`, server identity in
 * `_meta`, and `ttlMs`/`cacheScope` on cacheable results).
 *
 * @example
 * ```ts ignore
 * const server = createMcpServer({ stores });
 * const res = await server.handle({ jsonrpc: "2.0", id: 1, method: "ping" },
 *   { protocolVersion: "2025-11-25", modern: false });
 * ```
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const engines = options.engines ?? createEngineCache();
  const perHead = new WeakMap<ManifestHead, StoreSettings>();
  /** Settings per manifest head (a store's manifest, or the head known before it loads). */
  const forHead = (head: ManifestHead) => {
    let entry = perHead.get(head);
    if (!entry) {
      entry = resolveStoreSettings(head, {
        ...(options.tools ? { tools: options.tools } : {}),
        ...(options.search ? { search: options.search } : {}),
      });
      perHead.set(head, entry);
    }
    return entry;
  };
  const forStore = (store: ContentStore) => forHead(store.manifest);
  /**
   * The head a `head` or `outline` method answers from: the one known at start, or the loaded
   * store's; a head without an outline (a root written before it had one) waits for the store's.
   */
  const headFor = async (spec: MethodSpec): Promise<ManifestHead> => {
    const head = await options.stores.head();
    if (!spec.outline || head.outline) return head;
    await options.stores.get();
    return options.stores.head();
  };
  const find = (method: string, session: Session): MethodSpec | undefined => {
    const spec = Object.hasOwn(METHOD_TABLE, method) ? METHOD_TABLE[method] : undefined;
    if (!spec) return undefined;
    if (spec.eras === "both") return spec;
    return (spec.eras === "modern") === session.modern ? spec : undefined;
  };
  return {
    async current(scopes = NO_SCOPES) {
      const store = scopedStore(await options.stores.get(), scopes);
      return { store, settings: forStore(store) };
    },
    handle(request, session) {
      const chunks = options.chunkCache;
      return chunks ? chunks.hold(() => answer(request, session)) : answer(request, session);
    },
  };
  async function answer(request: JsonRpcRequest, session: Session): Promise<JsonRpcResponse> {
    const spec = find(request.method, session);
    if (!spec) {
      return errorResponse(
        request.id,
        new RpcError(
          ErrorCode.MethodNotFound,
          `Method '${request.method.slice(0, 100)}' not found`,
        ),
      );
    }
    try {
      const params = request.params ?? {};
      let result: Record<string, unknown>;
      let head: ManifestHead;
      let settings: StoreSettings;
      if (!spec.handler) {
        head = await headFor(spec);
        settings = forHead(head);
        const ctx = { params, session, head, settings };
        result = spec.head
          ? await spec.head(ctx)
          : await spec.outline({ ...ctx, outline: visibleOutline(head.outline!, session.scopes) });
        // After a listing, the client's next requests most likely need the documents: read them
        // meanwhile. Not after `initialize`: the client lists its tools next, and the read (about
        // half a second of parsing on 50,000 pages) would hold that answer up. A failure here is
        // reported to the request that needs them (the load is tried again).
        if (spec.outline) options.stores.get().catch(() => {});
      } else {
        const store = scopedStore(await options.stores.get(), session.scopes);
        head = store.manifest;
        settings = forStore(store);
        const { tools, search } = settings;
        result = await spec.handler({
          params,
          session,
          head,
          store,
          tools,
          engines,
          search,
          settings,
        });
      }
      return resultResponse(
        request.id,
        decorateResult(result, session, {
          server: head.server,
          cacheable: spec.cacheable === true,
          ttlMs: settings.cacheTtlMs,
        }),
      );
    } catch (error) {
      // A shard of the manifest not read (a cold isolate's failed fetch): a tool call's error,
      // as any shard's (`tools_call.ts`), another method's error saying so; nothing is kept.
      if (error instanceof ShardUnavailableError) {
        return request.method === "tools/call"
          ? resultResponse(request.id, { ...errorResult(error.message) })
          : errorResponse(request.id, new RpcError(ErrorCode.InternalError, error.message));
      }
      if (!isExpectedError(error)) options.onInternalError?.(error, request.method);
      return errorResponse(request.id, error);
    }
  }
}
