import { ErrorCode, RpcError } from "./rpc_error.ts";

/** Items per page of every list method. */
export const PAGE_SIZE = 100;

/**
 * Cuts one page out of `items`. Cursors are opaque to clients (base64url of the offset, bound
 * to the list's `scope` so a cursor of one list is refused by another); a malformed or foreign
 * cursor is `-32602`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { paginate } from "./paginate.ts";
 * const items = Array.from({ length: 150 }, (_, i) => i);
 * const first = paginate(items, undefined, "t");
 * assert.ok(first.page.length === 100 && first.nextCursor !== undefined);
 * const second = paginate(items, first.nextCursor, "t");
 * assert.ok(second.page[0] === 100 && second.nextCursor === undefined);
 * ```
 */
export function paginate<T>(
  items: readonly T[],
  cursor: unknown,
  scope: string,
  pageSize = PAGE_SIZE,
): { page: T[]; nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined && cursor !== null) {
    offset = decodeCursor(cursor, scope);
    if (offset > items.length) {
      throw new RpcError(ErrorCode.InvalidParams, "cursor: does not belong to this list");
    }
  }
  const page = items.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  return next < items.length ? { page, nextCursor: encodeCursor(next, scope) } : { page };
}

function encodeCursor(offset: number, scope: string): string {
  return btoa(`${scope}:${offset}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(cursor: unknown, scope: string): number {
  const bad = () =>
    new RpcError(ErrorCode.InvalidParams, "cursor: not a cursor this server issued");
  if (typeof cursor !== "string" || cursor.length > 200) throw bad();
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw bad();
  }
  const m = /^(.*):(\d{1,9})$/.exec(text);
  if (!m || m[1] !== scope) throw bad();
  return Number(m[2]);
}
