/**
 * The MCP endpoint's routes through the router: `POST /mcp` (Streamable HTTP, or a legacy
 * message post with `?sessionId=`), legacy HTTP+SSE (`GET /sse`, `GET /mcp` accepting an event
 * stream, `POST /messages`), and 405 for the other methods on `/mcp`. (The app answers a plain
 * `POST /mcp` on its direct path, `direct_post.ts`; the rules are the same.)
 *
 * @module
 */
import type { Hono } from "hono";
import { ErrorCode } from "../protocol/rpc_error.ts";
import { type BodyBudget, busy } from "./body_budget.ts";
import { credentialOf } from "./guards.ts";
import { grantedScopes } from "./authorize.ts";
import { isJsonContentType } from "./http_checks.ts";
import { httpError } from "./http_error.ts";
import { SSE_HEADERS, type SseHub } from "./legacy_sse.ts";
import type { LogVariables } from "./middleware.ts";
import { readLimited } from "./streamable_http.ts";

/** The MCP endpoint's paths. */
export const MCP_PATHS = ["/mcp", "/mcp/"];
const MCP_HEADERS = ["mcp-protocol-version", "mcp-session-id", "mcp-method", "last-event-id"];

/** What {@link addMcpRoutes} serves with. */
export interface McpRoutesDeps {
  hub: SseHub;
  /** Answers a Streamable HTTP POST, telling `onMessage` its JSON-RPC method and name. */
  streamable: (
    request: Request,
    onMessage: (rpc: string, name?: string) => void,
  ) => Promise<Response>;
  maxBodyBytes: number;
  bodies: BodyBudget;
}

/**
 * Adds the MCP routes to `app` (see the module doc).
 *
 * @example
 * ```ts ignore
 * addMcpRoutes(app, { hub, streamable, maxBodyBytes, bodies });
 * ```
 */
export function addMcpRoutes(app: Hono<{ Variables: LogVariables }>, deps: McpRoutesDeps): void {
  const { hub, streamable, bodies } = deps;
  const maxBody = deps.maxBodyBytes;
  const postMessage = async (request: Request, sessionId: string) => {
    if (!isJsonContentType(request.headers.get("content-type"))) {
      return httpError(415, ErrorCode.InvalidRequest, "Content-Type must be application/json");
    }
    let read = false;
    const declared = Number(request.headers.get("content-length") ?? "NaN");
    const response = await hub.post(sessionId, credentialOf(request.headers), async () => {
      const taken = bodies.take(declared, maxBody);
      if (taken === undefined) return busy();
      read = true;
      try {
        return await readLimited(request, maxBody) ??
          httpError(413, ErrorCode.InvalidRequest, `Request body is larger than ${maxBody} bytes`);
      } finally {
        bodies.give(taken);
      }
    });
    // A post for no session is refused without reading its body: let the connection drop it.
    if (!read) await request.body?.cancel();
    return response;
  };
  // A HEAD is answered with the stream's headers and registers nothing: Hono runs the GET
  // handler for it and drops the body, and a stream nobody reads would hold a slot until the
  // stall reaper closes it.
  const openStream = (request: Request) =>
    request.method === "HEAD"
      ? new Response(null, { headers: SSE_HEADERS })
      : hub.open(credentialOf(request.headers), "/messages", grantedScopes(request));

  app.get("/sse", (c) => openStream(c.req.raw));
  app.post("/messages", (c) => {
    const sessionId = c.req.query("sessionId");
    if (!sessionId) {
      return httpError(400, ErrorCode.InvalidRequest, "sessionId query parameter is required");
    }
    return postMessage(c.req.raw, sessionId);
  });
  for (const path of MCP_PATHS) {
    app.post(path, (c) => {
      const sessionId = c.req.query("sessionId");
      if (sessionId) return postMessage(c.req.raw, sessionId);
      return streamable(c.req.raw, (rpc, name) => {
        c.set("rpc", rpc);
        if (name) c.set("name", name);
      });
    });
    app.get(path, (c) => {
      const legacy = !MCP_HEADERS.some((h) => c.req.header(h) !== undefined) &&
        (c.req.header("accept") ?? "").includes("text/event-stream");
      if (legacy) return openStream(c.req.raw);
      return notAllowed();
    });
    app.delete(path, notAllowed);
  }
}

/** The endpoint of the `openai` profile (ChatGPT's `search` and `fetch`). */
export const OPENAI_PATH = "/mcp/openai";

/**
 * Adds `POST /mcp/openai`, the `openai` profile's endpoint: Streamable HTTP with its own tool
 * set, behind the same guards and authorization as `/mcp`; 404 while the profile is off.
 *
 * @example
 * ```ts ignore
 * addOpenAiRoute(app, { profileOn: async () => true, streamable });
 * ```
 */
export function addOpenAiRoute(
  app: Hono<{ Variables: LogVariables }>,
  deps: {
    profileOn: () => Promise<boolean>;
    streamable: McpRoutesDeps["streamable"];
  },
): void {
  app.post(OPENAI_PATH, async (c) => {
    if (!(await deps.profileOn())) {
      await c.req.raw.body?.cancel();
      return httpError(
        404,
        ErrorCode.InvalidRequest,
        "Not found: the openai tool profile is off (add it to tools.profiles)",
      );
    }
    return deps.streamable(c.req.raw, (rpc, name) => {
      c.set("rpc", rpc);
      if (name) c.set("name", name);
    });
  });
  app.on(["GET", "DELETE"], OPENAI_PATH, notAllowed);
}

function notAllowed(): Response {
  return httpError(
    405,
    ErrorCode.InvalidRequest,
    "Method not allowed: this endpoint is stateless; send JSON-RPC with POST",
    { allow: "POST, OPTIONS" },
  );
}
