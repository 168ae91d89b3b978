/**
 * Local and Deno Deploy entry point: resolves the configuration once (flags > environment >
 * `.env` > defaults) and serves over HTTP with `Deno.serve`, or over stdio. For `deno serve`,
 * use `src/serve.ts`. No logic lives here.
 *
 * @module
 */
import { ConfigError } from "./config/config_error.ts";
import { helpText } from "./config/help_text.ts";
import { parseArgv } from "./config/parse_argv.ts";
import { resolveConfig } from "./config/resolve_config.ts";
import { entryEnv, log, logListening, prepare, readDotenv } from "./prepare.ts";
import { serveStdio } from "./transport/stdio.ts";

async function main(): Promise<void> {
  const dotenv = await readDotenv();
  // On Deno Deploy the platform binds the address and runs isolates side by side.
  const onDeploy = Deno.env.get("DENO_DEPLOYMENT_ID") !== undefined;
  const config = resolveConfig({
    flags: parseArgv(Deno.args),
    env: entryEnv(dotenv, onDeploy),
    dotenv,
  });
  if (config.help) {
    console.log(helpText());
    return;
  }
  const { served, app, onRebuilt } = await prepare(config, { relay: onDeploy });
  if (config.transport === "stdio") {
    app.shutdown();
    const out = Deno.stdout.writable.getWriter();
    const encoder = new TextEncoder();
    log(`${served.name} on stdio, ${served.documents} documents`);
    await serveStdio({
      server: app.server,
      input: Deno.stdin.readable,
      write: (line) => out.write(encoder.encode(line)),
      ...(config.watch ? { onReady: (notify: () => Promise<void>) => onRebuilt(notify) } : {}),
    });
    return;
  }
  Deno.serve({
    hostname: config.host,
    port: config.port,
    onListen: (address) => {
      app.listening(address);
      logListening(served, config, address);
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
