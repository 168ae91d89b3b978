import { type BaseTemplate, baseTemplate } from "./base_template.ts";
import type { ContentStore } from "../content/content_store.ts";
import { freshnessOf } from "../content/freshness.ts";
import type { StoreSettings } from "../protocol/store_settings.ts";
import { SUPPORTED_VERSIONS } from "../protocol/versions.ts";
import { describeTools } from "../tools/describe_tools.ts";

/** How a deployment authenticates, as the card states it (never the keys). */
export type CardAuth = "none" | "basic" | "apikey" | "bearer" | "oauth";

/**
 * The server card served at `/.well-known/mcp`: what a client can show before connecting —
 * identity, endpoint, protocol revisions, transports, authentication, and the tools with their
 * input schemas, from the same `describeTools` that `tools/list` uses (so the two cannot
 * drift). `base` is the site's URL without a trailing `/`.
 */
export function serverCard(
  store: ContentStore,
  settings: StoreSettings,
  base: string,
  auth: CardAuth,
): Record<string, unknown> {
  const { server } = store.manifest;
  const schemes: Record<CardAuth, Record<string, unknown>> = {
    none: { required: false },
    basic: { required: true, scheme: "basic", header: "Authorization: Basic …" },
    apikey: { required: true, scheme: "apiKey", header: "X-API-Key" },
    bearer: { required: true, scheme: "bearer", header: "Authorization: Bearer …" },
    oauth: {
      required: true,
      scheme: "oauth2",
      header: "Authorization: Bearer …",
      resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp`,
    },
  };
  return {
    name: server.name,
    version: server.version,
    description: settings.instructions,
    endpoint: `${base}/mcp`,
    protocolVersions: [...SUPPORTED_VERSIONS],
    transports: [
      { type: "streamable-http", url: `${base}/mcp` },
      { type: "sse", url: `${base}/sse`, protocolVersion: "2024-11-05" },
    ],
    authentication: schemes[auth],
    tools: describeTools(settings.tools, store, true),
    resources: { uriTemplate: "acdc://{source}/{+path}", count: store.manifest.documents.length },
    prompts: (store.manifest.prompts ?? []).map((p) => p.name),
    llmsTxt: `${base}/llms.txt`,
    freshness: freshnessOf(store.manifest),
  };
}

const cards = new WeakMap<StoreSettings, Map<CardAuth, BaseTemplate>>();

/**
 * {@link serverCard} as JSON text, made once per store's settings and auth mode, whatever the
 * base URL (filled in per request, see `base_template.ts`).
 */
export function serverCardJson(
  store: ContentStore,
  settings: StoreSettings,
  base: string,
  auth: CardAuth,
): string {
  let byAuth = cards.get(settings);
  if (!byAuth) cards.set(settings, byAuth = new Map());
  let card = byAuth.get(auth);
  if (!card) {
    card = baseTemplate((b) => JSON.stringify(serverCard(store, settings, b, auth)));
    byAuth.set(auth, card);
  }
  // The base sits inside JSON strings: filled in escaped as JSON.
  return card.fill(JSON.stringify(base).slice(1, -1));
}
