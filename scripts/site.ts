/**
 * `deno task site`: the site a Netlify deploy publishes, for `netlify dev` (its `[dev]
 * command`) or on its own. Builds once (so the edge function finds `dist/_shelf/`), serves
 * `dist/` as static files, and rebuilds when a file in a content folder changes; `netlify dev`
 * then reloads the edge function, whose module graph includes the rebuilt manifest.
 *
 * Usage: deno task site [--port N] [build flags: --config FILE | --content DIR, --out DIR, …]
 *
 * @module
 */
import { ConfigError } from "../src/config/config_error.ts";
import { watchFolders } from "../src/build/watch_folders.ts";
import { parseBuildArgs, writeBuild } from "./build.ts";
import { bundleRuntime, RUNTIME_ENTRY } from "./bundle_runtime.ts";

const TYPES: Record<string, string> = {
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

/** Serves files under `root`; paths that leave it, or name no file, are 404. */
export async function serveFile(root: string, pathname: string): Promise<Response> {
  const parts = decodeURIComponent(pathname).split("/").filter((p) => p !== "");
  if (parts.some((p) => p === ".." || p === "." || p.includes("\0"))) {
    return new Response("Not found\n", { status: 404 });
  }
  let path = [root, ...parts].join("/");
  try {
    if ((await Deno.stat(path)).isDirectory) path += "/index.html";
    const body = await Deno.readFile(path);
    const type = TYPES[path.slice(path.lastIndexOf("."))] ?? "application/octet-stream";
    return new Response(body, { headers: { "content-type": type } });
  } catch {
    return new Response("Not found\n", { status: 404 });
  }
}

async function main(): Promise<number> {
  const args = [...Deno.args];
  let port = 8788;
  const at = args.findIndex((a) => a === "--port" || a.startsWith("--port="));
  if (at !== -1) {
    const [flag] = args.splice(at, 1) as [string];
    const value = flag.includes("=") ? flag.slice(flag.indexOf("=") + 1) : args.splice(at, 1)[0];
    port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new ConfigError("--port", "must be a port number");
    }
  }
  const build = parseBuildArgs(args);
  // The function `netlify dev` runs imports the bundled runtime (`lib/`): made now, and again
  // when a source of it changes.
  await bundleRuntime();
  watchFolders([new URL("../src", import.meta.url).pathname], async () => {
    await bundleRuntime().then(
      () => console.log(`site: bundled ${RUNTIME_ENTRY} again into lib/`),
      (error) => console.error(`site: bundling failed; lib/ is the last good bundle: ${error}`),
    );
  });
  const first = await writeBuild(build);
  if (first.code !== 0) return first.code;
  watchFolders(first.folders, async () => {
    const { code } = await writeBuild(build);
    if (code !== 0) console.error("site: rebuild failed; still serving the last good build");
  });
  Deno.serve({
    hostname: "127.0.0.1",
    port,
    onListen: ({ port }) =>
      console.log(`site: serving ${build.out}/ on http://127.0.0.1:${port}, watching content`),
  }, (request) => serveFile(build.out, new URL(request.url).pathname));
  return await new Promise<number>(() => {});
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`site: ${error.message}`);
      Deno.exit(2);
    }
    throw error;
  }
}
