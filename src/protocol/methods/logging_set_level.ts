import type { HeadHandler } from "../method_context.ts";
import { stringParam } from "../read_params.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";

/** RFC 5424 levels MCP uses. */
export const LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/**
 * `logging/setLevel` (legacy eras): accepted and validated. Shelf sends no log notifications
 * (it is stateless and has nothing to say per request), so the level has nothing to filter.
 */
export const loggingSetLevel: HeadHandler = ({ params }) => {
  const level = stringParam(params, "level", { maxLength: 20 });
  if (!LOG_LEVELS.includes(level)) {
    throw new RpcError(ErrorCode.InvalidParams, `level: must be one of ${LOG_LEVELS.join(", ")}`);
  }
  return {};
};
