/**
 * `deno serve` entry (Deno Deploy, or `deno serve -A src/serve.ts`): settings come from the
 * environment and `.env` (there are no flags), the app is prepared once, and its `fetch` is
 * exported for the runtime to call.
 *
 * @module
 */
import { resolveConfig } from "./config/resolve_config.ts";
import { prepare, readDotenv } from "./prepare.ts";

const dotenv = await readDotenv();
const config = resolveConfig({
  args: [],
  // `deno serve` picks the address itself (0.0.0.0 by default), so unless a host is configured
  // the app must not assume loopback and refuse the deployment's own Host header.
  env: (name) =>
    Deno.env.get(name) ??
      (name === "ACDC_MCP_HOST" && !dotenv.ACDC_MCP_HOST && !Deno.env.get("MCP_SERVER_HOST") &&
          !dotenv.MCP_SERVER_HOST
        ? "0.0.0.0"
        : undefined),
  dotenv,
});
const { app } = await prepare(config);

/** The handler `deno serve` calls for every request. */
export default { fetch: app.fetch } satisfies Deno.ServeDefaultExport;
