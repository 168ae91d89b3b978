/**
 * Discovery by the MCP Server Card extension (`docs/discovery.md` of
 * modelcontextprotocol/experimental-ext-server-card, as of July 2026): an AI Catalog of the
 * domain's MCP servers at `/.well-known/ai-catalog.json` (`application/ai-catalog+json`; also at
 * `/.well-known/mcp/catalog.json`, where earlier drafts put it), whose entry names this server's
 * Server Card, served at `<mcp-url>/server-card` as `application/mcp-server-card+json` (schema
 * v1). Public: identity, transport, protocol versions and how to authenticate — never a document
 * or a prompt.
 *
 * @module
 */
import type { ServerInfo } from "../content/manifest.ts";
import { SUPPORTED_VERSIONS } from "../protocol/versions.ts";
import type { CardAuth } from "./server_card.ts";

/** The catalog's paths. */
export const CATALOG_PATHS = ["/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"];
/** The catalog's media type. */
export const CATALOG_TYPE = "application/ai-catalog+json";
/** Where the Server Card is, under the MCP endpoint. */
export const SERVER_CARD_PATH = "/mcp/server-card";
/** The Server Card's media type. */
export const SERVER_CARD_TYPE = "application/mcp-server-card+json";
const CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/**
 * The card's `name`: the site's host in reverse-DNS order, then the server's name
 * (`https://kb.acme.example` serving `handbook` → `example.acme.kb/handbook`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cardName } from "./discovery.ts";
 * assert.equal(cardName("https://kb.acme.example/docs", "Acme Handbook"), "example.acme.kb/Acme-Handbook");
 * assert.equal(cardName("http://127.0.0.1:8080", "shelf"), "127.0.0.1/shelf");
 * ```
 */
export function cardName(base: string, serverName: string): string {
  const host = new URL(base).hostname;
  const namespace = /^[\d.]+$/.test(host) || host.includes(":")
    ? host.replace(/[^a-zA-Z0-9.-]/g, "-")
    : host.split(".").reverse().join(".");
  const name = serverName.replace(/[^a-zA-Z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "shelf";
  return `${namespace}/${name}`;
}

const cut = (text: string, max: number) =>
  text.length <= max ? text : text.slice(0, max - 1).replace(/\s+\S*$/, "") + "…";

/**
 * The Server Card of a server at `base`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverCard } from "./discovery.ts";
 * const card = serverCard({ name: "kb", version: "1.0.0" }, "https://kb.example", "oauth");
 * assert.equal(card.name, "example.kb/kb");
 * assert.equal((card.remotes as { url: string }[])[0]!.url, "https://kb.example/mcp");
 * assert.deepEqual(card._meta, {
 *   "io.github.shelf/authentication": {
 *     scheme: "oauth2",
 *     resourceMetadata: "https://kb.example/.well-known/oauth-protected-resource/mcp",
 *   },
 * });
 * ```
 */
export function serverCard(
  server: ServerInfo,
  base: string,
  auth: CardAuth,
): Record<string, unknown> {
  const headers = auth === "apikey"
    ? [{ name: "X-API-Key", description: "API key", isRequired: true, isSecret: true }]
    : auth === "none"
    ? []
    : [{
      name: "Authorization",
      description: auth === "oauth"
        ? "OAuth 2.1 access token (see the protected-resource metadata)"
        : auth === "basic"
        ? "HTTP Basic credentials"
        : "Bearer key",
      isRequired: true,
      isSecret: true,
    }];
  const authentication: Record<string, unknown> = auth === "oauth"
    ? {
      scheme: "oauth2",
      resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
    }
    : { scheme: auth };
  return {
    $schema: CARD_SCHEMA,
    name: cardName(base, server.name),
    version: server.version,
    description: cut(
      server.instructions || `${server.name}: a knowledge base served over MCP`,
      100,
    ),
    title: cut(server.name, 100),
    websiteUrl: base,
    remotes: [
      {
        type: "streamable-http",
        url: `${base}/mcp`,
        ...(headers.length > 0 ? { headers } : {}),
        supportedProtocolVersions: [...SUPPORTED_VERSIONS],
      },
      {
        type: "sse",
        url: `${base}/sse`,
        ...(headers.length > 0 ? { headers } : {}),
        supportedProtocolVersions: ["2024-11-05"],
      },
    ],
    _meta: { "io.github.shelf/authentication": authentication },
  };
}

/**
 * The domain's AI Catalog: one entry, this server's card. The identifier is the catalog's
 * domain-anchored form, `urn:air:<host>:mcp:<name>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { aiCatalog } from "./discovery.ts";
 * assert.deepEqual(aiCatalog({ name: "Acme KB", version: "1" }, "https://kb.example"), {
 *   specVersion: "1.0",
 *   entries: [{
 *     identifier: "urn:air:kb.example:mcp:Acme-KB",
 *     type: "application/mcp-server-card+json",
 *     url: "https://kb.example/mcp/server-card",
 *   }],
 * });
 * ```
 */
export function aiCatalog(server: ServerInfo, base: string): Record<string, unknown> {
  const name = cardName(base, server.name);
  const host = new URL(base).hostname.replace(/[^a-zA-Z0-9.-]/g, "-");
  return {
    specVersion: "1.0",
    entries: [{
      identifier: `urn:air:${host}:mcp:${name.slice(name.indexOf("/") + 1)}`,
      type: SERVER_CARD_TYPE,
      url: `${base}${SERVER_CARD_PATH}`,
    }],
  };
}
