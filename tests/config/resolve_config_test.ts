import assert from "node:assert/strict";
import { helpText } from "../../src/config/help_text.ts";
import { parseArgv } from "../../src/config/parse_argv.ts";
import { parseDotenv } from "../../src/config/parse_dotenv.ts";
import { type ConfigSources, resolveConfig as resolve } from "../../src/config/resolve_config.ts";
import { SETTINGS } from "../../src/config/settings_table.ts";

/** The CLI's path: flags parsed by parseArgv, then resolved. */
const resolveConfig = (s: Omit<ConfigSources, "flags"> & { args: readonly string[] }) =>
  resolve({ env: s.env, flags: parseArgv(s.args), ...(s.dotenv ? { dotenv: s.dotenv } : {}) });
import { ConfigError } from "../../src/config/config_error.ts";

const none = () => undefined;
const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("resolveConfig: defaults", () => {
  assert.deepEqual(resolveConfig({ args: [], env: none }), {
    transport: "http",
    host: "127.0.0.1",
    port: 8080,
    search: { boosts: {} },
    auth: { type: "none" },
    maxBodyBytes: 1048576,
    maxSseStreams: 1000,
    watch: false,
    lenient: false,
    help: false,
  });
});

Deno.test("resolveConfig: flag > environment > .env > default, per setting", () => {
  const dotenv = {
    ACDC_MCP_PORT: "1111",
    ACDC_MCP_HOST: "10.0.0.1",
    ACDC_MCP_SEARCH_MAX_RESULTS: "4",
    ACDC_MCP_TRANSPORT: "stdio",
  };
  const env = envOf({ ACDC_MCP_PORT: "2222", ACDC_MCP_HOST: "0.0.0.0" });
  const cfg = resolveConfig({ args: ["-p", "3333"], env, dotenv });
  assert.equal(cfg.port, 3333, "flag beats env and .env");
  assert.equal(cfg.host, "0.0.0.0", "env beats .env");
  assert.equal(cfg.search.maxResults, 4, ".env beats default");
  assert.equal(cfg.transport, "stdio");
  assert.equal(resolveConfig({ args: [], env, dotenv }).port, 2222);
  assert.equal(resolveConfig({ args: [], env: none, dotenv }).port, 1111);
});

Deno.test("resolveConfig: ACDC names and TechDoc aliases", () => {
  const cfg = resolveConfig({
    args: ["-c", "kb.yaml", "-m", "7", "--search-name-boost=4.5", "-t", "sse"],
    env: envOf({
      MCP_SERVER_HOST: "0.0.0.0",
      MCP_SERVER_PORT: "8001",
      MCP_AUTH_REQUIRED: "true",
      MCP_API_KEY: "tk",
      MCP_ALLOWED_ORIGINS: "https://a.dev, https://b.dev",
      ACDC_MCP_SEARCH_CONTENT_BOOST: "0.5",
    }),
  });
  assert.equal(cfg.config, "kb.yaml");
  assert.equal(cfg.transport, "http");
  assert.equal(cfg.host, "0.0.0.0");
  assert.equal(cfg.port, 8001);
  assert.deepEqual(cfg.search, { maxResults: 7, boosts: { name: 4.5, content: 0.5 } });
  assert.deepEqual(cfg.auth, { type: "bearer", keys: ["tk"] });
  assert.deepEqual(cfg.allowedOrigins, ["https://a.dev", "https://b.dev"]);
  const acdcWins = resolveConfig({
    args: [],
    env: envOf({ ACDC_MCP_PORT: "9", MCP_SERVER_PORT: "8001" }),
  });
  assert.equal(acdcWins.port, 9);
});

Deno.test("resolveConfig: auth modes and their errors", () => {
  assert.deepEqual(
    resolveConfig({ args: ["-a", "basic", "-u", "ann", "-P", "pw"], env: none }).auth,
    {
      type: "basic",
      username: "ann",
      password: "pw",
    },
  );
  assert.deepEqual(resolveConfig({ args: ["-a", "apikey", "-k", "k1, k2"], env: none }).auth, {
    type: "apikey",
    keys: ["k1", "k2"],
  });
  assert.deepEqual(
    resolveConfig({
      args: ["-a", "oauth", "--oauth-issuer", "https://id.example", "--oauth-scopes", "a b,c"],
      env: none,
    }).auth,
    {
      type: "oauth",
      issuer: "https://id.example",
      required: true,
      scopes: ["a", "b", "c"],
      algorithms: [
        "RS256",
        "RS384",
        "RS512",
        "PS256",
        "PS384",
        "PS512",
        "ES256",
        "ES384",
        "ES512",
        "EdDSA",
      ],
      clockSkewSeconds: 60,
    },
  );
  const bad: [string[], RegExp][] = [
    [["-a", "basic", "-u", "ann"], /^--auth-type: basic auth needs/],
    [["-a", "bearer"], /^--auth-type: bearer auth needs keys/],
    [
      ["-a", "kerberos"],
      /^--auth-type: must be none, basic, apikey, bearer or oauth, got 'kerberos'$/,
    ],
    [["-a", "oauth"], /^--auth-type: oauth needs --oauth-issuer/],
    [
      ["-a", "oauth", "--oauth-issuer", "https://id.example", "--oauth-algorithms", "HS256"],
      /^--oauth-algorithms: 'HS256' is not allowed: tokens must be signed with an asymmetric key/,
    ],
    [["-p", "99999"], /^--port: must be an integer from 0 to 65535/],
    [["-m", "0"], /^--search-max-results: must be an integer from 1 to 100/],
    [
      ["--search-name-boost", "-1"],
      /^--search-name-boost: must be a number from 0 to 1000, got '-1'$/,
    ],
    [["--nope"], /^--nope: unknown flag/],
    [["--config", "a", "--content", "b"], /^--content: cannot be combined/],
  ];
  for (const [args, pattern] of bad) {
    assert.throws(() => resolveConfig({ args, env: none }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, pattern, args.join(" "));
      return true;
    });
  }
  assert.throws(
    () => resolveConfig({ args: [], env: envOf({ ACDC_MCP_PORT: "http" }) }),
    /ACDC_MCP_PORT: must be an integer/,
  );
  assert.throws(
    () => resolveConfig({ args: [], env: none, dotenv: { ACDC_MCP_PORT: "x" } }),
    /ACDC_MCP_PORT \(\.env\): must be an integer/,
  );
});

Deno.test("parseDotenv and --help", () => {
  assert.deepEqual(parseDotenv("A=1\n# x\nexport B='q r'\nC=\"l1\\nl2\"\nbad line\nD=v # c\n"), {
    A: "1",
    B: "q r",
    C: "l1\nl2",
    D: "v",
  });
  const help = helpText();
  for (const s of SETTINGS) {
    for (const name of [...s.flags, ...s.env]) assert.ok(help.includes(name), name);
  }
});
