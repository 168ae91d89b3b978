/**
 * Netlify's own tools for the bundle test: `@netlify/edge-bundler` and the Node.js it needs,
 * pinned in `tests/netlify/tools/package.json` and installed from the npm registry into
 * `dist/.netlify-tools` (once; again only when the pins change).
 */
import { ROOT } from "../helpers.ts";

const PINS = `${ROOT}/tests/netlify/tools/package.json`;
const DIR = `${ROOT}/dist/.netlify-tools`;

/** Paths of the installed tools. */
export interface NetlifyTools {
  /** Node.js ≥ 22.12 (the bundler's engine requirement). */
  node: string;
  /** The bundler's package entry, for `import()` from Node. */
  bundler: string;
  /** The eszip reader vendored inside the bundler (the one it writes bundles with). */
  eszipModule: string;
  /** The import map that resolves the bundler's vendored Deno modules offline. */
  vendorImportMap: string;
}

/** Runs a command and returns its stdout, throwing with all its output when it fails. */
export async function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd, env, stdout: "piped", stderr: "piped" })
    .output();
  const stdout = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) {
    const stderr = new TextDecoder().decode(out.stderr);
    throw new Error(`${cmd} ${args.join(" ")} failed (${out.code}):\n${stdout}${stderr}`);
  }
  return stdout;
}

/** Installs (when needed) and returns Netlify's bundler and Node 22. */
export async function netlifyTools(): Promise<NetlifyTools> {
  const pins = await Deno.readTextFile(PINS);
  const installed = await Deno.readTextFile(`${DIR}/package.json`).catch(() => "");
  const vendor = `${DIR}/node_modules/@netlify/edge-bundler/deno/vendor`;
  const tools: NetlifyTools = {
    node: `${DIR}/node_modules/.bin/node`,
    bundler: `${DIR}/node_modules/@netlify/edge-bundler/dist/node/index.js`,
    eszipModule: `${vendor}/deno.land/x/eszip@v0.55.2/mod.ts`,
    vendorImportMap: `${vendor}/import_map.json`,
  };
  const present = await Promise.all(
    Object.values(tools).map((p) => Deno.stat(p).then(() => true, () => false)),
  );
  if (installed !== pins || !present.every(Boolean)) await installPinned(PINS, DIR);
  return tools;
}

/** Installs the packages pinned in the `package.json` at `pins` into `dir` from the registry. */
export async function installPinned(pins: string, dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/package.json`, await Deno.readTextFile(pins));
  await run("npm", ["install", "--no-audit", "--no-fund", "--no-save"], dir);
}
