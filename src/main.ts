/**
 * Local and Deno Deploy entry point: reads flags and config once, builds the manifest from the
 * content folders, and serves the app. No logic lives here.
 *
 * @module
 */
import { createApp } from "./app.ts";
import { ConfigError } from "./config/config_error.ts";
import { loadContentConfig } from "./config/load_content_config.ts";
import { HELP, parseFlags } from "./config/parse_flags.ts";
import { buildFromFolders, formatReport } from "./content/build_from_folders.ts";
import { createStoreCache } from "./content/store_cache.ts";
import { watchFolders } from "./content/watch_folders.ts";

async function main(args: string[]): Promise<void> {
  const flags = parseFlags(args);
  if (flags.help) {
    console.log(HELP);
    return;
  }
  const content = await loadContentConfig(flags);
  for (const warning of content.warnings) console.error(`[shelf] config warning: ${warning}`);
  const build = async () => {
    const { manifest, report } = await buildFromFolders(content);
    console.error(`[shelf] ${formatReport(report).replaceAll("\n", "\n[shelf] ")}`);
    if (report.errors.length > 0) {
      console.error(`[shelf] ${report.errors.length} file(s) skipped because of errors (above)`);
    }
    return manifest;
  };
  let manifest = await build();
  const ttlMs = flags.watch ? 0 : content.settings.cacheTtlMs;
  const app = createApp({
    stores: createStoreCache({ load: () => manifest, ...(ttlMs !== undefined ? { ttlMs } : {}) }),
    ...(content.settings.cacheTtlMs !== undefined ? { ttlMs: content.settings.cacheTtlMs } : {}),
  });
  if (flags.watch) {
    // Dev mode: rebuild on every change; the store cache (TTL 0) swaps in the new manifest on
    // the next request when its content hash differs. Clients see the change on their next
    // list call; stateless HTTP has no open connection to push list_changed on.
    watchFolders(content.sources.map((s) => s.path), async () => {
      manifest = await build();
      console.error(`[shelf] rebuilt: ${manifest.documents.length} documents`);
    });
  }
  const hostname = flags.host ?? "127.0.0.1";
  Deno.serve({
    hostname,
    port: flags.port ?? 8080,
    onListen: ({ hostname, port }) => {
      const host = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.error(
        `[shelf] ${manifest.server.name} serving ${manifest.documents.length} documents`,
      );
      console.error(`[shelf] MCP endpoint: http://${host}:${port}/mcp`);
    },
  }, app.fetch);
}

if (import.meta.main) {
  try {
    await main(Deno.args);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`shelf: ${error.message}`);
      Deno.exit(2);
    }
    throw error;
  }
}
