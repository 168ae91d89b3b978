/**
 * `deno serve` entry (Deno Deploy, or `deno serve -A src/serve.ts`): settings come from the
 * script's arguments (`deno serve -A src/serve.ts --config mcp-metadata.yaml`, or Deno Deploy's
 * `deploy.runtime.args`), the environment and `.env`; the app is prepared once, and its `fetch`
 * is exported for the runtime to call. A site that installed the package exports this module's
 * default from its entry (`export { default } from "shelf-mcp/serve"`).
 *
 * @module
 */
import { parseArgv } from "./config/parse_argv.ts";
import { resolveConfig } from "./config/resolve_config.ts";
import { entryEnv, logListening, prepare, readDotenv } from "./prepare.ts";

const dotenv = await readDotenv();
// `deno serve` picks the address itself (`--host`, 0.0.0.0 by default) and reports it to
// `onListen`: the app's Host and Origin guard follows that address, not a host setting.
const config = resolveConfig({ flags: parseArgv(Deno.args), env: entryEnv(dotenv, false), dotenv });
// `deno serve --parallel` runs several isolates: a stream may be held by another one.
const { app, served } = await prepare(config, { relay: true });

/** The handler `deno serve` calls for every request, and where it tells the app its address. */
export default {
  fetch: app.fetch,
  onListen: (address: Deno.Addr) => {
    // A Unix socket is reached through whatever proxies to it: guarded as a public server.
    if ("hostname" in address) app.listening(address);
    logListening(served, config, address);
  },
} satisfies Deno.ServeDefaultExport;
