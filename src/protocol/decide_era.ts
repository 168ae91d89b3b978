import type { JsonRpcNotification, JsonRpcRequest } from "./codec.ts";
import type { Session } from "./method_context.ts";
import { ErrorCode, RpcError } from "./rpc_error.ts";
import {
  isModernVersion,
  isSupportedVersion,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  SUPPORTED_VERSIONS,
} from "./versions.ts";

/** How a transport sees one message's version: its header (HTTP) and its fallback. */
export interface EraInputs {
  /** `MCP-Protocol-Version` (HTTP), or `null` when the transport has no such header. */
  headerVersion: string | null;
  /** The version to use when neither `_meta` nor a header names one (the connection's, or HTTP's default). */
  fallbackVersion: string;
  /** Transport checks of a 2026-07-28 message (HTTP: `Mcp-Method`, `Mcp-Name`). */
  checkModern?: (metaVersion: string) => RpcError | undefined;
}

/** The era of a message, or why it is refused (always HTTP 400 on HTTP). */
export type EraDecision = { session: Session } | { refusal: RpcError };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Decides the protocol era of one message — the only place that does, for every transport.
 *
 * - `_meta` names a version: a different `MCP-Protocol-Version` header is `-32020`; an unknown
 *   version `-32022` (with `data.supported`); 2026-07-28 also needs `_meta` client capabilities
 *   (`-32602`) and passes the transport's header checks.
 * - No `_meta` version: a 2026-07-28 header is `-32602` (the `_meta` fields are required); an
 *   unknown header version `-32022`; otherwise the header's version or the fallback, legacy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decideEra } from "./decide_era.ts";
 * const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28",
 *   "io.modelcontextprotocol/clientCapabilities": {} };
 * const ok = decideEra({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } },
 *   { headerVersion: null, fallbackVersion: "2024-11-05" });
 * assert.deepEqual(ok, { session: { protocolVersion: "2026-07-28", modern: true } });
 * const bare = decideEra({ jsonrpc: "2.0", id: 1, method: "tools/list" },
 *   { headerVersion: "2026-07-28", fallbackVersion: "2025-03-26" });
 * assert.equal("refusal" in bare && bare.refusal.code, -32602);
 * ```
 */
export function decideEra(
  message: JsonRpcRequest | JsonRpcNotification,
  inputs: EraInputs,
): EraDecision {
  const meta = message.params?._meta;
  const metaVersion = isObject(meta) ? meta[META_PROTOCOL_VERSION] : undefined;
  const { headerVersion } = inputs;
  if (metaVersion !== undefined) {
    if (headerVersion !== null && headerVersion !== metaVersion) {
      return {
        refusal: new RpcError(
          ErrorCode.HeaderMismatch,
          `Header mismatch: MCP-Protocol-Version header '${headerVersion.slice(0, 40)}' does not ` +
            "match _meta protocol version",
        ),
      };
    }
    if (typeof metaVersion !== "string" || !isSupportedVersion(metaVersion)) {
      return { refusal: unsupported(metaVersion) };
    }
    const modern = isModernVersion(metaVersion);
    if (modern) {
      if (!isObject((meta as Record<string, unknown>)[META_CLIENT_CAPABILITIES])) {
        return {
          refusal: new RpcError(
            ErrorCode.InvalidParams,
            `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] is required (an object)`,
          ),
        };
      }
      const refused = inputs.checkModern?.(metaVersion);
      if (refused) return { refusal: refused };
    }
    return { session: { protocolVersion: metaVersion, modern } };
  }
  if (headerVersion !== null) {
    if (!isSupportedVersion(headerVersion)) return { refusal: unsupported(headerVersion) };
    if (isModernVersion(headerVersion)) {
      return {
        refusal: new RpcError(
          ErrorCode.InvalidParams,
          `Invalid params: _meta["${META_PROTOCOL_VERSION}"] is required in protocol version ${headerVersion}`,
        ),
      };
    }
    return { session: { protocolVersion: headerVersion, modern: false } };
  }
  return { session: { protocolVersion: inputs.fallbackVersion, modern: false } };
}

function unsupported(requested: unknown): RpcError {
  return new RpcError(ErrorCode.UnsupportedProtocolVersion, "Unsupported protocol version", {
    supported: [...SUPPORTED_VERSIONS],
    requested,
  });
}
