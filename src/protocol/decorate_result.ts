import type { ServerInfo } from "../content/manifest.ts";
import type { Session } from "./method_context.ts";
import { META_SERVER_INFO } from "./versions.ts";
import { isReusable, markReusable } from "../tools/reusable.ts";

/** Decorated forms of shared (reusable) results, one per decoration: made once, reused. */
const decorated = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** What the decoration of a 2026-07-28 result needs besides the result. */
export interface Decoration {
  server: ServerInfo;
  /** The method's results may be cached (`ttlMs`, `cacheScope`). */
  cacheable: boolean;
  ttlMs: number;
}

/**
 * The one seam where a result takes its era's shape. Legacy eras: the result as the handler
 * made it. 2026-07-28: `resultType: "complete"`, the server's identity in `_meta`, and cache
 * hints on cacheable results — on a copy, since handlers may return shared cached objects; the
 * copy of a shared (reusable) result is made once per decoration and is itself reusable, so the
 * era's form is cached with the result rather than rebuilt per request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decorateResult } from "./decorate_result.ts";
 * const shared = { tools: [] };
 * const out = decorateResult(shared, { protocolVersion: "2026-07-28", modern: true },
 *   { server: { name: "kb", version: "1" }, cacheable: true, ttlMs: 60_000 });
 * assert.equal(out.resultType, "complete");
 * assert.equal(out.ttlMs, 60_000);
 * assert.deepEqual(shared, { tools: [] });
 * ```
 */
export function decorateResult(
  result: Record<string, unknown>,
  session: Session,
  decoration: Decoration,
): Record<string, unknown> {
  if (!session.modern) return result;
  if (!isReusable(result)) return decorate(result, decoration);
  const key =
    `${decoration.cacheable}|${decoration.ttlMs}|${decoration.server.name}|${decoration.server.version}`;
  let forms = decorated.get(result);
  if (!forms) decorated.set(result, forms = new Map());
  let modern = forms.get(key);
  if (!modern) {
    modern = decorate(result, decoration);
    markReusable(modern);
    forms.set(key, modern);
  }
  return modern;
}

function decorate(
  result: Record<string, unknown>,
  decoration: Decoration,
): Record<string, unknown> {
  const { server } = decoration;
  const meta = (result._meta ?? {}) as Record<string, unknown>;
  const modern: Record<string, unknown> = {
    ...result,
    _meta: { ...meta, [META_SERVER_INFO]: { name: server.name, version: server.version } },
    resultType: "complete",
  };
  if (decoration.cacheable) {
    modern.ttlMs = decoration.ttlMs;
    modern.cacheScope = "public";
  }
  return modern;
}
