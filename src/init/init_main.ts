/**
 * `npx shelf-mcp init`: adds Shelf to the docs site in the current folder, writing the least it
 * can, and prints what it changed and the one command left.
 *
 * Usage: shelf-mcp init [--platform netlify|deno-deploy|cloudflare] [--content DIR] [--url URL]
 *        [--publish DIR] [--name NAME] [--auth oauth|apikey|bearer|basic] [--yes]
 *
 * For Netlify it writes `mcp-metadata.yaml` (what `/mcp` serves; kept when present),
 * `netlify/edge-functions/shelf.ts` (three lines importing the package) and `.gitignore`'s
 * `.shelf/` and `node_modules/` lines, and merges `netlify.toml` (`netlify_toml_plan.ts`). A second run changes
 * nothing. For Deno Deploy (`--platform deno-deploy`) it writes `shelf.ts` (one line) and
 * `deno.json`'s `deploy` section (`deno_json_plan.ts`) instead of the Netlify files; for
 * Cloudflare Workers (`--platform cloudflare`), `shelf-worker.ts` (three lines) and
 * `wrangler.toml`.
 *
 * @module
 */
import { parse } from "smol-toml";
import { ConfigError } from "../config/config_error.ts";
import { siteUrl } from "../build/parse_metadata.ts";
import { detectProject } from "./detect_project.ts";
import { netlifyTomlPlan, publishOf } from "./netlify_toml_plan.ts";
import { EditRefused } from "./edit_toml.ts";
import { DENO_ENTRY, denoJsonPlan } from "./deno_json_plan.ts";
import { writeEdgeImportMap } from "../build/edge_import_map.ts";

/** The flags of `init`. */
export interface InitArgs {
  content?: string;
  url?: string;
  publish?: string;
  name?: string;
  auth?: string;
  /** Where the site deploys: `netlify` (default) or `deno-deploy`. */
  platform: "netlify" | "deno-deploy" | "cloudflare";
  yes: boolean;
}

/** Parses the flags of `init`; an unknown one is a {@link ConfigError}. */
export function parseInitArgs(args: readonly string[]): InitArgs {
  const out: InitArgs = { yes: false, platform: "netlify" };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new ConfigError(name, "needs a value");
      return v;
    };
    if (name === "--yes" || name === "-y") out.yes = true;
    else if (name === "--content") out.content = value().replace(/^\.\/|\/+$/g, "");
    else if (name === "--url") out.url = siteUrl(value(), name);
    else if (name === "--publish") out.publish = value().replace(/^\.\/|\/+$/g, "");
    else if (name === "--name") out.name = value();
    else if (name === "--platform") {
      const platform = value();
      if (platform !== "netlify" && platform !== "deno-deploy" && platform !== "cloudflare") {
        throw new ConfigError(name, "must be netlify, deno-deploy or cloudflare");
      }
      out.platform = platform;
    } else if (name === "--auth") {
      out.auth = value();
      if (!["oauth", "apikey", "bearer", "basic"].includes(out.auth)) {
        throw new ConfigError(name, "must be oauth, apikey, bearer or basic");
      }
    } else {
      throw new ConfigError(
        name,
        "unknown flag (use --platform, --content, --url, --publish, --name, --auth, --yes)",
      );
    }
  }
  return out;
}

/** The edge function a Netlify site gets. */
export const NETLIFY_FUNCTION = [
  "// Shelf's MCP endpoint (/mcp), from the package shelf-mcp; `shelf-mcp build` writes the build.",
  'import build from "../../.shelf/edge/shelf_build.ts";',
  'import { netlifyEdge } from "shelf-mcp/netlify";',
  "export default netlifyEdge(build);",
  "",
].join("\n");

/** The configuration file `init` writes (YAML), for a site of one content folder. */
export function metadataYaml(options: { name: string; content: string; url?: string }): string {
  return [
    "# What Shelf's /mcp serves (https://www.npmjs.com/package/shelf-mcp); written by",
    "# `shelf-mcp init`, yours to edit: docs/configuration.md in the package lists every key.",
    "server:",
    `  name: ${JSON.stringify(options.name)}`,
    "content:",
    "  - name: docs",
    `    path: ./${options.content}`,
    ...(options.url ? [`    url: ${JSON.stringify(options.url)}`] : []),
    "",
  ].join("\n");
}

