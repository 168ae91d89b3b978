/**
 * The part of start-up both entry points share (`src/main.ts` for `deno run`/Deno Deploy and
 * the stdio transport, `src/serve.ts` for `deno serve`): read `.env`, find the content (built
 * from the content folders, a manifest read from a file or fetched from a URL, or a sharded
 * build's root, whose shards are read on first need from disk or the site), and make the store
 * cache, the engine cache and the HTTP app. Runs once per process; nothing here runs per request.
 *
 * @module
 */
import { createLogSink, type LogSink } from "./transport/log_sink.ts";
import { createApp, type ShelfApp } from "./app.ts";
import { parseDotenv } from "./config/parse_dotenv.ts";
import { unknownEnvWarnings } from "./config/unknown_env.ts";
import type { RuntimeConfig } from "./config/resolve_config.ts";
import { log, manifestSource, type Served } from "./content_source.ts";
import { createStoreCache, type StoreCache } from "./content/store_cache.ts";
import { createEngineCache, type EngineCache } from "./search/engine_cache.ts";

export { log };
export type { Served };

/** Reads `.env` in the working directory (empty when there is none). */
export async function readDotenv(): Promise<Record<string, string>> {
  try {
    return parseDotenv(await Deno.readTextFile(".env"));
  } catch {
    return {};
  }
}

/**
 * The environment as the entry points read it. Where the platform picks the address (`deno
 * serve`, Deno Deploy), `publicHost` makes the host default `0.0.0.0` unless one is configured,
 * so the app does not take the deployment's own `Host` header for a foreign one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryEnv } from "./prepare.ts";
 * assert.equal(entryEnv({}, true)("ACDC_MCP_HOST"), "0.0.0.0");
 * assert.equal(entryEnv({ MCP_SERVER_HOST: "127.0.0.1" }, true)("ACDC_MCP_HOST"), undefined);
 * assert.equal(entryEnv({}, false)("ACDC_MCP_HOST"), Deno.env.get("ACDC_MCP_HOST"));
 * ```
 */
export function entryEnv(
  dotenv: Record<string, string>,
  publicHost: boolean,
): (name: string) => string | undefined {
  const configured = ["ACDC_MCP_HOST", "MCP_SERVER_HOST"].some((name) =>
    Deno.env.get(name) !== undefined || dotenv[name] !== undefined
  );
  return (name) =>
    Deno.env.get(name) ??
      (name === "ACDC_MCP_HOST" && publicHost && !configured ? "0.0.0.0" : undefined);
}

/** The start-up lines of an HTTP entry once it listens: what it serves and where. */
export function logListening(served: Served, config: RuntimeConfig, address: Deno.Addr): void {
  log(
    `${served.name} serving ${served.documents} documents` +
      (config.auth.type !== "none" ? ` (auth: ${config.auth.type})` : ""),
  );
  if (!("hostname" in address)) {
    const where = "path" in address ? address.path : address.transport;
    log(`MCP endpoint: /mcp on ${where} (legacy SSE: /sse)`);
    return;
  }
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  log(`MCP endpoint: http://${host}:${address.port}/mcp (legacy SSE: /sse)`);
}

/** What {@link prepare} returns. */
export interface Prepared {
  stores: StoreCache;
  engines: EngineCache;
  /** Registers a callback for each rebuild in dev mode (`--watch`). */
  onRebuilt(listener: () => void | Promise<void>): void;
  /** What it serves, for the start-up lines. */
  served: Served;
  app: ShelfApp;
}

/** How the entry runs, as only the entry knows it. */
export interface EntryKind {
  /**
   * Whether other isolates may hold this deployment's legacy SSE streams (Deno Deploy,
   * `deno serve --parallel`): posts for a session not held here are then relayed to them, and
   * wait for an answer. A single process (`deno run`) answers 404 at once instead.
   */
  relay: boolean;
}

/** Builds the manifest source, the store cache (watching in dev mode) and the HTTP app. */
export async function prepare(config: RuntimeConfig, entry: EntryKind): Promise<Prepared> {
  for (const warning of unknownEnvWarnings(Object.keys(Deno.env.toObject()))) log(warning);
  const source = await manifestSource(config);
  const stores = createStoreCache({
    ...source.store,
    onError: (error) => log(`manifest reload failed, serving the last good copy: ${error}`),
  });
  const listeners: (() => void | Promise<void>)[] = [];
  const { rebuild, verify } = source;
  if (config.watch && rebuild) {
    const { watchFolders } = await import("./build/watch_folders.ts");
    watchFolders(source.folders, async () => {
      await rebuild();
      // The store cache (TTL 0 in dev) picks the new manifest up on the next request.
      await stores.get();
      for (const listener of listeners) await listener();
    });
  }
  const engines = createEngineCache({ ...source.engine, onWarning: (message) => log(message) });
  const app = createApp({
    stores,
    engines,
    search: config.search,
    auth: config.auth,
    ...(config.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
    maxBodyBytes: config.maxBodyBytes,
    sse: {
      maxStreams: config.maxSseStreams,
      listChanged: config.watch,
      ...(entry.relay ? {} : { channel: null }),
    },
    log: requestLogSink(),
    ...(source.store.chunkCache ? { chunkCache: source.store.chunkCache } : {}),
  });
  listeners.push(() => app.notifyChanged());
  // A prebuilt build is checked against the content folders while the server already answers;
  // a stale one is replaced by a build from the folders once that is ready.
  verify?.().then(async (rebuilt) => {
    if (!rebuilt) return;
    stores.reset();
    await stores.get();
    for (const listener of listeners) await listener();
  }).catch((error) =>
    log(`checking the prebuilt build against the content folders failed (still served): ${error}`)
  );
  return { stores, engines, served: source.served, app, onRebuilt: (l) => listeners.push(l) };
}

let stderrSink: LogSink | undefined;
/**
 * The process's request log: JSON lines on stderr, written off the request (one sink per
 * process, flushed at exit).
 */
function requestLogSink(): LogSink {
  if (!stderrSink) {
    const sink = createLogSink(Deno.stderr);
    globalThis.addEventListener("unload", () => sink.flushSync());
    stderrSink = sink;
  }
  return stderrSink;
}
