/**
 * Local and Deno Deploy entry point: resolves the configuration once (flags > environment >
 * `.env` > defaults), gets the manifest (built from the content folders, read from a file, or
 * fetched from a URL with a TTL), and serves it over HTTP or stdio. No logic lives here.
 *
 * @module
 */
import { createApp } from "./app.ts";
import { ConfigError } from "./config/config_error.ts";
import { loadContentConfig } from "./config/load_content_config.ts";
import {
  helpText,
  parseDotenv,
  resolveConfig,
  type RuntimeConfig,
} from "./config/resolve_config.ts";
import { buildFromFolders, formatReport } from "./content/build_from_folders.ts";
import { fetchManifest } from "./content/load_manifest.ts";
import { assertManifest, type Manifest } from "./content/manifest.ts";
import { createStoreCache } from "./content/store_cache.ts";
import { watchFolders } from "./content/watch_folders.ts";
import { createMcpServer } from "./protocol/mcp_server.ts";
import { isLoopback, LOOPBACK_ORIGINS } from "./transport/guards.ts";
import { serveStdio } from "./transport/stdio.ts";

const log = (message: string) => console.error(`[shelf] ${message}`);

async function readDotenv(): Promise<Record<string, string>> {
  try {
    return parseDotenv(await Deno.readTextFile(".env"));
  } catch {
    return {};
  }
}

/** The manifest source: `load` for the store cache, and folders to watch in dev mode. */
async function manifestSource(config: RuntimeConfig) {
  if (config.manifest !== undefined) {
    if (/^https?:\/\//.test(config.manifest)) {
      const load = fetchManifest(config.manifest);
      const first = await load();
      return { load, first, ttlMs: first.settings?.cacheTtlMs, folders: [] as string[] };
    }
    let manifest: unknown;
    try {
      manifest = JSON.parse(await Deno.readTextFile(config.manifest));
    } catch (error) {
      throw new ConfigError(
        "--manifest",
        `cannot read ${config.manifest}: ${(error as Error).message}`,
      );
    }
    assertManifest(manifest);
    const m: Manifest = manifest;
    return { load: () => m, first: m, ttlMs: m.settings?.cacheTtlMs, folders: [] as string[] };
  }
  const content = await loadContentConfig({
    ...(config.config !== undefined ? { config: config.config } : {}),
    ...(config.content !== undefined ? { content: config.content } : {}),
  });
  for (const warning of content.warnings) log(`config warning: ${warning}`);
  const build = async () => {
    const { manifest, report } = await buildFromFolders(content);
    log(formatReport(report).replaceAll("\n", "\n[shelf] "));
    if (report.errors.length > 0) {
      log(`${report.errors.length} file(s) skipped because of errors (above)`);
    }
    return manifest;
  };
  let current = await build();
  return {
    load: () => current,
    first: current,
    ttlMs: config.watch ? 0 : content.settings.cacheTtlMs,
    folders: content.sources.map((s) => s.path),
    rebuild: async () => {
      current = await build();
      log(`rebuilt: ${current.documents.length} documents`);
    },
  };
}

async function main(): Promise<void> {
  const config = resolveConfig({
    args: Deno.args,
    env: (name) => Deno.env.get(name),
    dotenv: await readDotenv(),
  });
  if (config.help) {
    console.log(helpText());
    return;
  }
  const source = await manifestSource(config);
  const stores = createStoreCache({
    load: source.load,
    ...(source.ttlMs !== undefined ? { ttlMs: source.ttlMs } : {}),
    onError: (error) => log(`manifest reload failed, serving the last good copy: ${error}`),
  });
  if (config.watch && "rebuild" in source) {
    watchFolders(source.folders, source.rebuild);
  }
  if (config.transport === "stdio") {
    const server = createMcpServer({ stores, search: config.search });
    const out = Deno.stdout.writable.getWriter();
    const encoder = new TextEncoder();
    log(`${source.first.server.name} on stdio, ${source.first.documents.length} documents`);
    await serveStdio({
      server,
      input: Deno.stdin.readable,
      write: (line) => out.write(encoder.encode(line)),
    });
    return;
  }
  const loopback = isLoopback(config.host);
  const app = createApp({
    stores,
    search: config.search,
    auth: config.auth,
    allowedOrigins: config.allowedOrigins ?? (loopback ? LOOPBACK_ORIGINS : ["*"]),
    loopbackOnly: loopback,
    maxBodyBytes: config.maxBodyBytes,
    sse: { maxStreams: config.maxSseStreams },
    ...(source.first.settings?.cacheTtlMs !== undefined
      ? { ttlMs: source.first.settings.cacheTtlMs }
      : {}),
    log: (entry) => console.error(JSON.stringify(entry)),
  });
  Deno.serve({
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) => {
      const host = hostname.includes(":") ? `[${hostname}]` : hostname;
      log(
        `${source.first.server.name} serving ${source.first.documents.length} documents` +
          (config.auth.type !== "none" ? ` (auth: ${config.auth.type})` : ""),
      );
      log(`MCP endpoint: http://${host}:${port}/mcp (legacy SSE: /sse)`);
    },
  }, app.fetch);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`shelf: ${error.message}`);
      Deno.exit(2);
    }
    throw error;
  }
}
