#!/usr/bin/env node
// shelf-mcp: runs Shelf's TypeScript sources (shipped in this package) with the Deno binary npm
// installed with it (the pinned `@deno/<platform>` package), so that a machine with only
// Node.js runs Shelf:
//
//   shelf-mcp [server flags]   serve (stdio unless --port, --host or --transport, or -p, -H, -t, says HTTP)
//   shelf-mcp build [flags]    build the manifest, index and edge modules (deno task build)
//   shelf-mcp init [flags]     add Shelf to the docs site in the current folder
//
// Deno reads no configuration of the folder it runs in (--no-config, --no-lock): an import map
// made here resolves Shelf's runtime packages to the ES modules npm installed for this package,
// wherever npm put them (hoisted, or nested under a site's other versions).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { existsSync } from "node:fs";
import { constants } from "node:os";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The Deno binary: the pinned `@deno/<platform>` package npm installed for this machine (an
 * optional dependency; npm skips the other platforms'), else `deno` on PATH.
 */
function denoPath() {
  const { platform, arch } = process;
  const name = `@deno/${platform}-${arch}${platform === "linux" ? "-glibc" : ""}`;
  const exe = platform === "win32" ? "deno.exe" : "deno";
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, exe))) return join(dir, name, exe);
  }
  return exe;
}

/**
 * The ES module entry of each runtime package (pinned in package.json), relative to its folder:
 * what Netlify's runtime and Deno load, never a CommonJS build.
 */
const ENTRIES = {
  hono: "dist/index.js",
  jose: "dist/webapi/index.js",
  "smol-toml": "dist/index.js",
  stemmer: "index.js",
  yaml: "browser/index.js",
  // Read by a private sharded build's edge function (see src/entries/netlify_edge.ts).
  "@netlify/blobs": "dist/main.js",
  "@netlify/runtime-utils": "dist/main.js",
  "@netlify/otel": "dist/main.js",
};

/** Where npm put package `name` for this one: the first `node_modules/<name>` up from `root`. */
function packageDir(name) {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, "package.json"))) return join(dir, name);
  }
  console.error(`shelf-mcp: the package ${name} is not installed (run npm install)`);
  process.exit(1);
}

/** Shelf's bare imports mapped to those files, as a `data:` import map for Deno. */
function importMap() {
  const imports = {};
  for (const [name, entry] of Object.entries(ENTRIES)) {
    imports[name] = pathToFileURL(join(packageDir(name), entry)).href;
  }
  const json = JSON.stringify({ imports });
  return `data:application/json;base64,${Buffer.from(json).toString("base64")}`;
}

const COMMANDS = {
  build: ["scripts/build.ts", ["--allow-read", "--allow-write", "--allow-env", "--allow-run=git"]],
  init: ["src/init/init_main.ts", ["--allow-read", "--allow-write", "--allow-env", "--allow-run"]],
};

const args = process.argv.slice(2);
let [script, permissions] = [
  "src/main.ts",
  ["--allow-net", "--allow-read", "--allow-env", "--allow-run=git"],
];
if (Object.hasOwn(COMMANDS, args[0] ?? "")) [script, permissions] = COMMANDS[args.shift()];
else if (
  !args.some((a) => /^--(transport|port|host|help)(=|$)|^-[tpHh]$/.test(a)) &&
  process.env.ACDC_MCP_TRANSPORT === undefined
) {
  // A client launching `npx -y shelf-mcp` talks to it over stdio.
  args.unshift("--transport", "stdio");
}
const child = spawn(denoPath(), [
  "run",
  "--quiet",
  "--no-config",
  "--no-lock",
  "--import-map",
  importMap(),
  ...permissions,
  join(root, script),
  ...args,
], { stdio: "inherit" });
child.on("error", (error) => {
  console.error(
    `shelf-mcp: cannot run Deno (${error.message}): npm installs it with this package for ` +
      "Linux (glibc), macOS and Windows on x64 and arm64; elsewhere put deno 2 on PATH",
  );
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  if (signal) {
    // Ended the same way: with the forwarding handler still in place the signal would only call
    // it, and the bin would exit 0 (a killed build read as a success).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    // A signal whose default is not to end a process: the shell's code for it.
    process.exit(128 + (constants.signals[signal] ?? 0));
  } else process.exit(code ?? 1);
});
