/**
 * `deno serve` entry (Deno Deploy, or `deno serve -A src/serve.ts`): settings come from the
 * environment and `.env` (there are no flags), the app is prepared once, and its `fetch` is
 * exported for the runtime to call.
 *
 * @module
 */
import { resolveConfig } from "./config/resolve_config.ts";
import { entryEnv, prepare, readDotenv } from "./prepare.ts";

const dotenv = await readDotenv();
// `deno serve` picks the address itself (0.0.0.0 by default), so unless a host is configured
// the app must not assume loopback and refuse the deployment's own Host header.
const config = resolveConfig({ env: entryEnv(dotenv, true), dotenv });
const { app } = await prepare(config);

/** The handler `deno serve` calls for every request. */
export default { fetch: app.fetch } satisfies Deno.ServeDefaultExport;
