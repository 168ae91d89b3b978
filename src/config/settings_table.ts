/** One setting: its flags, variables (first wins), default and meaning. */
export interface Setting {
  key: string;
  flags: string[];
  env: string[];
  default: string;
  help: string;
  boolean?: boolean;
}

/** Every setting: its flags, variables (first wins), default and meaning. `--help` prints it. */
export const SETTINGS: readonly Setting[] = [
  {
    key: "config",
    flags: ["--config", "-c"],
    env: ["ACDC_MCP_CONFIG"],
    default: "",
    help: "mcp-metadata.yaml with server identity and sources",
  },
  {
    key: "content",
    flags: ["--content"],
    env: ["SHELF_CONTENT"],
    default: "./content",
    help: "serve one folder as the source 'docs'",
  },
  {
    key: "manifest",
    flags: ["--manifest"],
    env: ["SHELF_MANIFEST"],
    default: "",
    help: "serve a prebuilt manifest (file or https URL) instead of building",
  },
  {
    key: "transport",
    flags: ["--transport", "-t"],
    env: ["ACDC_MCP_TRANSPORT"],
    default: "http",
    help: "http (also 'sse': Streamable HTTP and legacy SSE) or stdio",
  },
  {
    key: "host",
    flags: ["--host", "-H"],
    env: ["ACDC_MCP_HOST", "MCP_SERVER_HOST"],
    default: "127.0.0.1",
    help: "address to bind",
  },
  {
    key: "port",
    flags: ["--port", "-p"],
    env: ["ACDC_MCP_PORT", "MCP_SERVER_PORT"],
    default: "8080",
    help: "port (0 picks a free one)",
  },
  {
    key: "searchMaxResults",
    flags: ["--search-max-results", "-m"],
    env: ["ACDC_MCP_SEARCH_MAX_RESULTS"],
    default: "10",
    help: "results of the search tool",
  },
  {
    key: "keywordsBoost",
    flags: ["--search-keywords-boost"],
    env: ["ACDC_MCP_SEARCH_KEYWORDS_BOOST"],
    default: "3",
    help: "weight of keyword matches",
  },
  {
    key: "nameBoost",
    flags: ["--search-name-boost"],
    env: ["ACDC_MCP_SEARCH_NAME_BOOST"],
    default: "2",
    help: "weight of name/title matches",
  },
  {
    key: "contentBoost",
    flags: ["--search-content-boost"],
    env: ["ACDC_MCP_SEARCH_CONTENT_BOOST"],
    default: "1",
    help: "weight of content matches",
  },
  {
    key: "authType",
    flags: ["--auth-type", "-a"],
    env: ["ACDC_MCP_AUTH_TYPE"],
    default: "none",
    help: "none, basic, apikey or bearer",
  },
  {
    key: "basicUsername",
    flags: ["--auth-basic-username", "-u"],
    env: ["ACDC_MCP_AUTH_BASIC_USERNAME"],
    default: "",
    help: "user name for basic auth",
  },
  {
    key: "basicPassword",
    flags: ["--auth-basic-password", "-P"],
    env: ["ACDC_MCP_AUTH_BASIC_PASSWORD"],
    default: "",
    help: "password for basic auth",
  },
  {
    key: "apiKeys",
    flags: ["--auth-api-keys", "-k"],
    env: ["ACDC_MCP_AUTH_API_KEYS"],
    default: "",
    help: "comma-separated keys for apikey (X-API-Key) or bearer auth",
  },
  {
    key: "authRequired",
    flags: [],
    env: ["MCP_AUTH_REQUIRED"],
    default: "false",
    help: "TechDoc alias: true means bearer auth with MCP_API_KEY",
  },
  {
    key: "apiKey",
    flags: [],
    env: ["MCP_API_KEY"],
    default: "",
    help: "TechDoc alias: the bearer key",
  },
  {
    key: "maxResponseTokens",
    flags: ["--max-response-tokens"],
    env: ["SHELF_MAX_RESPONSE_TOKENS"],
    default: "6000",
    help: "budget of one tool answer in tokens (long documents are read in parts)",
  },
  {
    key: "allowedOrigins",
    flags: ["--allowed-origins"],
    env: ["MCP_ALLOWED_ORIGINS"],
    default: "",
    help:
      "comma-separated browser origins, or *; default: localhost origins when bound to loopback, else *",
  },
  {
    key: "maxBodyBytes",
    flags: ["--max-body-bytes"],
    env: ["SHELF_MAX_BODY_BYTES"],
    default: "1048576",
    help: "largest request body (413 beyond)",
  },
  {
    key: "maxSseStreams",
    flags: ["--max-sse-streams"],
    env: ["SHELF_MAX_SSE_STREAMS"],
    default: "1000",
    help: "open legacy SSE streams (503 beyond)",
  },
  {
    key: "watch",
    flags: ["--watch"],
    env: [],
    default: "false",
    help: "rebuild when content changes (deno task dev)",
    boolean: true,
  },
  {
    key: "lenient",
    flags: ["--lenient"],
    env: ["SHELF_LENIENT"],
    default: "false",
    help: "unknown keys in the config file are warnings instead of errors",
    boolean: true,
  },
  {
    key: "help",
    flags: ["--help", "-h"],
    env: [],
    default: "false",
    help: "show this text",
    boolean: true,
  },
];
