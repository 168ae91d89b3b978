/**
 * What `shelf-mcp init` adds to a site's `netlify.toml`: Shelf's build after the site's own (in
 * `[build]` and in every deploy context that sets its own command), the publish folder when
 * none is set, the import map of the edge function, its routes and the agent files' headers.
 * Each change is a minimal edit (`edit_toml.ts`); what is there already is left alone, so a
 * second run changes nothing.
 *
 * @module
 */
import { parse } from "smol-toml";
import { appendTable, EditRefused, setString } from "./edit_toml.ts";

/** The routes of Shelf's edge function (Shelf's own `netlify.toml` declares the same). */
export const EDGE_ROUTES = [
  "/mcp",
  "/mcp/openai",
  "/sse",
  "/messages",
  "/health",
  "/.well-known/mcp",
  "/.well-known/mcp.json",
  "/llms.txt",
  "/llms-full.txt",
  "/_shelf/*",
  "/.well-known/mcp/catalog.json",
  "/.well-known/ai-catalog.json",
  "/mcp/server-card",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
];

/** The content types and links of the static agent files (Shelf's own `netlify.toml` too). */
export const SITE_FILE_HEADERS: Record<string, Record<string, string>> = {
  "/llms.txt": { "Content-Type": "text/plain; charset=utf-8" },
  "/llms-full.txt": { "Content-Type": "text/plain; charset=utf-8" },
  "/_shelf/md/*": {
    "Content-Type": "text/markdown; charset=utf-8",
    Link: '</llms.txt>; rel="describedby"; type="text/plain"',
  },
  "/_shelf/index/*": {
    "Content-Type": "text/markdown; charset=utf-8",
    Link: '</llms.txt>; rel="describedby"; type="text/plain"',
  },
};

/** Where the build writes the edge function's import map. */
export const IMPORT_MAP = ".shelf/edge/import_map.json";

/** What the plan needs to know of the site. */
export interface NetlifyPlanInput {
  /** Shelf's build command (`npx shelf-mcp build …`). */
  shelfBuild: string;
  /** The site's own build command when `netlify.toml` has none (from package.json). */
  siteBuild?: string;
  /** The site's publish folder when `netlify.toml` has none (the framework's default). */
  publish: string;
  /** The edge function's name (its file under `netlify/edge-functions/`). */
  functionName: string;
}

type Table = Record<string, unknown>;

/** Whether `command` already runs Shelf's build. */
const runsShelf = (command: string) => /\bshelf-mcp(@\S+)? build\b/.test(command);

/** `command` followed by Shelf's build (once). */
const withShelf = (command: string | undefined, shelf: string) =>
  command === undefined || command.trim() === ""
    ? shelf
    : runsShelf(command)
    ? command
    : `${command} && ${shelf}`;

/**
 * The publish folder `netlify.toml` names, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { publishOf } from "./netlify_toml_plan.ts";
 * assert.equal(publishOf('[build]\npublish = "site"\n'), "site");
 * assert.equal(publishOf(""), undefined);
 * ```
 */
export function publishOf(text: string): string | undefined {
  const build = (parse(text) as Table).build as Table | undefined;
  return typeof build?.publish === "string" ? build.publish : undefined;
}

/**
 * `text` (a `netlify.toml`, possibly empty) with Shelf added. Throws a `EditRefused` naming
 * what to add by hand when an edit cannot be minimal, or when the file sets an import map of
 * its own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { netlifyTomlPlan } from "./netlify_toml_plan.ts";
 * const input = { shelfBuild: "npx shelf-mcp build", publish: "build", functionName: "shelf" };
 * const once = netlifyTomlPlan('[build]\n  command = "npm run build" # docusaurus\n', input);
 * assert.match(once, /command = "npm run build && npx shelf-mcp build" # docusaurus/);
 * assert.match(once, /\[\[edge_functions\]\]\n  path = "\/mcp"\n  function = "shelf"/);
 * assert.equal(netlifyTomlPlan(once, input), once);
 * ```
 */
export function netlifyTomlPlan(text: string, input: NetlifyPlanInput): string {
  let doc = parse(text) as Table;
  let out = text;
  const build = (doc.build ?? {}) as Table;
  const siteCommand = typeof build.command === "string" ? build.command : input.siteBuild;
  out = setString(out, ["build", "command"], withShelf(siteCommand, input.shelfBuild));
  if (typeof build.publish !== "string") out = setString(out, ["build", "publish"], input.publish);
  // A deploy context's own command replaces [build]'s there: Shelf's build follows it too.
  for (const [name, context] of Object.entries((doc.context ?? {}) as Record<string, Table>)) {
    if (typeof context?.command === "string") {
      out = setString(
        out,
        ["context", name, "command"],
        withShelf(context.command, input.shelfBuild),
      );
    }
  }
  const functions = (doc.functions ?? {}) as Table;
  if (functions.deno_import_map === undefined) {
    out = setString(out, ["functions", "deno_import_map"], IMPORT_MAP);
  } else if (functions.deno_import_map !== IMPORT_MAP) {
    throw new EditRefused(
      `netlify.toml names its own import map (${functions.deno_import_map}); Shelf's edge ` +
        `function needs the one its build writes, ${IMPORT_MAP}: merge its imports into yours`,
    );
  }
  doc = parse(out) as Table;
  const routes = new Set(
    ((doc.edge_functions ?? []) as Table[])
      .filter((r) => r.function === input.functionName).map((r) => r.path),
  );
  for (const path of EDGE_ROUTES) {
    if (!routes.has(path)) {
      out = appendTable(out, "edge_functions", { path, function: input.functionName });
    }
  }
  const headers = new Set(((doc.headers ?? []) as Table[]).map((h) => h.for));
  for (const [path, values] of Object.entries(SITE_FILE_HEADERS)) {
    if (!headers.has(path)) out = appendTable(out, "headers", { for: path, values });
  }
  return out;
}