const read = (path: string) => Deno.readTextFile(path).catch(() => undefined);

/** A server name from the site's package.json or folder: letters, digits, `.`, `_`, `-`. */
async function serverName(root: string): Promise<string> {
  let name: string | undefined;
  try {
    name = JSON.parse(await read(`${root}/package.json`) ?? "{}").name;
  } catch {
    name = undefined;
  }
  const raw = (name ?? root.split("/").at(-1) ?? "docs").replace(/^@[^/]+\//, "");
  return raw.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "docs";
}

/** The site's own build when `netlify.toml` has none: its package.json's `build` script. */
async function siteBuild(root: string): Promise<string | undefined> {
  try {
    const pkg = JSON.parse(await read(`${root}/package.json`) ?? "{}");
    return typeof pkg.scripts?.build === "string" ? "npm run build" : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `text` to `path` unless it holds it already; says whether it wrote. */
async function write(path: string, text: string): Promise<boolean> {
  if ((await read(path)) === text) return false;
  await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
  await Deno.writeTextFile(path, text);
  return true;
}

/** Netlify: `netlify.toml` merged, the edge function written. */
async function netlify(root: string, config: string, args: InitArgs, detectedPublish: string) {
  const changed: string[] = [];
  const tomlPath = `${root}/netlify.toml`;
  const before = (await read(tomlPath)) ?? "";
  const publish = args.publish ?? publishOf(before) ?? detectedPublish;
  const shelfBuild = `npx shelf-mcp build --config ${config} --out ${publish}` +
    (args.auth ? " --private" : "");
  const siteCommand = await siteBuild(root);
  const after = netlifyTomlPlan(before, {
    shelfBuild,
    publish,
    functionName: "shelf",
    ...(siteCommand ? { siteBuild: siteCommand } : {}),
  });
  if (after !== before) {
    await Deno.writeTextFile(tomlPath, after);
    changed.push("netlify.toml (build command, routes, headers, import map)");
  }
  if (await write(`${root}/netlify/edge-functions/shelf.ts`, NETLIFY_FUNCTION)) {
    changed.push("netlify/edge-functions/shelf.ts (the edge function)");
  }
  return {
    changed,
    left: "git add -A && git commit && git push   (Netlify builds and deploys)",
    settings: "Netlify's site settings",
  };
}

/**
 * Deno Deploy: `deno.json`'s `deploy` section and import map, the entry, and the import map
 * itself (the build writes it again on every deploy).
 */
async function denoDeploy(root: string, config: string) {
  const changed: string[] = [];
  const before = await read(`${root}/deno.json`);
  const after = denoJsonPlan(before, {
    shelfBuild: `npx shelf-mcp build --config ${config}`,
    entrypoint: "shelf.ts",
    args: ["--config", config],
  });
  if (after !== before) {
    await Deno.writeTextFile(`${root}/deno.json`, after);
    changed.push("deno.json (deploy: install, build, entrypoint; the import map)");
  }
  if (await write(`${root}/shelf.ts`, DENO_ENTRY)) changed.push("shelf.ts (the entry)");
  await writeEdgeImportMap(`${root}/.shelf/edge`);
  return {
    changed,
    left: "deno deploy   (or link the repository in console.deno.com)",
    settings: "the Deno Deploy app's environment variables",
  };
}

/** The Worker entry a Cloudflare site gets. */
export const WORKER_ENTRY = [
  "// Shelf's MCP server as a Worker (the package shelf-mcp); `shelf-mcp build` writes the build.",
  'import build from "./.shelf/edge/shelf_build.ts";',
  'import { cloudflareWorker } from "shelf-mcp/cloudflare";',
  "export default cloudflareWorker(build);",
  "",
].join("\n");

/** The `wrangler.toml` of Shelf's Worker. */
export function wranglerToml(options: { name: string; shelfBuild: string }): string {
  return [
    "# Shelf's MCP server as a Cloudflare Worker (https://www.npmjs.com/package/shelf-mcp),",
    "# written by `shelf-mcp init`. Settings are the Worker's variables and secrets.",
    `name = ${JSON.stringify(options.name)}`,
    'main = "shelf-worker.ts"',
    'compatibility_date = "2026-11-01"',
    "",
    "# Shelf's build writes the Worker's modules (.shelf/edge/) before wrangler bundles them.",
    "[build]",
    `command = ${JSON.stringify(options.shelfBuild)}`,
    "",
  ].join("\n");
}

/**
 * Cloudflare Workers: `shelf-worker.ts` and `wrangler.toml` (refused when the site has a
 * `wrangler.toml` of its own Worker: Shelf's is a Worker of its own).
 */
async function cloudflare(root: string, config: string, name: string) {
  const changed: string[] = [];
  const existing = await read(`${root}/wrangler.toml`);
  if (existing === undefined) {
    await write(
      `${root}/wrangler.toml`,
      wranglerToml({
        name: `${name}-mcp`.toLowerCase().replace(/[^a-z0-9-]+/g, "-"),
        shelfBuild: `npx shelf-mcp build --config ${config} --out .shelf/public`,
      }),
    );
    changed.push("wrangler.toml (the Worker: name, entry, build command)");
  } else if ((parse(existing) as Record<string, unknown>).main !== "shelf-worker.ts") {
    throw new EditRefused(
      "wrangler.toml describes another Worker; Shelf is a Worker of its own: move that file, " +
        "or run init in a folder of its own",
    );
  }
  if (await write(`${root}/shelf-worker.ts`, WORKER_ENTRY)) {
    changed.push("shelf-worker.ts (the Worker's entry)");
  }
  await writeEdgeImportMap(`${root}/.shelf/edge`);
  return {
    changed,
    left: "npx wrangler deploy",
    settings: "the Worker's variables and secrets (npx wrangler secret put)",
  };
}

/** Runs `init` in `root`; returns the lines it prints. */
export async function init(root: string, args: InitArgs): Promise<string[]> {
  const project = await detectProject(root, args.content);
  if (!project) {
    throw new ConfigError(
      "--content",
      args.content === undefined
        ? "no docs folder found (looked for docs/, content/, src/content/docs/, …): pass --content DIR"
        : `${args.content} holds no .md, .mdx, .html or .txt file`,
    );
  }
  const url = args.url ?? project.url;
  const report = [
    `framework: ${project.dialect}${project.configFile ? ` (${project.configFile})` : ""}`,
    `content:   ${project.content}/`,
    `public URL: ${url ?? "unknown: pages are linked by acdc:// URIs (pass --url to link them)"}`,
  ];
  const changed: string[] = [];
  const config = "mcp-metadata.yaml";
  if ((await read(`${root}/${config}`)) === undefined) {
    await write(
      `${root}/${config}`,
      metadataYaml({
        name: args.name ?? await serverName(root),
        content: project.content,
        ...(url ? { url } : {}),
      }),
    );
    changed.push(`${config} (what /mcp serves)`);
  }
  const deploy = args.platform === "deno-deploy"
    ? await denoDeploy(root, config)
    : args.platform === "cloudflare"
    ? await cloudflare(root, config, args.name ?? await serverName(root))
    : await netlify(root, config, args, project.publish);
  changed.push(...deploy.changed);
  const ignore = (await read(`${root}/.gitignore`)) ?? "";
  const missing = [".shelf/", "node_modules/"].filter((line) =>
    !new RegExp(`^/?${line.replace(".", "\\.")}?$`, "m").test(ignore)
  );
  if (missing.length > 0) {
    const sep = ignore === "" || ignore.endsWith("\n") ? "" : "\n";
    await Deno.writeTextFile(`${root}/.gitignore`, `${ignore}${sep}${missing.join("\n")}\n`);
    changed.push(`.gitignore (${missing.join(", ")}: the build's edge modules, npm's folder)`);
  }
  report.push(
    changed.length === 0 ? "nothing to change: Shelf is set up" : "changed:",
    ...changed.map((c) => `  ${c}`),
  );
  if (args.auth) {
    report.push(
      `private site: in ${deploy.settings}, set ACDC_MCP_AUTH_TYPE=${args.auth} and its ` +
        "settings (docs/configuration.md#private-knowledge-bases); the build publishes no content",
    );
  }
  report.push(`left to do: ${deploy.left}`);
  return report;
}

if (import.meta.main) {
  try {
    for (const line of await init(Deno.cwd(), parseInitArgs(Deno.args))) console.log(line);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EditRefused) {
      console.error(`shelf-mcp init: ${error.message}`);
      Deno.exit(2);
    }
    throw error;
  }
}
